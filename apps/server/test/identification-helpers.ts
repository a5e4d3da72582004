import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, count, desc, eq } from 'drizzle-orm';
import { outboundMessages, stepLogs } from '../src/db/schema';
import type { TestApp } from './test-app';

/** Solves the server's ALTCHA challenge the way the browser widget does and returns the payload it submits. */
export async function solveRobotCheck(t: TestApp): Promise<string> {
  const challenge = (await t.app.inject({ method: 'GET', url: '/api/captcha/altcha' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : String(header ?? '');
  return String(first).split(';')[0]!;
}

export async function lastMessage(t: TestApp, channel: 'sms' | 'email') {
  const [row] = await t.database.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.channel, channel))
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  return row;
}

/** How many times step `stepCode` is logged for the person with CPF/CNPJ `digits`. */
export async function stepsLogged(t: TestApp, stepCode: number, digits: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(stepLogs)
    .where(and(eq(stepLogs.stepCode, stepCode), eq(stepLogs.cpfCnpj, digits)));
  return row!.n;
}

export const api = (action: string) => `/api.php?a=${action.replace('/', '&b=')}`;

export function call(
  t: TestApp,
  action: string,
  payload: Record<string, unknown> = {},
  options: { host?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: api(action),
    payload,
    headers: {
      host: options.host ?? 'localhost:3000',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? '10.1.1.1',
  });
}

export const MARIA = {
  pesCpfCnpj: '529.982.247-25',
  dataNascimento: '15/05/1990',
  telefone: '(11) 98765-4321',
};

export const JOAO = {
  pesCpfCnpj: '390.533.447-05',
  dataNascimento: '01/02/1985',
  telefone: '(21) 99876-5432',
};

export const hostOf = (partner: string) => `${partner}.portal.localhost`;

/** Opens a debtor session on a partner (passo_1 with the robot check) and returns its cookie. */
export async function login(t: TestApp, person: Record<string, string>, partner = 'demo'): Promise<string> {
  const captcha = await solveRobotCheck(t);
  const res = await call(
    t,
    'negociacao_robo/passo_1',
    { ...person, aceite: true, captcha },
    { host: hostOf(partner) },
  );
  if (res.json().retorno !== true) throw new Error(`login failed: ${res.body}`);
  return cookieOf(res);
}

/**
 * Opens a debtor session on a partner that logs in with the birth date and an SMS token (capability smsTokenLogin,
 * senff): passo_1, enviar_token, then validar_token with the token the SMS carried. Returns its cookie.
 */
export async function loginWithSmsToken(
  t: TestApp,
  person: { pesCpfCnpj: string; dataNascimento: string },
  partner: string,
): Promise<string> {
  const host = hostOf(partner);
  const start = await call(t, 'negociacao_robo/passo_1', { ...person, aceite: true }, { host });
  const cookie = cookieOf(start);
  await call(t, 'negociacao_robo/enviar_token', {}, { host, cookie });
  const token = /(\d{6})/.exec((await lastMessage(t, 'sms'))!.bodyText)![1]!;
  const res = await call(t, 'negociacao_robo/validar_token', { token_cliente: token }, { host, cookie });
  if (res.json().retorno !== true) throw new Error(`token login failed: ${res.body}`);
  return cookie;
}
