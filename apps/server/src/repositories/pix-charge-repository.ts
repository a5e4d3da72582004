import { and, asc, eq, gt, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentCharges, paymentEvents, type UnmatchedPixReason } from '../db/schema';
import type { ChargeRow } from './payment-repository';

// The PIX side of the charges: found by txid when a PSP notifies a payment, and those still open for reconciliation.

/** The store's charge with this txid (a PSP notifies through the store's own webhook path); else undefined. */
export async function findStoreChargeByTxid(
  db: Db,
  storeId: number,
  txid: string,
): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.txid, txid), eq(paymentCharges.storeId, storeId)));
  return row;
}

/** A PIX of no known charge of the store, or unreadable, kept; false when this store has it already (or no longer exists). */
export async function recordUnmatchedPix(
  db: Db,
  values: {
    storeId: number;
    endToEndId: string | null;
    txid: string | null;
    amountCents: number | null;
    paidAt: Date | null;
    reason: UnmatchedPixReason;
    item: Record<string, unknown>;
  },
): Promise<boolean> {
  // A token names a store only if this portal signed it, but a store id is still checked rather than trusted.
  const { rows } = await db.execute(sql`
    insert into unmatched_pix_payments (store_id, end_to_end_id, txid, valor, horario, motivo, item)
    select id, ${values.endToEndId}::text, ${values.txid}::text, ${values.amountCents}::bigint,
      ${values.paidAt?.toISOString() ?? null}::timestamptz, ${values.reason}::text, ${JSON.stringify(values.item)}::jsonb
    from stores where id = ${values.storeId}
    on conflict do nothing
    returning id`);
  return rows.length > 0;
}

/** Which open PIX reconciliation asks about, a page at a time (keyset by id). */
export interface OpenPixFilter {
  /** Providers whose PIX are cobv at a PSP. */
  providers: readonly string[];
  dueBefore: string;
  issuedBefore: Date;
  afterId: number;
  limit: number;
}

/**
 * A page of the charges with a txid at a PSP-backed provider whose instalment has no payment nor the charge a
 * cancellation, due before `dueBefore` or issued before `issuedBefore` (those a lost webhook would leave open): the
 * first `limit` with an id above `afterId`, by id, so a caller pages through all of them (keyset).
 */
export async function openPixCharges(db: Db, filter: OpenPixFilter): Promise<ChargeRow[]> {
  return db
    .select()
    .from(paymentCharges)
    .where(
      and(
        gt(paymentCharges.id, filter.afterId),
        isNotNull(paymentCharges.txid),
        sql`${paymentCharges.provider} in ${filter.providers}`,
        or(lt(paymentCharges.dueDate, filter.dueBefore), lt(paymentCharges.createdAt, filter.issuedBefore)),
        notExists(
          db
            .select({ id: paymentEvents.id })
            .from(paymentEvents)
            .where(
              or(
                and(
                  eq(paymentEvents.instalmentId, paymentCharges.instalmentId),
                  sql`${paymentEvents.kind} in ('paid', 'settled')`,
                ),
                and(
                  eq(paymentEvents.chargeId, paymentCharges.id),
                  eq(paymentEvents.kind, 'charge_cancelled'),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(paymentCharges.id))
    .limit(filter.limit);
}

export async function findChargeById(db: Db, id: number): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
  return row;
}
