import { type DividasResposta, formatBrDate, todayInBrasilia } from '@portal/domain';
import { call, hostOf } from './identification-helpers';
import type { TestApp } from './test-app';

export type DebtCard = DividasResposta['dividas'][number];

/** passo_3_novo over a card's contracts: pay in full by boleto from today, unless `body` says otherwise. */
export function quotePlans(
  t: TestApp,
  card: DebtCard,
  session: { cookie: string; partner: string },
  body: Record<string, unknown> = {},
) {
  return call(
    t,
    'negociacao_robo/passo_3_novo',
    {
      lojCodigo: card.loj_codigo,
      preCodigo: card.pre_codigos.join(','),
      primeiroVencimento: formatBrDate(todayInBrasilia()),
      pagamentoAvistaPrazo: 'A',
      metodoPagamento: 'boleto',
      ...body,
    },
    { host: hostOf(session.partner), cookie: session.cookie },
  );
}
