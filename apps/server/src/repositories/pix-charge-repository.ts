import { normalizedPixKey } from '@portal/domain';
import { and, asc, eq, exists, gt, isNotNull, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentCharges, paymentEvents, secondCopies, stores, type UnmatchedPixReason } from '../db/schema';
import type { StoreRow } from './debt-repository';
import type { ChargeRow } from './payment-repository';

// The PIX side of the charges: found by txid when a PSP notifies a payment, and those still open for reconciliation.

/** The PIX key a store's charges are paid to, as the DICT has it: its own key, else its CNPJ. */
export const storePixKey = (store: Pick<StoreRow, 'pixKey' | 'cpfCnpj'>): string =>
  normalizedPixKey(store.pixKey ?? store.cpfCnpj);

type ReceiverFields = Pick<StoreRow, 'paymentProvider' | 'pixApi' | 'pixKey' | 'cpfCnpj'>;

/**
 * Who receives a store's PIX: its key at its PSP (the local PSP of every 'local' store, a 'pix-api' store's API Pix
 * base URL as its client calls it); null for a store of another provider. A key names one account at its PSP,
 * whichever store issued the charge.
 */
function pixReceiverOf(store: ReceiverFields): string | null {
  const psp =
    store.paymentProvider === 'local'
      ? 'local'
      : store.paymentProvider === 'pix-api' && store.pixApi
        ? store.pixApi.baseUrl.replace(/\/+$/, '')
        : null;
  return psp && JSON.stringify([psp, storePixKey(store)]);
}

/** A save changed the store's PIX key or PSP after a charge's PIX was issued from it; `store` is the store now. */
export class PixReceiverChanged extends Error {
  constructor(readonly store: StoreRow) {
    super(`Store ${store.id}'s PIX key or PSP changed while a charge was being issued`);
  }
}

/**
 * Before a charge (or second copy) whose PIX was issued from `built` is recorded, in the recording's transaction:
 * holds the store's row until the transaction ends (FOR SHARE, as keepBoletoIdentity: a save's FOR UPDATE waits for
 * it, and it waits for a save under way) and throws PixReceiverChanged when a save changed the store's PIX key or PSP
 * since `built` was read (decision 102). So a charge is recorded only under the key its store has at that moment.
 */
export async function keepPixReceiver(tx: Db, built: StoreRow): Promise<void> {
  const [now] = await tx.select().from(stores).where(eq(stores.id, built.id)).for('share');
  if (now && pixReceiverOf(now) !== pixReceiverOf(built)) throw new PixReceiverChanged(now);
}

/**
 * The store whose charge or second copy has this txid, when a notification on `storeId`'s webhook path may pay it:
 * the store's own, or one of a store with the same receiver (pixReceiverOf). A PSP keeps one webhook per key, the
 * last registered, so a key shared by stores notifies one of their paths for all of them (decision 089); a txid of
 * any other store is not this path's to pay. Undefined when neither.
 */
export async function storeOfNotifiedTxid(
  db: Db,
  storeId: number,
  txid: string,
): Promise<number | undefined> {
  const owners = sql`(select ${paymentCharges.storeId} from ${paymentCharges} where ${paymentCharges.txid} = ${txid}
    union select ${secondCopies.storeId} from ${secondCopies} where ${secondCopies.txid} = ${txid})`;
  const rows = await db
    .select({
      id: stores.id,
      paymentProvider: stores.paymentProvider,
      pixApi: stores.pixApi,
      pixKey: stores.pixKey,
      cpfCnpj: stores.cpfCnpj,
      owns: sql<boolean>`${stores.id} in ${owners}`,
    })
    .from(stores)
    .where(or(eq(stores.id, storeId), sql`${stores.id} in ${owners}`));
  const notified = rows.find((store) => store.id === storeId);
  const receiver = notified && pixReceiverOf(notified);
  return rows.find(
    (store) => store.owns && (store.id === storeId || (receiver && pixReceiverOf(store) === receiver)),
  )?.id;
}

/** The store's charge with this txid; else undefined. */
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

/** A PIX reconciliation asks about (an agreement's charge here; a second copy takes the same shape). */
export interface OpenPix {
  id: number;
  storeId: number;
  txid: string;
  /**
   * Why its cobv should have been removed already, or null: its instalment was paid another way (of a charge: a
   * boleto, a card; of a copy: its boleto, the portfolio, another copy), or, of a copy, a newer copy of the instalment
   * exists or an agreement covers its contract. Reconciliation removes it with cause `reconcile:<why>`.
   */
  superseded: SupersededReason | null;
}

export type SupersededReason = 'instalment-paid' | 'superseded';

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
 * A page of the charges with a txid at a PSP-backed provider that a lost webhook would leave open: the first `limit`
 * with an id above `afterId`, by id, so a caller pages through all of them (keyset). Those are the charges not
 * cancelled whose instalment has no payment, due before `dueBefore` or issued before `issuedBefore`; and, whenever
 * issued, those whose instalment was paid another way (its boleto liquidated by the bank, a card) with no PIX of
 * their own recorded: superseded, their cobv is still open at the PSP unless removed (decision 020).
 */
export async function openPixCharges(db: Db, filter: OpenPixFilter): Promise<OpenPix[]> {
  const eventOf = (on: SQL) => exists(db.select({ id: paymentEvents.id }).from(paymentEvents).where(on));
  const instalmentPaid = eventOf(
    and(
      eq(paymentEvents.instalmentId, paymentCharges.instalmentId),
      sql`${paymentEvents.kind} in ('paid', 'settled')`,
    )!,
  );
  const rows = await db
    .select({
      id: paymentCharges.id,
      storeId: paymentCharges.storeId,
      txid: paymentCharges.txid,
      paid: sql<boolean>`${instalmentPaid}`,
    })
    .from(paymentCharges)
    .where(
      and(
        gt(paymentCharges.id, filter.afterId),
        isNotNull(paymentCharges.txid),
        sql`${paymentCharges.provider} in ${filter.providers}`,
        not(
          eventOf(
            and(eq(paymentEvents.chargeId, paymentCharges.id), eq(paymentEvents.kind, 'charge_cancelled'))!,
          ),
        ),
        or(
          and(
            not(instalmentPaid),
            or(
              lt(paymentCharges.dueDate, filter.dueBefore),
              lt(paymentCharges.createdAt, filter.issuedBefore),
            ),
          ),
          and(
            instalmentPaid,
            not(
              eventOf(
                and(eq(paymentEvents.chargeId, paymentCharges.id), like(paymentEvents.cause, 'pix:%'))!,
              ),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentCharges.id))
    .limit(filter.limit);
  return rows.map(({ paid, ...row }) => ({
    ...row,
    txid: row.txid!,
    superseded: paid === true ? 'instalment-paid' : null,
  }));
}

export async function findChargeById(db: Db, id: number): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id));
  return row;
}
