import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens } from '../src/db/schema';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { createTestApp, type TestApp } from './test-app';

// Issue 5 "Tests that must exist": every back-office route, REST or portal call, refuses a caller without a
// token, with an expired token and with a token revoked by logout (401 'Unauthenticated'), before it reads anything.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ADMIN_ROUTES: [Method, string][] = [
  ['GET', '/api/me'],
  ['PUT', '/api/editar_senha'],
  ['GET', '/api/parceiro?page=1'],
  ['GET', '/api/parceiro/1/info'],
  ['POST', '/api/parceiro'],
  ['PUT', '/api/parceiro/2'],
  ['DELETE', '/api/parceiro/2'],
  ['POST', '/api.php?a=portal&b=getEmpresas'],
  ['POST', '/api.php?a=portal&b=cadastrarDuvida'],
  ['POST', '/api.php?a=portal&b=atualizarDuvida'],
  ['POST', '/api.php?a=portal&b=deletarDuvida'],
  ['GET', '/api/leads?data_inicial=2026-11-01&data_final=2026-11-23'],
  ['GET', '/api/leads/planilha?data_inicial=2026-11-01&data_final=2026-11-23'],
  ['GET', '/api/painel?parceiro=1&data_inicial=2026-11-01&data_final=2026-11-23'],
  ['GET', '/api/solicitacoes-privacidade'],
  ['PUT', '/api/solicitacoes-privacidade/1/status'],
  ['GET', '/api/candidaturas'],
  ['GET', '/api/curriculos/1'],
  ['DELETE', '/api/candidaturas/1'],
];

const STAFF = { username: 'guard.staff', password: 'Guarda#2026' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createStaffUser(t.database.db, STAFF);
});
afterAll(async () => {
  await t?.close();
});

async function logIn(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: STAFF });
  return res.json().access_token as string;
}

async function expectEveryRouteRefuses(bearer: string | null) {
  for (const [method, url] of ADMIN_ROUTES) {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json',
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });
    expect(res.statusCode, `${method} ${url}`).toBe(401);
    expect(res.json().mensagem ?? res.json().message, `${method} ${url}`).toBe('Unauthenticated');
  }
}

describe('the back-office guard on every admin route', () => {
  it('lets a valid token through (the table names real routes)', async () => {
    const token = await logIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/solicitacoes-privacidade',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses no token and an unknown one', async () => {
    await expectEveryRouteRefuses(null);
    await expectEveryRouteRefuses('x'.repeat(43));
  });

  it('refuses an expired token', async () => {
    const token = await logIn();
    await t.database.db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.tokenHash, sha256(token)));
    await expectEveryRouteRefuses(token);
  });

  it('refuses a token revoked by logout', async () => {
    const token = await logIn();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    await expectEveryRouteRefuses(token);
  });
});
