import { BACKGROUND_READ_HEADER } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtorSessions, persons, smsTokens } from '../src/db/schema';
import { call, cookieOf, lastMessage, MARIA, solveRobotCheck } from './identification-helpers';
import { withLoginFlags } from './partner-login-flags';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let ip = 0;
// A fresh client address per call keeps the per-address limits out of tests that are not about them.
const nextIp = () => `10.2.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_MAX_NUMBER: '2000', LIMIT_LOGIN_PER_DOCUMENT: '50' } });
});
afterAll(() => t.close());

async function login(body: Record<string, unknown>, host = 'localhost:3000') {
  return call(
    t,
    'negociacao_robo/passo_1',
    { aceite: true, captcha: await solveRobotCheck(t), ...body },
    { host, ip: nextIp() },
  );
}

describe('passo_1: first-step consultation (spec 000 §4, §5, §8)', () => {
  it('identifies the demo debtor, opens a session and goes to the main menu', async () => {
    const res = await login(MARIA);
    expect(res.json()).toMatchObject({
      retorno: true,
      dados: { proximaEtapa: 'AccordionTabs', pesNome: 'Maria da Silva Santos' },
    });
    expect(res.json().dados.quantidadeDividas).toBeGreaterThanOrEqual(3);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_sessao=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await call(t, 'portal/sessao', {}, { cookie: cookieOf(res) });
    expect(session.json().dados.pesNome).toBe('Maria da Silva Santos');
    // Only the hash of the cookie is stored.
    const token = cookieOf(res).split('=')[1]!;
    const rows = await t.database.db.select().from(debtorSessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it.each([
    [{ dataNascimento: '16/05/1990' }, 'Erro ao consultar o usuário! 1'],
    [{ telefone: '(11) 98765-0000' }, 'Erro ao consultar o usuário! 2'],
    [{ pesCpfCnpj: '111.444.777-35' }, 'CPF/CNPJ não encontrado!'],
  ])('answers %o with the spec message, no personal data and no session', async (override, message) => {
    const sessionsBefore = (await t.database.db.select().from(debtorSessions)).length;
    const res = await login({ ...MARIA, ...override });
    expect(res.json()).toEqual({ retorno: false, dados: null, mensagem: message });
    expect(res.headers['set-cookie']).toBeUndefined();
    // The session is stored in the statement that checks the person, only when the checks pass.
    expect(await t.database.db.select().from(debtorSessions)).toHaveLength(sessionsBefore);
  });

  it.each([
    [{ pesCpfCnpj: '111.111.111-11' }, 'pesCpfCnpj', 'Digite um CPF ou CNPJ válido!'],
    [{ dataNascimento: '' }, 'dataNascimento', 'Insira uma data de nascimento válida.'],
    [{ dataNascimento: '30/02/1990' }, 'dataNascimento', 'Insira uma data de nascimento válida.'],
    [{ dataNascimento: '01/01/2015' }, 'dataNascimento', 'Insira uma data de nascimento válida.'],
    [{ telefone: '(11) 9876' }, 'telefone', 'Insira um telefone válido.'],
    [{ captcha: '' }, 'captcha', 'Conclua a verificação de segurança'],
    [{ captcha: 'bm90LWEtcGF5bG9hZA==' }, 'captcha', 'Conclua a verificação de segurança'],
  ])('rejects %o with 400 and the field message', async (override, field, message) => {
    const res = await login({ ...MARIA, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
  });

  it('asks no agreement where the partner turned it off (flgNaoUtilizaLGPD), and asks it elsewhere', async () => {
    const ACME = 'acme.portal.localhost:3000';
    expect((await login({ ...MARIA, aceite: false }, ACME)).json()).toMatchObject({
      retorno: false,
      dados: { aceite: 'Marque a caixa de autorização para continuar.' },
    });
    await withLoginFlags(t.database.db, 'acme', { flgNaoUtilizaLGPD: true }, async () => {
      expect((await login({ ...MARIA, aceite: false }, ACME)).json()).toMatchObject({
        retorno: true,
        dados: { proximaEtapa: 'AccordionTabs', pesNome: 'Maria da Silva Santos' },
      });
    });
  });

  it('refuses a replayed robot-check answer', async () => {
    const captcha = await solveRobotCheck(t);
    const first = await call(
      t,
      'negociacao_robo/passo_1',
      { ...MARIA, aceite: true, captcha },
      { ip: nextIp() },
    );
    expect(first.json().retorno).toBe(true);
    const replay = await call(
      t,
      'negociacao_robo/passo_1',
      { ...MARIA, aceite: true, captcha },
      { ip: nextIp() },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().dados).toEqual({ captcha: 'Conclua a verificação de segurança' });
  });

  it('identifies the alphanumeric-CNPJ company without a birth date', async () => {
    const res = await login({ pesCpfCnpj: '12.ABC.345/01DE-35', telefone: '(11) 3333-4444' });
    expect(res.json()).toMatchObject({
      retorno: true,
      dados: { pesNome: 'Comércio Exemplo Ltda.', quantidadeDividas: 1 },
    });
  });

  it('goes to MyDebits in city-hall mode (flag stored under confirmBirthday)', async () => {
    const res = await login(MARIA, 'prefeitura.portal.localhost');
    expect(res.json().dados.proximaEtapa).toBe('MyDebits');
  });

  it('accepts a form-encoded body and answers 400 in the envelope for a malformed one', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=negociacao_robo&b=passo_1',
      headers: { 'content-type': 'application/json' },
      payload: '{"pesCpfCnpj": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().retorno).toBe(false);
  });
});

describe('sessions', () => {
  it('refuses a session of partner A on partner B, an idle one and an expired one', async () => {
    const res = await login(MARIA);
    const cookie = cookieOf(res);
    expect((await call(t, 'portal/sessao', {}, { cookie, host: 'acme.portal.localhost' })).statusCode).toBe(
      401,
    );
    const [row] = await t.database.db.select().from(debtorSessions).orderBy(debtorSessions.createdAt);
    const hash = (await t.database.db.select().from(debtorSessions)).at(-1)!.tokenHash;
    expect(row).toBeDefined();
    await t.database.db
      .update(debtorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(debtorSessions.tokenHash, hash));
    expect((await call(t, 'portal/sessao', {}, { cookie })).statusCode).toBe(401);
    await t.database.db
      .update(debtorSessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(debtorSessions.tokenHash, hash));
    expect((await call(t, 'portal/sessao', {}, { cookie })).statusCode).toBe(401);
  });

  it('does not count a read the page made on its own as activity (a Meus Acordos poll)', async () => {
    const cookie = cookieOf(await login(MARIA));
    const hash = (await t.database.db.select().from(debtorSessions).orderBy(debtorSessions.createdAt)).at(
      -1,
    )!.tokenHash;
    const lastSeen = async () =>
      (await t.database.db.select().from(debtorSessions).where(eq(debtorSessions.tokenHash, hash)))[0]!
        .lastSeenAt;
    const quiet = new Date(Date.now() - 20 * 60_000);
    await t.database.db
      .update(debtorSessions)
      .set({ lastSeenAt: quiet })
      .where(eq(debtorSessions.tokenHash, hash));
    const polled = await call(
      t,
      'negociacao_robo/passo_5',
      {},
      { cookie, headers: { [BACKGROUND_READ_HEADER]: '1' } },
    );
    expect(polled.json().retorno).toBe(true);
    expect((await lastSeen()).getTime()).toBe(quiet.getTime());
    expect((await call(t, 'negociacao_robo/passo_5', {}, { cookie })).json().retorno).toBe(true);
    expect((await lastSeen()).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends on logout', async () => {
    const cookie = cookieOf(await login(MARIA));
    expect((await call(t, 'portal/sessao', {}, { cookie })).statusCode).toBe(200);
    await call(t, 'portal/sair', {}, { cookie });
    expect((await call(t, 'portal/sessao', {}, { cookie })).json()).toMatchObject({ retorno: false });
  });
});

describe('SMS token (spec 000 §4 token screen)', () => {
  const SENFF = 'senff.portal.localhost';
  // senff validates the birth date and skips the robot check (capability skipRobotCheck).
  const pendingLogin = async () => {
    const res = await call(
      t,
      'negociacao_robo/passo_1',
      { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento, aceite: true },
      { host: SENFF, ip: nextIp() },
    );
    expect(res.json()).toEqual({
      retorno: true,
      dados: { proximaEtapa: 'VerifyToken', telefoneMascarado: '(11) *****-4321' },
      mensagem: '',
    });
    return cookieOf(res);
  };
  const sendToken = async (cookie: string) => {
    const res = await call(t, 'negociacao_robo/enviar_token', {}, { host: SENFF, cookie });
    const sms = await lastMessage(t, 'sms');
    return { res, token: /(\d{6})/.exec(sms!.bodyText)![1]! };
  };
  const check = (cookie: string, token: string) =>
    call(t, 'negociacao_robo/validar_token', { token_cliente: token }, { host: SENFF, cookie });

  it('keeps the session pending until the token sent to the phone on file is checked', async () => {
    const cookie = await pendingLogin();
    expect((await call(t, 'portal/sessao', {}, { host: SENFF, cookie })).statusCode).toBe(401);
    const { res, token } = await sendToken(cookie);
    expect(res.json()).toMatchObject({ retorno: true, dados: { reenviarEmSegundos: 30 } });
    expect((await lastMessage(t, 'sms'))!.recipient).toBe('11987654321');
    const tokens = await t.database.db.select().from(smsTokens);
    expect(tokens.some((row) => row.tokenHash.includes(token))).toBe(false);
    const ok = await check(cookie, token);
    expect(ok.json()).toMatchObject({
      retorno: true,
      dados: { proximaEtapa: 'AccordionTabs', pesNome: 'Maria da Silva Santos' },
    });
    expect((await call(t, 'portal/sessao', {}, { host: SENFF, cookie })).statusCode).toBe(200);
    // Single use.
    expect((await check(cookie, token)).json().mensagem).toMatch(/^Token informado inválido/);
  });

  it('kills the token after 5 wrong tries and refuses an expired one', async () => {
    const cookie = await pendingLogin();
    const { token } = await sendToken(cookie);
    const wrong = token === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await check(cookie, wrong)).json().retorno).toBe(false);
    expect((await check(cookie, token)).json().retorno).toBe(false);

    const other = await pendingLogin();
    const fresh = await sendToken(other);
    await t.database.db.update(smsTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await check(other, fresh.token)).json().mensagem).toMatch(/^Token informado inválido/);
  });

  it('says where to turn when there is no phone on file: the phone change only where the partner offers it', async () => {
    const { db } = t.database;
    const [maria] = await db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
    const cookie = await pendingLogin();
    const send = async () =>
      (await call(t, 'negociacao_robo/enviar_token', {}, { host: SENFF, cookie })).json();
    await db.update(persons).set({ phone: null }).where(eq(persons.id, maria!.id));
    try {
      // senff offers no 'Esqueceu o seu telefone?': the answer used to point to it all the same.
      expect(await send()).toMatchObject({
        retorno: false,
        mensagem: 'Não encontramos um telefone no seu cadastro. Fale com a empresa para atualizá-lo.',
      });
      await withLoginFlags(db, 'senff', { flgEsqueceuTelefone: true }, async () => {
        expect(await send()).toMatchObject({
          retorno: false,
          mensagem: 'Não encontramos um telefone no seu cadastro. Use a opção "Esqueceu o seu telefone?".',
        });
      });
    } finally {
      await db.update(persons).set({ phone: maria!.phone }).where(eq(persons.id, maria!.id));
    }
  });

  it('answers 400 for a token that is not 6 digits', async () => {
    const cookie = await pendingLogin();
    const res = await check(cookie, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().dados).toEqual({ token_cliente: 'Por favor digitar um número de token de 6 dígitos' });
  });
});
