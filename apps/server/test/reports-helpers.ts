import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type debtorSessions,
  type leads,
  partners,
  persons,
  type preAgreements,
  stores,
} from '../src/db/schema';
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
  const people = await db.select({ id: persons.id }).from(persons).orderBy(persons.id).limit(4);
  const [store] = await db.select({ id: stores.id }).from(stores).limit(1);
  return {
    demo: found.find((p) => p.identifier === 'demo')!.id,
    acme: found.find((p) => p.identifier === 'acme')!.id,
    personId: people[0]!.id,
    /** Four demo persons, for counts of distinct people. */
    personIds: people.map((p) => p.id),
    storeId: store!.id,
  };
}

/** A debtor session as identification stores it (open unless told otherwise): the dashboard's 'identified'. */
export function sessionRow(
  partnerId: number,
  personId: number,
  overrides: Partial<typeof debtorSessions.$inferInsert> = {},
): typeof debtorSessions.$inferInsert {
  return {
    tokenHash: randomBytes(32).toString('hex'),
    partnerId,
    personId,
    status: 'open',
    expiresAt: new Date(Date.now() + 3_600_000),
    ...overrides,
  };
}

/** A plan quote as passo_3_novo stores it: the dashboard's 'viewed plans'. */
export function planQuoteRow(
  partnerId: number,
  personId: number,
  storeId: number,
  overrides: Partial<typeof preAgreements.$inferInsert> = {},
): typeof preAgreements.$inferInsert {
  return {
    sessionHash: randomBytes(32).toString('hex'),
    partnerId,
    personId,
    storeId,
    contractIds: [],
    paymentMode: 'A',
    paymentMethod: 'boleto',
    plans: [[0, 10_000, 0, 10_000, false, 0]],
    firstDueDate: '2025-06-20',
    source: 'local',
    debtsVersion: 0,
    expiresAt: new Date(Date.now() + 3_600_000),
    ...overrides,
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

/** Why the back office's unapplied money list (decision 063) says each amount of `day` paid nothing: event id -> motivo. */
export async function unappliedReasonsListed(
  t: TestApp,
  token: string,
  day: string,
): Promise<Record<number, string | null>> {
  const res = await staffGet(t, `/api/gestao/nao-aplicados?data_inicial=${day}&data_final=${day}`, token);
  expect(res.statusCode).toBe(200);
  const { data } = res.json() as { data: { id: number; motivo: string | null }[] };
  return Object.fromEntries(data.map((row) => [row.id, row.motivo]));
}
