import { describe, expect, it } from 'vitest';
import { eventCauseLabel } from './event-causes';

describe('eventCauseLabel', () => {
  it.each([
    ['staff:admin', 'admin'],
    ['staff:12', 'Equipe (usuário nº 12)'],
    ['job:overdue:2026-11-29', 'Rotina automática: vencimento em 29/11/2026'],
    ['job:broken:2026-12-05', 'Rotina automática: acordo quebrado por falta de pagamento (05/12/2026)'],
    ['job:settle:2026-12-01', 'Rotina automática: quitação (01/12/2026)'],
    ['job:remessa', 'Rotina automática: remessa diária'],
    ['expired:2026-11-30', 'Substituído: não podia mais ser pago (30/11/2026)'],
    ['pix:E99999999202611291200abcdef01234', 'PIX recebido (E99999999202611291200abcdef01234)'],
    ['pix-short:E123', 'Encerrada por um PIX a menor (E123)'],
    ['pix-cancelled:E123', 'Encerrada por um PIX pago depois do cancelamento do acordo (E123)'],
    ['cnab:3:12', 'Arquivo de retorno 3, linha 12'],
    ['cnab-short:3:12', 'Encerrada por um boleto pago a menor: arquivo de retorno 3, linha 12'],
    ['retorno:3:12:03', 'Recusado pelo banco: arquivo de retorno 3, linha 12 (movimento 03)'],
    ['card:12', 'Cartão (cobrança 12)'],
    ['card:ch_7Hk2', 'Cartão (cobrança ch_7Hk2)'],
    ['card:REJECTED:12', 'Cartão recusado (cobrança 12)'],
    ['card:VOIDED:12', 'Cartão: cobrança cancelada (cobrança 12)'],
    ['card:refunded:ch_7Hk2', 'Cartão: pagamento estornado (cobrança ch_7Hk2)'],
    ['card:chargedback:ch_7Hk2', 'Cartão: compra contestada pelo titular (chargeback, cobrança ch_7Hk2)'],
    ['card:not-received', 'Cartão: a operadora não recebeu a cobrança'],
    ['card:refused:502', 'Cartão recusado pela operadora antes da cobrança (HTTP 502)'],
    ['gateway:charge', 'Resposta da operadora do cartão à cobrança'],
    ['lookup:12', 'Consulta à operadora do cartão (cobrança 12)'],
    ['webhook:evt_1', 'Aviso da operadora do cartão (evento evt_1)'],
    ['superseded:44', 'Substituída pela 2ª via nº 44'],
    ['agreement:5', 'Substituída pelo acordo nº 5'],
    ['reconcile:superseded', 'Conciliação: substituída por um acordo'],
    ['reconcile:psp:REMOVIDA_PELO_PSP', 'Conciliação: situação no PSP REMOVIDA_PELO_PSP'],
    ['payment:pix:E123', 'Pagamento: PIX recebido (E123)'],
    ['payment:cnab:3:12', 'Pagamento: Arquivo de retorno 3, linha 12'],
    ['payment:card:12', 'Pagamento: Cartão (cobrança 12)'],
  ])('%s reads %s', (cause, label) => {
    expect(eventCauseLabel(cause)).toBe(label);
  });

  it.each(['demo', 'cnab:x', 'job:unknown', 'expired', ''])(
    'an unknown code %j is shown as stored',
    (cause) => {
      expect(eventCauseLabel(cause)).toBe(cause);
    },
  );

  it('keeps a job date that is not an ISO date as written', () => {
    expect(eventCauseLabel('job:overdue:ontem')).toBe('Rotina automática: vencimento em ontem');
  });
});
