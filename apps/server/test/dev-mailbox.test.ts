import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';

// The development mailbox shows other people's login codes and phone-change links (issue 14 item 1): only a person
// at this machine may read it, and production has no such route.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.inject({ method: 'POST', url: CONTACT_ACTION, payload: validContact() });
});
afterAll(() => t.close());

async function mailbox(
  options: { host?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: { host: options.host ?? 'localhost:3000', ...options.headers },
    });
  return [await get('/dev/mailbox'), await get('/dev/mailbox.json')] as const;
}

describe('development mailbox', () => {
  it.each(['localhost:3000', 'localhost', '127.0.0.1:3000', 'acme.portal.localhost:3000', '[::1]:3000'])(
    'answers a loopback client on host %s',
    async (host) => {
      const [page, json] = await mailbox({ host });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Caixa de saída');
      expect(json.json().data.length).toBeGreaterThan(0);
    },
  );

  it('answers an IPv6 loopback client', async () => {
    const [page] = await mailbox({ remoteAddress: '::1' });
    expect(page.statusCode).toBe(200);
  });

  it.each(['evil.example', 'evil.example:3000', 'localhost.evil.example', '192.168.0.10:3000'])(
    'is 404 for host %s (DNS rebinding)',
    async (host) => {
      for (const res of await mailbox({ host })) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('ana@example.com');
      }
    },
  );

  it.each(['10.0.0.5', '203.0.113.9', '::ffff:10.0.0.5'])(
    'is 404 for the non-loopback client %s',
    async (remoteAddress) => {
      for (const res of await mailbox({ remoteAddress })) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ retorno: false, mensagem: 'Recurso não encontrado.' });
      }
    },
  );

  it('is 404 for a request forwarded by a proxy on this machine', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      for (const res of await mailbox({ headers })) expect(res.statusCode).toBe(404);
    }
  });

  it('does not exist in production, nor does the demo staff account', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'force',
        PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-producao',
      },
    });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json'])
        expect(production.app.hasRoute({ method: 'GET', url })).toBe(false);
      const login = await production.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin', password: 'Demo@2026' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await production.close();
    }
  }, 120_000);
});

describe('listen address and e-mailed links', () => {
  it('listens on loopback only outside production unless HOST is set', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(
      loadEnv({ NODE_ENV: 'production', PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-producao' }).HOST,
    ).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('derives the portal address of e-mailed links from PORT', () => {
    expect(loadEnv({}).PUBLIC_URL_TEMPLATE).toBe('http://{partner}.portal.localhost:3000');
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL_TEMPLATE).toBe('http://{partner}.portal.localhost:8080');
    expect(
      loadEnv({ PORT: '8080', PUBLIC_URL_TEMPLATE: 'https://{partner}.example.com' }).PUBLIC_URL_TEMPLATE,
    ).toBe('https://{partner}.example.com');
  });
});
