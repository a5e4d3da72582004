import { type StoreItem, storeFormValues } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { stores } from '../src/db/schema';
import type { TestApp } from './test-app';

// A store as staff edit it (GET and PUT /api/lojas/{id}, as the admin's store page does), shared by the tests of what
// a save does to the store's open boletos and PIX.

export const storeRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(stores).where(eq(stores.id, id)))[0]!;

/** The store's form as the back office reads it. */
export async function storeForm(t: TestApp, token: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lojas/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return storeFormValues(res.json().data as StoreItem);
}

/** Staff save the store's form with `changes`; the answer is the caller's to check. */
export async function saveStoreForm(t: TestApp, token: string, id: number, changes: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/lojas/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...(await storeForm(t, token, id)), ...changes },
  });
}
