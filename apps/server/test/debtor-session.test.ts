import type { DividasResposta } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { debtorSessions, debtViewEpoch, persons, preAgreements } from '../src/db/schema';
import { hashSecret, newSecretToken } from '../src/plugins/debtor-session';
import { findLiveSession } from '../src/repositories/session-repository';
import { confirmByBoleto, type DebtCard, quotePlans } from './debt-helpers';
import { call, cookieOf, loginWithSmsToken, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// The session lookup reads the session and its person in one query; the services of that request take the person
// from the session, and the next request reads it again.

let t: TestApp;
beforeAll(async () => {
  // Maria logs in once per test below: more than a document's login limit.
  t = await createTestApp({ env: { LIMIT_LOGIN_PER_DOCUMENT: '1000', LIMIT_LOGIN_PER_IP: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

const JOAO = { pesCpfCnpj: '390.533.447-05', dataNascimento: '01/02/1985', telefone: '(21) 99876-5432' };

async function login(person: Record<string, string>, host = 'demo.portal.localhost'): Promise<string> {
  const captcha = await solveRobotCheck(t);
  const res = await call(t, 'negociacao_robo/passo_1', { ...person, aceite: true, captcha }, { host });
  expect(res.json().retorno).toBe(true);
  return cookieOf(res);
}

const debts = (cookie: string, host = 'demo.portal.localhost') =>
  call(t, 'negociacao_robo/passo_2_novo', {}, { host, cookie });

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** The SQL texts `work` sends to the database. */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  // Both drivers' clients take the SQL text first (a string, or a config object with `text`).
  const { $client: client } = t.database.db as unknown as {
    $client: { query: (...args: unknown[]) => unknown };
  };
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text: string }).text)));
  } finally {
    spy.mockRestore();
  }
}

describe('session and person in one lookup', () => {
  let maria: string;
  let joao: string;
  beforeAll(async () => {
    maria = await login(MARIA);
    joao = await login(JOAO);
  });

  it('finds the live session of this partner with its person, and nothing for another partner', async () => {
    const [session] = await t.database.db
      .select()
      .from(debtorSessions)
      .where(eq(debtorSessions.tokenHash, hashSecret(tokenOf(maria))));
    const live = await findLiveSession(t.database.db, session!.tokenHash, session!.partnerId);
    // Only the columns the debtor calls read: every other one would be parsed and mapped on each call.
    const { tokenHash, status, lastSeenAt, debtsListedAt } = session!;
    expect(live?.session).toEqual({ tokenHash, status, lastSeenAt, debtsListedAt });
    expect(live?.person).toMatchObject({ id: session!.personId, name: 'Maria da Silva Santos' });
    expect(Object.keys(live!.person)).not.toContain('birthDate');
    expect(Object.keys(live!.person)).not.toContain('createdAt');
    expect(await findLiveSession(t.database.db, session!.tokenHash, session!.partnerId + 1)).toBe(undefined);
    // Idle longer than allowed (30 minutes): not live.
    const idle = (lastSeenAt: Date) =>
      t.database.db.update(debtorSessions).set({ lastSeenAt }).where(eq(debtorSessions.tokenHash, tokenHash));
    await idle(new Date(Date.now() - 31 * 60_000));
    try {
      expect(await findLiveSession(t.database.db, tokenHash, session!.partnerId)).toBe(undefined);
    } finally {
      await idle(lastSeenAt);
    }
    const elsewhere = await debts(maria, 'acme.portal.localhost');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().mensagem).toBe('Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.');
  });

  it('lists the debts in one statement: the session, its person, counter-offers and paid copies', async () => {
    // The first listing of a session reads the debt snapshot and marks the session; the next ones read only this.
    expect((await debts(maria)).json().retorno).toBe(true);
    const statements = await statementsOf(async () => expect((await debts(maria)).json().retorno).toBe(true));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('from "debtor_sessions"');
  });

  it('answers each concurrent request with its own session person', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => debts(i % 2 === 0 ? maria : joao).then((r) => r.json())),
    );
    expect(answers.map((a) => a.dados.pessoa.pes_nome)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'Maria da Silva Santos' : 'João Pereira Lima')),
    );
  });

  it('reads the person again on the next request that answers it', async () => {
    const [row] = await t.database.db.select().from(persons).where(eq(persons.name, 'João Pereira Lima'));
    expect((await debts(joao)).json().dados.pessoa.pes_nome).toBe('João Pereira Lima');
    await t.database.db.update(persons).set({ name: 'João P. Lima' }).where(eq(persons.id, row!.id));
    try {
      expect((await debts(joao)).json().dados.pessoa.pes_nome).toBe('João P. Lima');
      expect(
        (await call(t, 'portal/sessao', {}, { host: 'demo.portal.localhost', cookie: joao })).json(),
      ).toMatchObject({ retorno: true, dados: { pesNome: 'João P. Lima' } });
    } finally {
      await t.database.db.update(persons).set({ name: row!.name }).where(eq(persons.id, row!.id));
    }
  });

  it('ends with a revoked session', async () => {
    const cookie = await login(MARIA);
    expect((await debts(cookie)).json().retorno).toBe(true);
    await t.database.db
      .update(debtorSessions)
      .set({ revokedAt: new Date() })
      .where(eq(debtorSessions.tokenHash, hashSecret(tokenOf(cookie))));
    const after = await debts(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().retorno).toBe(false);
  });
});

