import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
