import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// TRUST_PROXY (README "Production"): true or false as before, or the proxies' addresses and CIDR blocks, whose
// X-Forwarded-For and X-Forwarded-Proto alone are believed. behind-proxy.test.ts runs the whole deployment.

describe('TRUST_PROXY setting', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,::1 ', ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1']],
  ])('%j is %j', (value, expected) => {
    expect(loadEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    ['yes', 'yes'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['10.0.0.1, proxy.internal', 'proxy.internal'],
    ['::1/129', '::1/129'],
    ['10.0.0.0/8/1', '10.0.0.0/8/1'],
  ])('refuses %j at start-up, naming %j', (value, wrong) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY: true, false or a comma-separated list`,
    );
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(`not: ${wrong}`);
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  const PROXY = '10.1.4.20';
  const OTHER = '10.2.4.20';
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '10.1.0.0/16, 192.0.2.7', LOG_LEVEL: 'info', CAPTCHA_MAX_NUMBER: '1000' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The client address the server took for a request from `remoteAddress` (its request log line). */
  async function clientAddress(remoteAddress: string, forwardedFor: string): Promise<string> {
    const url = `/healthz?from=${remoteAddress}`;
    await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
    const logged = lines
      .map((line) => JSON.parse(line) as { req?: { url: string; remoteAddress: string } })
      .find((line) => line.req?.url === url);
    return logged!.req!.remoteAddress;
  }

  /** The session cookie the identification sets for a request from `remoteAddress` that says it came over HTTPS. */
  async function sessionCookie(remoteAddress: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=negociacao_robo&b=passo_1',
      payload: { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) },
      headers: { host: 'localhost:3000', 'x-forwarded-proto': 'https' },
      remoteAddress,
    });
    expect(res.json()).toMatchObject({ retorno: true });
    return String(res.headers['set-cookie']);
  }

  it('takes the client address from X-Forwarded-For only when a listed proxy sends it', async () => {
    expect(await clientAddress(PROXY, '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('192.0.2.7', '203.0.113.10')).toBe('203.0.113.10');
    expect(await clientAddress(OTHER, '203.0.113.11')).toBe(OTHER);
  });

  it('takes HTTPS from X-Forwarded-Proto (the Secure cookie) only when a listed proxy sends it', async () => {
    expect(await sessionCookie(PROXY)).toMatch(/;\s*Secure/i);
    expect(await sessionCookie(OTHER)).not.toMatch(/;\s*Secure/i);
  });
});
