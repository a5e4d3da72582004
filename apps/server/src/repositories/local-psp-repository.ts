import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type LocalPspCobvStatus, localPspCharges, localPspWebhooks } from '../db/schema';

// The local PSP's books (decision 020): its charges and webhooks, apart from the portal's tables.

export type LocalPspChargeRow = typeof localPspCharges.$inferSelect;

/** Records a new charge; undefined when the txid is taken (API Pix: a txid names one charge for good). */
export async function insertPspCharge(
  db: Db,
  values: { txid: string; locationId: string; charge: Record<string, unknown> },
): Promise<LocalPspChargeRow | undefined> {
  const [row] = await db
    .insert(localPspCharges)
    .values({ ...values, status: 'ATIVA' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findPspCharge(db: Db, txid: string): Promise<LocalPspChargeRow | undefined> {
  const [row] = await db.select().from(localPspCharges).where(eq(localPspCharges.txid, txid));
  return row;
}

export async function findPspChargeByLocation(
  db: Db,
  locationId: string,
): Promise<LocalPspChargeRow | undefined> {
  const [row] = await db.select().from(localPspCharges).where(eq(localPspCharges.locationId, locationId));
  return row;
}

/**
 * Moves an active charge to `status`, merging `changes` into its document and counting a revision; undefined when
 * the charge is not active (already paid or removed), so two payments of one charge cannot both happen.
 */
export async function closePspCharge(
  db: Db,
  txid: string,
  status: Exclude<LocalPspCobvStatus, 'ATIVA'>,
  changes: Record<string, unknown>,
): Promise<LocalPspChargeRow | undefined> {
  const [row] = await db
    .update(localPspCharges)
    .set({
      status,
      charge: sql`${localPspCharges.charge} || ${JSON.stringify({ ...changes, status })}::jsonb
        || jsonb_build_object('revisao', coalesce((${localPspCharges.charge}->>'revisao')::int, 0) + 1)`,
    })
    .where(and(eq(localPspCharges.txid, txid), eq(localPspCharges.status, 'ATIVA')))
    .returning();
  return row;
}

/**
 * Revises an active charge (API Pix PATCH /cobv/{txid}): merges `changes` into its document and counts a revision,
 * its txid and location kept; undefined when the charge is not active (a paid or removed charge is not revised).
 */
export async function revisePspCharge(
  db: Db,
  txid: string,
  changes: Record<string, unknown>,
): Promise<LocalPspChargeRow | undefined> {
  const [row] = await db
    .update(localPspCharges)
    .set({
      charge: sql`${localPspCharges.charge} || ${JSON.stringify(changes)}::jsonb
        || jsonb_build_object('revisao', coalesce((${localPspCharges.charge}->>'revisao')::int, 0) + 1)`,
    })
    .where(and(eq(localPspCharges.txid, txid), eq(localPspCharges.status, 'ATIVA')))
    .returning();
  return row;
}

export async function upsertPspWebhook(db: Db, key: string, url: string): Promise<void> {
  await db
    .insert(localPspWebhooks)
    .values({ key, url })
    .onConflictDoUpdate({ target: localPspWebhooks.key, set: { url } });
}

export async function findPspWebhook(db: Db, key: string) {
  const [row] = await db.select().from(localPspWebhooks).where(eq(localPspWebhooks.key, key));
  return row;
}
