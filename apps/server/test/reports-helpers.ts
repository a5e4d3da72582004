import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { type leads, partners, persons, stores } from '../src/db/schema';
import type { TestApp } from './test-app';

// Shared by the back-office report tests (leads-admin, dashboard and the browser's admin-reports): a staff token,
// GETs with or without it, seeded rows and the columns the spec names.

let nextIp = 1;

/** Logs the demo staff user in (each login from its own address, clear of the per-address limit). */
export async function staffToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Demo@2026' },
    remoteAddress: `10.77.0.${nextIp++}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

export function staffGet(t: TestApp, url: string, token: string | null) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Ids of demo rows the seeded report data hangs on: two partners, a person and a store. */
export async function demoIds(t: TestApp) {
  const db = t.database.db;
  const found = await db
    .select({ id: partners.id, identifier: partners.identifier })
    .from(partners)
    .where(inArray(partners.identifier, ['demo', 'acme']));
  const [person] = await db.select({ id: persons.id }).from(persons).limit(1);
  const [store] = await db.select({ id: stores.id }).from(stores).limit(1);
  return {
    demo: found.find((p) => p.identifier === 'demo')!.id,
    acme: found.find((p) => p.identifier === 'acme')!.id,
    personId: person!.id,
    storeId: store!.id,
  };
}

/** Spec 002 §2 ListLeads, the thirteen columns in its order (written out: the tests check the code against it). */
export const SPEC_LEAD_COLUMNS = [
  'Código',
  'Nome',
  'E-mail',
  'Fone',
  'Celular',
  'Loja',
  'Cidade',
  'Data do cadastro',
  'C.P.F/C.N.P.J.',
  'Observação',
  'Valor',
  'Forma de pagamento',
  'Valor que pode pagar',
];

/** A lead row as cadastrarLead stores it (e-mail from the first name), created at `createdAt`. */
export function leadRow(
  partnerId: number,
  name: string,
  createdAt: Date,
  overrides: Partial<typeof leads.$inferInsert> = {},
): typeof leads.$inferInsert {
  return {
    partnerId,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: '4133334444',
    mobile: '41987654321',
    store: 'Alfa Eletro',
    city: 'Curitiba',
    cpfCnpj: '52998224725',
    notes: 'Prefiro pagar no dia 10.',
    amountCents: 150_000,
    paymentForm: 'A',
    affordableCents: 30_050,
    createdAt,
    ...overrides,
  };
}
