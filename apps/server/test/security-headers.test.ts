import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieOf, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// GUIDE security principles: every answer (pages, API calls, errors) carries the security headers with the CSP.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it.each([
    ['a page', 'GET', '/'],
    ['the partner start-up call', 'GET', '/api/parceiro/demo/info'],
    ['a portal call', 'POST', '/api.php?a=portal&b=getPlanosAtivos'],
    ['an error', 'POST', '/api.php?a=portal&b=naoExiste'],
    ['a staff call without a token', 'GET', '/api/parceiro'],
  ] as const)('on %s', async (_what, method, url) => {
    const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain('https://challenges.cloudflare.com');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Left off on purpose: hosted robot checks and analytics load cross-origin resources.
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

// Issue 14 item 7: answers carrying personal data are never stored by a browser or a proxy; the session cookie is
// Secure behind a TLS-terminating proxy and always in production.
describe('caching of personal data', () => {
  it('sends no-store on every API answer: identification, debts, errors, staff calls', async () => {
    const login = await call(t, 'negociacao_robo/passo_1', {
      ...MARIA,
      aceite: true,
      captcha: await solveRobotCheck(t),
    });
    expect(login.json()).toMatchObject({ retorno: true });
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { cookie: cookieOf(login) });
    expect(debts.body).toContain('dados');
    for (const res of [
      login,
      debts,
      await call(t, 'portal/naoExiste'),
      await t.app.inject({ method: 'GET', url: '/api/parceiro' }),
    ])
      expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the page shell (no personal data) revalidated rather than never stored', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('session cookie', () => {
  const cookieFlags = async (app: TestApp, headers: Record<string, string> = {}) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api.php?a=negociacao_robo&b=passo_1',
      payload: { ...MARIA, aceite: true, captcha: await solveRobotCheck(app) },
      headers: { host: 'localhost:3000', ...headers },
      remoteAddress: '10.1.1.2',
    });
    expect(res.json()).toMatchObject({ retorno: true });
    return String(res.headers['set-cookie']);
  };

  it('is not Secure on plain HTTP in development', async () => {
    expect(await cookieFlags(t)).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure behind a TLS-terminating proxy (TRUST_PROXY and X-Forwarded-Proto: https)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      expect(await cookieFlags(proxied, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
      expect(await cookieFlags(proxied)).not.toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('is always Secure in production', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'force',
        PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-producao',
      },
    });
    try {
      expect(await cookieFlags(production)).toMatch(/;\s*Secure/i);
    } finally {
      await production.close();
    }
  }, 120_000);
});
