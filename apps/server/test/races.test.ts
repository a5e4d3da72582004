import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, personRegistrations, persons, smsTokens } from '../src/db/schema';
import { call, cookieOf, hostOf, lastMessage, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 20 item 3: requests that race for one thing make it once, and none of them is lost or answered with a 500.
// On PostgreSQL (npm run test:pg) the requests below run on several pooled connections at once; on PGlite they
// interleave statement by statement on its one connection, which is enough to show a check-then-write race too.
//
// The other race proofs live with the feature they protect (each runs on both databases):
// - duplicate agreement confirmations: one-agreement.test.ts (20 plans of one debt at once: one agreement; plans
//   confirmed through two partners that serve the store at once: one agreement, each refusal saying where it is),
//   my-agreements.test.ts (20 identical confirmations with one Idempotency-Key: one agreement, one answer);
// - the same PIX webhook delivered in parallel: pix-webhook.test.ts (one payment of five deliveries);
// - the last two payments of an agreement at once: agreement-lifecycle.test.ts (settled once, one letter);
// - the overdue/settle/broken jobs on two processes at once: agreement-lifecycle.test.ts (a second connection pool
//   on the same database, as a second server process has: each date runs once, one event each);
// - the CNAB remessa generated twice at once, two retorno files paying the same persons imported at once (both
//   imported), and two files telling the same short liquidation at once (its money kept once): cnab.test.ts;
// - concurrent requests of different sessions: debtor-session.test.ts (each answered with its own person).

/** The requests below come from one address the per-route limits skip: they are the load, not an attack. */
const RACE_CLIENT = '10.20.3.1';
const AT_ONCE = 12;
const MAX_TOKEN_ATTEMPTS = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: RACE_CLIENT,
      CAPTCHA_MAX_NUMBER: '1000',
      LIMIT_FIRST_ACCESS_PER_IP: '1000',
      LIMIT_LOGIN_PER_DOCUMENT: '1000',
      TOKEN_MAX_ATTEMPTS: String(MAX_TOKEN_ATTEMPTS),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const REGISTERED = 'Cadastro realizado com sucesso. Agora você já pode consultar as suas dívidas.';
const ALREADY_REGISTERED = 'CPF/CNPJ já cadastrado. Faça o login com os seus dados.';

/** `AT_ONCE` first accesses of one document on one partner, each with a robot check of its own, sent together. */
async function firstAccessesAtOnce(cpfCnpj: string, partner: string) {
  const captchas = await Promise.all(Array.from({ length: AT_ONCE }, () => solveRobotCheck(t)));
  const answers = await Promise.all(
    captchas.map((captcha) =>
      call(
        t,
        'portal/atualizarCadastro',
        {
          cpfCnpj,
          dataNascimento: '10/10/1980',
          telefone: '(31) 91234-5678',
          email: 'corrida@example.com',
          sexo: 'F',
          nome: 'Clara Corrida',
          captcha,
        },
        { host: hostOf(partner), ip: RACE_CLIENT },
      ),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(200));
  const messages = answers.map((a) => a.json().mensagem as string);
  // One registers; every other is told what it would be told a moment later.
  expect(messages.filter((m) => m === REGISTERED)).toHaveLength(1);
  expect(messages.filter((m) => m === ALREADY_REGISTERED)).toHaveLength(AT_ONCE - 1);
}

const registrationsOf = async (cpfCnpj: string, partner: string) => {
  const [{ id: partnerId }] = (await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.identifier, partner))) as [{ id: number }];
  return t.database.db
    .select({ personId: personRegistrations.personId })
    .from(personRegistrations)
    .innerJoin(persons, eq(persons.id, personRegistrations.personId))
    .where(and(eq(persons.cpfCnpj, cpfCnpj), eq(personRegistrations.partnerId, partnerId)));
};

describe('first accesses of one CPF at once', () => {
  it('register one new person once: one success, the others "já cadastrado", no 500', async () => {
    await firstAccessesAtOnce('111.444.777-35', 'demo');
    expect(await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '11144477735'))).toHaveLength(
      1,
    );
    expect(await registrationsOf('11144477735', 'demo')).toHaveLength(1);
  });

  it('register a person another partner knows once on this partner', async () => {
    // João's debts are all with demo: servicos does not know him.
    await firstAccessesAtOnce('390.533.447-05', 'servicos');
    expect(await registrationsOf('39053344705', 'servicos')).toHaveLength(1);
  });
});

describe('SMS token checks at once', () => {
  // senff asks for the birth date only and skips the robot check, then asks for an SMS token.
  const SENFF = 'senff.portal.localhost';
  async function pendingSessionWithToken(): Promise<{ cookie: string; token: string }> {
    const res = await call(
      t,
      'negociacao_robo/passo_1',
      { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento, aceite: true },
      { host: SENFF, ip: RACE_CLIENT },
    );
    expect(res.json().dados.proximaEtapa).toBe('VerifyToken');
    const cookie = cookieOf(res);
    const sent = await call(t, 'negociacao_robo/enviar_token', {}, { host: SENFF, cookie, ip: RACE_CLIENT });
    expect(sent.json().retorno).toBe(true);
    const sms = await lastMessage(t, 'sms');
    return { cookie, token: /(\d{6})/.exec(sms!.bodyText)![1]! };
  }
  const lastToken = () => t.database.db.select().from(smsTokens).orderBy(desc(smsTokens.id)).limit(1);
  const checkAll = (cookie: string, tokens: string[]) =>
    Promise.all(
      tokens.map((token) =>
        call(
          t,
          'negociacao_robo/validar_token',
          { token_cliente: token },
          { host: SENFF, cookie, ip: RACE_CLIENT },
        ),
      ),
    );

  it('the right token sent many times at once opens the session once', async () => {
    const { cookie, token } = await pendingSessionWithToken();
    const answers = await checkAll(cookie, Array(AT_ONCE).fill(token));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    expect(answers.filter((a) => a.json().retorno === true)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.json().retorno !== true))
      expect(refused.json().mensagem).toMatch(/^Token informado inválido/);
    const [row] = await lastToken();
    expect(row).toMatchObject({ failedAttempts: 0, consumedAt: expect.any(Date) });
    expect((await call(t, 'portal/sessao', {}, { host: SENFF, cookie, ip: RACE_CLIENT })).statusCode).toBe(
      200,
    );
  });

  it('wrong guesses sent at once are weighed no more than TOKEN_MAX_ATTEMPTS times, then the token is dead', async () => {
    const { cookie, token } = await pendingSessionWithToken();
    const wrong = Array.from({ length: 4 * MAX_TOKEN_ATTEMPTS }, (_, i) =>
      String((Number(token) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await checkAll(cookie, wrong);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(wrong.length).fill(200));
    expect(answers.every((a) => a.json().retorno === false)).toBe(true);
    const [row] = await lastToken();
    // Each guess that was weighed counted: more would mean a guess slipped past the limit.
    expect(row!.failedAttempts).toBe(MAX_TOKEN_ATTEMPTS);
    expect((await checkAll(cookie, [token]))[0]!.json().retorno).toBe(false);
  });
});
