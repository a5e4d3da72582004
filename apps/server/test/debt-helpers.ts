import { type DividasResposta, formatBrDate, type PlanosResposta, todayInBrasilia } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import { debtorScope } from '../src/contract/debtor-scope';
import { fail, ok } from '../src/contract/envelope';
import { SESSION_COOKIE } from '../src/plugins/debtor-session';
import type { DebtScope } from '../src/repositories/debt-snapshot';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { findPersonByDocument } from '../src/repositories/person-repository';
import { listDebts } from '../src/services/debts/list-debts';
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

export type Plan = PlanosResposta['pre_acordo'][number];

/** The first plan of a card (pay in full by boleto from today) in a session. */
export async function firstCashPlan(
  t: TestApp,
  card: DebtCard,
  session: { cookie: string; partner: string },
) {
  return ((await quotePlans(t, card, session)).json().dados as PlanosResposta).pre_acordo[0]!;
}

/** passo_4_novo on a plan quoted by plansBody's defaults (boleto), in a session. */
export function confirmByBoleto(t: TestApp, plan: Plan, session: { cookie: string; partner: string }) {
  return call(
    t,
    'negociacao_robo/passo_4_novo',
    {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'boleto',
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
    },
    { host: hostOf(session.partner), cookie: session.cookie },
  );
}

/**
 * passo_2_novo as the server sends it (its schema serialiser, debt-listing-schema.ts) and JSON.stringify of the same
 * listing built afresh by the use case: the two must be the same bytes. Sent twice: a repeated listing is written
 * from the bytes kept for its cards, and must not differ from the first.
 */
export async function debtListingBothWays(
  t: TestApp,
  session: { cookie: string; partner: string },
  body: { lojCodigo?: number; lancamentoFuturo?: 'S' } = {},
): Promise<{ sent: string; stringified: string }> {
  const list = () =>
    call(t, 'negociacao_robo/passo_2_novo', body, { host: hostOf(session.partner), cookie: session.cookie });
  const response = await list();
  expect((await list()).body).toBe(response.body);
  const { db } = t.database;
  // The session and scope the route reads, from the same cookie.
  const partner = (await findPartnerByIdentifier(db, session.partner))!;
  const token = decodeURIComponent(session.cookie.slice(`${SESSION_COOKIE}=`.length));
  const request = { cookies: { [SESSION_COOKIE]: token }, headers: {} } as unknown as FastifyRequest;
  const { scope, session: live } = debtorScope(
    partner,
    await t.app.debtorSessions.requireListingDebts(request, partner),
  );
  // A version no session has read: the listing is built from freshly read rows, not from the cards the route kept, so a
  // kept card gone stale would show.
  const fresh = { ...scope, version: { person: -1, epoch: -1 } };
  const listing = await listDebts(db, fresh, live, {
    storeId: body.lojCodigo,
    includeFuture: body.lancamentoFuturo === 'S',
  });
  const envelope =
    body.lojCodigo !== undefined && listing.acordo_ativo ? fail('Acordo Ativo', listing) : ok(listing);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { sent: response.body, stringified: JSON.stringify(envelope) };
}

/** Maria's scope on the demo partner, as her session gives it (for calling a use case without the HTTP layer). */
export async function mariaScope(t: Pick<TestApp, 'database'>): Promise<DebtScope> {
  const partner = (await findPartnerByIdentifier(t.database.db, 'demo'))!;
  const person = (await findPersonByDocument(t.database.db, '52998224725'))!;
  return { partnerId: partner.id, personId: person.id, partner, person, version: { person: 0, epoch: 0 } };
}
