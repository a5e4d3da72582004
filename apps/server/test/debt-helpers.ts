import { type DividasResposta, formatBrDate, todayInBrasilia } from '@portal/domain';
import { call, hostOf } from './identification-helpers';
import type { TestApp } from './test-app';

export type DebtCard = DividasResposta['dividas'][number];

/** The passo_3_novo body over a card's contracts: pay in full by boleto from today, unless `overrides` say otherwise. */
export function plansBody(
  card: Pick<DebtCard, 'loj_codigo' | 'pre_codigos'>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    lojCodigo: card.loj_codigo,
    preCodigo: card.pre_codigos.join(','),
    primeiroVencimento: formatBrDate(todayInBrasilia()),
    pagamentoAvistaPrazo: 'A',
    metodoPagamento: 'boleto',
    ...overrides,
  };
}

/** passo_3_novo over a card's contracts (plansBody) in a session of a partner. */
export function quotePlans(
  t: TestApp,
  card: DebtCard,
  session: { cookie: string; partner: string },
  body: Record<string, unknown> = {},
) {
  return call(t, 'negociacao_robo/passo_3_novo', plansBody(card, body), {
    host: hostOf(session.partner),
    cookie: session.cookie,
  });
}