describe('plans from the session an earlier request read (decision 083)', () => {
  const store = (name: string) => (d: DebtCard) => d.loja.loj_fantasia === name;
  // A plan search on a card of the listing (Banco Horizonte's unless said), which reads and remembers the session.
  const bancoHorizonte = (cards: DebtCard[]) => cards.find(store('Banco Horizonte'))!;
  async function quote(cookie: string, pick = bancoHorizonte) {
    const card = pick(((await debts(cookie)).json().dados as DividasResposta).dividas);
    return (body: Record<string, unknown> = {}) => quotePlans(t, card, { cookie, partner: 'demo' }, body);
  }
  const searchesOf = async (cookie: string) =>
    t.database.db
      .select({
        debtsVersion: preAgreements.debtsVersion,
        debtEpoch: preAgreements.debtEpoch,
        cardBrand: preAgreements.cardBrand,
        cardForm: preAgreements.cardForm,
      })
      .from(preAgreements)
      .where(eq(preAgreements.sessionHash, hashSecret(tokenOf(cookie))));
  const ofSession = (cookie: string) => eq(debtorSessions.tokenHash, hashSecret(tokenOf(cookie)));

  it('stores the plans in one statement, which checks the session the listing read', async () => {
    const cookie = await login(MARIA);
    const plans = await quote(cookie);
    let answer: { retorno: boolean; dados: { pre_acordo: unknown[] } } | undefined;
    const statements = await statementsOf(async () => {
      answer = (await plans()).json();
    });
    expect(answer).toMatchObject({ retorno: true });
    expect(answer!.dados.pre_acordo.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^insert into "pre_agreements" .* from "debtor_sessions"/s);
    expect(await searchesOf(cookie)).toHaveLength(1);
  });

  // Each as another server process, the retention job or the clock would leave the session after the listing.
  it.each([
    ['revoked', { revokedAt: new Date() }],
    ['pending again', { status: 'pending' as const }],
    ['idle for 31 minutes', { lastSeenAt: new Date(Date.now() - 31 * 60_000) }],
    ['expired', { expiresAt: new Date(Date.now() - 1_000) }],
  ])('stores nothing and answers 401 for a session %s since it was read', async (_, change) => {
    const cookie = await login(MARIA);
    const plans = await quote(cookie);
    await t.database.db.update(debtorSessions).set(change).where(ofSession(cookie));
    const res = await plans();
    expect(res.statusCode).toBe(401);
    expect(res.json().mensagem).toBe('Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.');
    expect(await searchesOf(cookie)).toEqual([]);
  });

  it("answers 401 on another partner's host, whose process read the session on its own", async () => {
    const cookie = await login(MARIA);
    const plans = await quote(cookie);
    const card = (await plans()).json();
    expect(card.retorno).toBe(true);
    const banco = bancoHorizonte(((await debts(cookie)).json().dados as DividasResposta).dividas);
    const res = await quotePlans(t, banco, { cookie, partner: 'acme' });
    expect(res.statusCode).toBe(401);
    expect(await searchesOf(cookie)).toHaveLength(1);
  });

  it('answers 401, not an empty list, when a search without plans comes from a session revoked since', async () => {
    const cookie = await loginWithSmsToken(
      t,
      { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento },
      'senff',
    );
    const listing: DividasResposta = (await debts(cookie, 'senff.portal.localhost')).json().dados;
    const card = listing.dividas.find((d) => d.tipo_necociacao === 'S')!;
    const session = { cookie, partner: 'senff' };
    // A card in one payment (avista) takes no plan in instalments: nothing to store, so nothing checks the session.
    const byCard = { metodoPagamento: 'cartao', bandeiraCartao: 'VISA', formaCartao: 'avista' };
    expect(
      (await quotePlans(t, card, session, { ...byCard, pagamentoAvistaPrazo: 'P' })).json(),
    ).toMatchObject({
      retorno: true,
      dados: { pre_acordo: [] },
    });
    // Paid in full it has one, stored with the brand and form in their own columns.
    expect((await quotePlans(t, card, session, byCard)).json().dados.pre_acordo).toHaveLength(1);
    expect(await searchesOf(cookie)).toMatchObject([{ cardBrand: 'VISA', cardForm: 'avista' }]);
    await t.database.db.update(debtorSessions).set({ revokedAt: new Date() }).where(ofSession(cookie));
    expect((await quotePlans(t, card, session, { ...byCard, pagamentoAvistaPrazo: 'P' })).statusCode).toBe(
      401,
    );
  });

  it('reads the session again once a minute has passed since it was last seen', async () => {
    const cookie = await login(MARIA);
    const plans = await quote(cookie);
    // Once first, so that only the session's age differs below.
    expect((await plans()).json()).toMatchObject({ retorno: true });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      const statements = await statementsOf(async () => {
        expect((await plans()).json()).toMatchObject({ retorno: true });
      });
      // The session's read, its touch (the idle time counts from now), the plans' insert; a minute on, the partner's
      // cached rows are read again too.
      const ofSessionOrPlans = statements.filter((text) => /"(debtor_sessions|pre_agreements)"/.test(text));
      expect(ofSessionOrPlans).toHaveLength(3);
      expect(ofSessionOrPlans[0]).toMatch(/^select .* from "debtor_sessions"/s);
      expect(ofSessionOrPlans[1]).toMatch(/^update "debtor_sessions" set "last_seen_at"/);
      expect(ofSessionOrPlans[2]).toMatch(/^insert into "pre_agreements"/);
    } finally {
      clock.mockRestore();
    }
  });

  // Each on a card of its own, not Banco Horizonte's, which the searches above use: it ends in an agreement.
  it.each([
    [
      "the person's debts version",
      0,
      () =>
        t.database.db
          .update(persons)
          .set({ debtsVersion: sql`${persons.debtsVersion} + 1` })
          .where(eq(persons.cpfCnpj, '52998224725')),
    ],
    [
      'the debt epoch (an import)',
      1,
      () => t.database.db.update(debtViewEpoch).set({ epoch: sql`${debtViewEpoch.epoch} + 1` }),
    ],
  ])(
    'prices afresh when %s changed since the session was read, and the agreement takes the plan',
    async (_, nth, change) => {
      const cookie = await login(MARIA);
      const plans = await quote(
        cookie,
        (cards) => cards.filter((d) => d.tipo_necociacao === 'S' && d !== bancoHorizonte(cards))[nth]!,
      );
      await change();
      const [now] = await t.database.db
        .select({ debtsVersion: persons.debtsVersion, debtEpoch: debtViewEpoch.epoch })
        .from(persons)
        .innerJoin(debtViewEpoch, eq(debtViewEpoch.id, 1))
        .where(eq(persons.cpfCnpj, '52998224725'));
      const answer = (await plans()).json();
      expect(answer).toMatchObject({ retorno: true });
      expect(await searchesOf(cookie)).toMatchObject([now!]);
      const agreement = await confirmByBoleto(t, answer.dados.pre_acordo[0], { cookie, partner: 'demo' });
      expect(agreement.json()).toMatchObject({ retorno: true });
    },
  );
});

describe('new secret tokens', () => {
  it('are 256 random bits each, never handed out twice across refills of the pool, with their SHA-256', () => {
    const tokens = Array.from({ length: 1000 }, newSecretToken);
    for (const { token, tokenHash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokenHash).toBe(hashSecret(token));
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(tokens.length);
    // Not a refilled pool of zeros: about half the bits set.
    const bits = tokens
      .flatMap(({ token }) => [...Buffer.from(token, 'base64url')])
      .reduce((sum, byte) => sum + byte.toString(2).replaceAll('0', '').length, 0);
    expect(bits / (tokens.length * 256)).toBeGreaterThan(0.45);
    expect(bits / (tokens.length * 256)).toBeLessThan(0.55);
  });
});
