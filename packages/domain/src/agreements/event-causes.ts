import { formatBrDate } from '../dates';

// The causes the server records on money and status events and on bank files (payment_events.causa,
// agreement_status_events.causa, second-copy payments, cnab_files.criado_por) are codes for the machine: this is
// how staff read them. Each format is parsed where the decision that defines it says; a code of another shape (an
// older release, a new writer) is shown as stored, so nothing is hidden.

const CARD_STATE_LABELS: Record<string, string> = {
  REJECTED: 'Cartão recusado',
  VOIDED: 'Cartão: cobrança cancelada',
};

/** A date of a job's cause in the Brazilian form; the code's own text when it is not an ISO date. */
const day = (iso: string) => formatBrDate(iso) || iso;

type CauseRule = [pattern: RegExp, label: (...parts: string[]) => string];

const RULES: CauseRule[] = [
  // Decision 029: a staff member's status change, by user id; decision 021: a bank file made by hand, by user name.
  [/^staff:(\d+)$/, (id) => `Equipe (usuário nº ${id})`],
  [/^staff:(.+)$/, (username) => username],
  // Decision 022: the daily jobs, each with the day it ran for; decision 021: the daily remessa.
  [/^job:overdue:(.+)$/, (date) => `Rotina automática: vencimento em ${day(date)}`],
  [/^job:broken:(.+)$/, (date) => `Rotina automática: acordo quebrado por falta de pagamento (${day(date)})`],
  [/^job:settle:(.+)$/, (date) => `Rotina automática: quitação (${day(date)})`],
  [/^job:remessa$/, () => 'Rotina automática: remessa diária'],
  // Decision 042: a charge that could no longer be paid, replaced by the instalment's next issue.
  [/^expired:(.+)$/, (date) => `Substituído: não podia mais ser pago (${day(date)})`],
  // Decision 020: a PIX payment, by its endToEndId; decision 049: the charge a PIX paid short, or after its
  // agreement's cancellation, concluded.
  [/^pix:(.+)$/, (endToEndId) => `PIX recebido (${endToEndId})`],
  [/^pix-short:(.+)$/, (endToEndId) => `Encerrada por um PIX a menor (${endToEndId})`],
  [
    /^pix-cancelled:(.+)$/,
    (endToEndId) => `Encerrada por um PIX pago depois do cancelamento do acordo (${endToEndId})`,
  ],
  // Decision 021: a boleto paid in a retorno file, and one the bank refused there; decision 049: the document a
  // boleto liquidated short ended.
  [/^cnab:(\d+):(\d+)$/, (file, line) => `Arquivo de retorno ${file}, linha ${line}`],
  [
    /^cnab-short:(\d+):(\d+)$/,
    (file, line) => `Encerrada por um boleto pago a menor: arquivo de retorno ${file}, linha ${line}`,
  ],
  [
    /^retorno:(\d+):(\d+):(.+)$/,
    (file, line, movement) =>
      `Recusado pelo banco: arquivo de retorno ${file}, linha ${line} (movimento ${movement})`,
  ],
  // Decision 023: the card's payment, its refusal before any charge, its end, and who brought the outcome.
  [/^card:not-received$/, () => 'Cartão: a operadora não recebeu a cobrança'],
  [/^card:refused:(\d+)$/, (status) => `Cartão recusado pela operadora antes da cobrança (HTTP ${status})`],
  [
    /^card:(REJECTED|VOIDED):(.+)$/,
    (state, charge) => `${CARD_STATE_LABELS[state] ?? state} (cobrança ${charge})`,
  ],
  // Decision 047: a paid card's money given back by the gateway.
  [/^card:refunded:(.+)$/, (charge) => `Cartão: pagamento estornado (cobrança ${charge})`],
  [
    /^card:chargedback:(.+)$/,
    (charge) => `Cartão: compra contestada pelo titular (chargeback, cobrança ${charge})`,
  ],
  [/^card:(.+)$/, (charge) => `Cartão (cobrança ${charge})`],
  [/^gateway:charge$/, () => 'Resposta da operadora do cartão à cobrança'],
  [/^lookup:(.+)$/, (charge) => `Consulta à operadora do cartão (cobrança ${charge})`],
  [/^webhook:(.+)$/, (event) => `Aviso da operadora do cartão (evento ${event})`],
  // Decision 025: a second copy's PIX removed for a newer copy or for an agreement on its contract.
  [/^superseded:(\d+)$/, (copy) => `Substituída pela 2ª via nº ${copy}`],
  [/^agreement:(\d+)$/, (agreement) => `Substituída pelo acordo nº ${agreement}`],
  // Decisions 020 and 025: a PIX charge closed by the reconciliation.
  [/^reconcile:superseded$/, () => 'Conciliação: substituída por um acordo'],
  [/^reconcile:psp:(.+)$/, (status) => `Conciliação: situação no PSP ${status}`],
];

/**
 * How staff read an event's cause code (e.g. 'pix:E9999…' -> 'PIX recebido (E9999…)'); a settlement caused by a
 * payment ('payment:{cause}', decision 022) reads as that payment. An unknown code is returned as it is.
 */
export function eventCauseLabel(cause: string): string {
  const payment = /^payment:(.+)$/.exec(cause);
  if (payment) return `Pagamento: ${eventCauseLabel(payment[1]!)}`;
  for (const [pattern, label] of RULES) {
    const match = pattern.exec(cause);
    if (match) return label(...match.slice(1));
  }
  return cause;
}
