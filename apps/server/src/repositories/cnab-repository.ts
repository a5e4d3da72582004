import { LIQUIDATION_MOVEMENTS, type RetornoOutcome } from '@portal/domain';
import {
  and,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  ne,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreementInstalments,
  agreements,
  type CnabFileKind,
  cnabFiles,
  type PaymentEventKind,
  partners,
  paymentCharges,
  paymentEvents,
  persons,
  remessaCharges,
  remessaWriteOffs,
  retornoResults,
  stores,
} from '../db/schema';
import type { StoreRow } from './debt-repository';

export type { CnabFileKind };

export type CnabFileRow = typeof cnabFiles.$inferSelect;
export type RetornoResultRow = typeof retornoResults.$inferSelect;
export type PersonRow = typeof persons.$inferSelect;

// CNAB 240 files exchanged with the bank (issue 17 item 2): remessas of new boletos, retornos and what each did.

/** A boleto charge with the store it credits, the person who pays it, its instalment and the partner it came by. */
export interface BoletoChargeToRegister {
  charge: typeof paymentCharges.$inferSelect;
  store: StoreRow;
  payer: PersonRow;
  instalment: typeof agreementInstalments.$inferSelect;
  partnerName: string;
}

const boletoCharges = (db: Db) =>
  db
    .select({
      charge: paymentCharges,
      store: stores,
      payer: persons,
      instalment: agreementInstalments,
      partnerName: partners.name,
    })
    .from(paymentCharges)
    .innerJoin(stores, eq(stores.id, paymentCharges.storeId))
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentCharges.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(persons, eq(persons.id, agreements.personId))
    .innerJoin(partners, eq(partners.id, agreements.partnerId));

/** The charge's instalment is paid (or settled by card). */
const instalmentPaid = (db: Db) =>
  exists(
    db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.instalmentId, paymentCharges.instalmentId),
          inArray(paymentEvents.kind, ['paid', 'settled']),
        ),
      ),
  );

/** A retorno's line of the charge's boleto did one of these. */
const retornoDid = (db: Db, outcomes: readonly RetornoOutcome[]) =>
  exists(
    db
      .select()
      .from(retornoResults)
      .where(
        and(eq(retornoResults.chargeId, paymentCharges.id), inArray(retornoResults.outcome, [...outcomes])),
      ),
  );

/** A retorno refused the charge's boleto: entrada rejeitada (03) or baixa (09). */
const refusedByBank = (db: Db) => retornoDid(db, ['rejected', 'written_off']);

/**
 * A retorno liquidated the charge's boleto (LIQUIDATION_MOVEMENTS), whatever the portal made of the money: the bank
 * has closed the title. Not a payment event on the charge: the hybrid boleto's PIX pays the same charge at the PSP,
 * which the bank never hears of, so its boleto stays open there until written off.
 */
const liquidatedByBank = (db: Db) =>
  exists(
    db
      .select()
      .from(retornoResults)
      .where(
        and(
          eq(retornoResults.chargeId, paymentCharges.id),
          inArray(retornoResults.movement, [...LIQUIDATION_MOVEMENTS]),
        ),
      ),
  );

/** A remessa registered the charge's boleto. */
const registered = (db: Db) =>
  exists(db.select().from(remessaCharges).where(eq(remessaCharges.chargeId, paymentCharges.id)));

/** The charge still collects: its agreement active, the charge not cancelled, its instalment not paid. */
const collecting = (db: Db) =>
  and(
    // A cancelled (broken) or settled agreement collects nothing more.
    eq(agreements.status, 'active'),
    // A cancelled charge, or one whose instalment is already paid, has nothing left to collect.
    notExists(
      db
        .select()
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.chargeId, paymentCharges.id), eq(paymentEvents.kind, 'charge_cancelled')),
        ),
    ),
    not(instalmentPaid(db)),
  );

/**
 * Boletos of active agreements no remessa has registered yet, of stores with a convênio (optionally one store),
 * oldest first.
 */
export async function chargesToRegister(db: Db, storeId?: number): Promise<BoletoChargeToRegister[]> {
  return boletoCharges(db)
    .where(
      and(
        eq(paymentCharges.kind, 'boleto'),
        isNotNull(paymentCharges.ourNumber),
        isNotNull(stores.boletoAgreement),
        storeId === undefined ? undefined : eq(stores.id, storeId),
        not(registered(db)),
        collecting(db),
      ),
    )
    .orderBy(paymentCharges.storeId, paymentCharges.id);
}

/**
 * A boleto's identity (decision 086): the bank and convênio (the our-number and the barcode's free field), the wallet
 * (free field, G007) and the agency and account (the CNAB files' headers, by which a retorno finds its stores).
 */
const BOLETO_IDENTITY = [
  'bankCode',
  'boletoAgreement',
  'boletoWallet',
  'bankBranch',
  'bankAccount',
] as const satisfies (keyof StoreRow)[];

type BoletoIdentityField = (typeof BOLETO_IDENTITY)[number];

/** The first field of the boleto identity `next` changes in `current`; undefined when both issue the same boletos. */
export function changedBoletoIdentity(
  current: Pick<StoreRow, BoletoIdentityField>,
  next: Partial<Pick<StoreRow, BoletoIdentityField>>,
): BoletoIdentityField | undefined {
  return BOLETO_IDENTITY.find((field) => (next[field] ?? null) !== (current[field] ?? null));
}

/** A save changed the store's boleto identity after a boleto was built from it; `store` is the store as it is now. */
export class BoletoIdentityChanged extends Error {
  constructor(readonly store: StoreRow) {
    super(`Store ${store.id}'s boleto identity changed while a boleto was being issued`);
  }
}

/**
 * Before a boleto built from `built` is recorded, in the recording's transaction: holds the store's row until the
 * transaction ends (FOR SHARE: a save's FOR UPDATE waits for it, and it waits for a save under way, whose check
 * then sees the boleto), and throws BoletoIdentityChanged when a save changed the identity since `built` was read.
 */
export async function keepBoletoIdentity(tx: Db, built: StoreRow): Promise<void> {
  const [now] = await tx.select().from(stores).where(eq(stores.id, built.id)).for('share');
  if (now && changedBoletoIdentity(built, now)) throw new BoletoIdentityChanged(now);
}

/**
 * Whether the store has an agreement boleto the bank may still pay or tell of (decision 086): one a remessa
 * registered that no retorno has liquidated, refused or written off (a write-off only asked for is still open: its
 * 09 is yet to come), whatever its agreement or instalment became; or one the next remessa registers
 * (chargesToRegister's).
 */
export async function storeHasOpenBoletoCharge(db: Db, storeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentCharges.id })
    .from(paymentCharges)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentCharges.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .where(
      and(
        eq(paymentCharges.storeId, storeId),
        eq(paymentCharges.kind, 'boleto'),
        isNotNull(paymentCharges.ourNumber),
        or(
          and(registered(db), not(liquidatedByBank(db)), not(refusedByBank(db))),
          and(not(registered(db)), collecting(db)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Boletos a remessa registered that no longer collect (optionally of one store), oldest first: the agreement was
 * cancelled or settled, the charge cancelled, or the instalment paid another way (its own PIX too); not liquidated by
 * the bank, not refused or written off by it already, and not yet asked to be written off.
 */
export async function chargesToWriteOff(db: Db, storeId?: number): Promise<BoletoChargeToRegister[]> {
  const eventOf = (kinds: PaymentEventKind[], on: SQL) =>
    exists(
      db
        .select()
        .from(paymentEvents)
        .where(and(on, inArray(paymentEvents.kind, kinds))),
    );
  return boletoCharges(db)
    .innerJoin(remessaCharges, eq(remessaCharges.chargeId, paymentCharges.id))
    .where(
      and(
        storeId === undefined ? undefined : eq(stores.id, storeId),
        notExists(db.select().from(remessaWriteOffs).where(eq(remessaWriteOffs.chargeId, paymentCharges.id))),
        not(liquidatedByBank(db)),
        not(refusedByBank(db)),
        or(
          ne(agreements.status, 'active'),
          eventOf(['charge_cancelled'], eq(paymentEvents.chargeId, paymentCharges.id)),
          instalmentPaid(db),
        ),
      ),
    )
    .orderBy(paymentCharges.storeId, paymentCharges.id);
}

export async function insertRemessaWriteOffs(
  tx: Db,
  rows: (typeof remessaWriteOffs.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(remessaWriteOffs).values(rows);
}

/** The stores that collect boletos under a bank's convênio. */
export async function storesOfConvenio(db: Db, bankCode: string, agreement: string): Promise<StoreRow[]> {
  return db
    .select()
    .from(stores)
    .where(and(eq(stores.bankCode, bankCode), eq(stores.boletoAgreement, agreement)))
    .orderBy(stores.id);
}

/** Boleto charges of these stores by our-number (a convênio's our-numbers are the bank's identity of a title). */
export async function boletoChargesByOurNumber(
  db: Db,
  storeIds: readonly number[],
  ourNumbers: readonly string[],
): Promise<BoletoChargeToRegister[]> {
  if (ourNumbers.length === 0 || storeIds.length === 0) return [];
  return boletoCharges(db).where(
    and(
      eq(paymentCharges.kind, 'boleto'),
      inArray(paymentCharges.storeId, [...storeIds]),
      inArray(paymentCharges.ourNumber, [...ourNumbers]),
    ),
  );
}

/** The boleto charge with this our-number or linha digitável, with its store and payer. */
export async function findBoletoCharge(
  db: Db,
  by: { ourNumber: string } | { digitableLine: string },
): Promise<BoletoChargeToRegister | undefined> {
  const [row] = await boletoCharges(db)
    .where(
      and(
        eq(paymentCharges.kind, 'boleto'),
        'ourNumber' in by
          ? eq(paymentCharges.ourNumber, by.ourNumber)
          : // The line as typed or as printed (with its dots and spaces) names the same boleto.
            sql`regexp_replace(${paymentCharges.digitableLine}, '[^0-9]', '', 'g') = ${by.digitableLine.replace(/\D/g, '')}`,
      ),
    )
    .orderBy(desc(paymentCharges.id))
    .limit(1);
  return row;
}

/**
 * Serialises the files of one bank convênio and kind for the rest of the transaction (remessa NSAs, and which
 * charges one remessa takes), across server processes.
 */
export async function lockConvenio(
  tx: Db,
  kind: CnabFileKind,
  bankCode: string,
  agreement: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cnab:${kind}:${bankCode}:${agreement}`}))`);
}

/** The next NSA of a convênio's files of a kind (the last one's plus one). */
export async function nextFileSequence(
  tx: Db,
  kind: CnabFileKind,
  bankCode: string,
  agreement: string,
): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${cnabFiles.sequence}), 0)::int` })
    .from(cnabFiles)
    .where(
      and(eq(cnabFiles.kind, kind), eq(cnabFiles.bankCode, bankCode), eq(cnabFiles.agreement, agreement)),
    );
  return row!.last + 1;
}

/** Records a file; undefined when a file of the kind with the same content is already recorded. */
export async function insertCnabFile(
  tx: Db,
  values: typeof cnabFiles.$inferInsert,
): Promise<CnabFileRow | undefined> {
  const [row] = await tx.insert(cnabFiles).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertRemessaCharges(
  tx: Db,
  rows: (typeof remessaCharges.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(remessaCharges).values(rows);
}

export async function insertRetornoResults(
  tx: Db,
  rows: (typeof retornoResults.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(retornoResults).values(rows);
}

export async function findCnabFile(db: Db, id: number): Promise<CnabFileRow | undefined> {
  const [row] = await db.select().from(cnabFiles).where(eq(cnabFiles.id, id));
  return row;
}

export async function findCnabFileByContent(
  db: Db,
  kind: CnabFileKind,
  sha256: string,
): Promise<CnabFileRow | undefined> {
  const [row] = await db
    .select()
    .from(cnabFiles)
    .where(and(eq(cnabFiles.kind, kind), eq(cnabFiles.contentSha256, sha256)));
  return row;
}

export async function loadRetornoResults(db: Db, fileId: number): Promise<RetornoResultRow[]> {
  return db
    .select()
    .from(retornoResults)
    .where(eq(retornoResults.fileId, fileId))
    .orderBy(retornoResults.line);
}

export interface CnabFileSummary {
  id: number;
  storeId: number | null;
  storeName: string | null;
  bankCode: string;
  agreement: string;
  sequence: number;
  businessDate: string;
  fileName: string;
  createdBy: string;
  createdAt: Date;
  titles: number;
}

/** A page of the files of a kind, newest first, with the count of titles each registered. */
export async function listCnabFiles(
  db: Db,
  kind: CnabFileKind,
  page: { offset: number; limit: number },
): Promise<{ total: number; files: CnabFileSummary[] }> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cnabFiles)
    .where(eq(cnabFiles.kind, kind));
  const titles =
    kind === 'remessa'
      ? sql<number>`(select count(*)::int from ${remessaCharges} where ${remessaCharges.fileId} = ${cnabFiles.id})`
      : sql<number>`(select count(*)::int from ${retornoResults} where ${retornoResults.fileId} = ${cnabFiles.id})`;
  const files = await db
    .select({
      id: cnabFiles.id,
      storeId: cnabFiles.storeId,
      storeName: stores.tradeName,
      bankCode: cnabFiles.bankCode,
      agreement: cnabFiles.agreement,
      sequence: cnabFiles.sequence,
      businessDate: cnabFiles.businessDate,
      fileName: cnabFiles.fileName,
      createdBy: cnabFiles.createdBy,
      createdAt: cnabFiles.createdAt,
      titles,
    })
    .from(cnabFiles)
    .leftJoin(stores, eq(stores.id, cnabFiles.storeId))
    .where(eq(cnabFiles.kind, kind))
    .orderBy(desc(cnabFiles.id))
    .offset(page.offset)
    .limit(page.limit);
  return { total: count!.total, files };
}

/**
 * What a retorno did that ends a boleto: refused (03 rejected) or wrote it off (09) (decision 021), or liquidated it
 * for less than its value (decision 049: the bank takes a boleto once, and the short money paid nothing).
 */
const ENDING_OUTCOMES = ['rejected', 'written_off', 'underpaid'] as const;

/** A boleto a retorno ended (ENDING_OUTCOMES), with what its re-issue needs (decisions 021, 049). */
export interface RefusedBoleto extends BoletoChargeToRegister {
  /** The first retorno line that ended it: the cause of its cancellation. */
  refusal: { fileId: number; line: number; movement: string; outcome: (typeof ENDING_OUTCOMES)[number] };
  /** Its cancellation is recorded already (a re-issue that failed after it, or the PSP had removed its PIX). */
  cancelled: boolean;
}

/**
 * Boletos a retorno ended (rejected, written off or liquidated short) that are still their instalment's latest
 * boleto, of an active agreement, the instalment unpaid: each needs a new boleto. Oldest first.
 */
export async function refusedBoletos(db: Db): Promise<RefusedBoleto[]> {
  const rows = await boletoCharges(db)
    .where(
      and(
        eq(paymentCharges.kind, 'boleto'),
        eq(agreements.status, 'active'),
        retornoDid(db, ENDING_OUTCOMES),
        sql`${paymentCharges.issue} = (select max(c.emissao) from ${paymentCharges} c
          where c.aci_codigo = ${paymentCharges.instalmentId} and c.tipo = 'boleto')`,
        not(instalmentPaid(db)),
      ),
    )
    .orderBy(paymentCharges.id);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.charge.id);
  const [refusals, cancelled] = await Promise.all([
    db
      .selectDistinctOn([retornoResults.chargeId])
      .from(retornoResults)
      .where(
        and(inArray(retornoResults.chargeId, ids), inArray(retornoResults.outcome, [...ENDING_OUTCOMES])),
      )
      .orderBy(retornoResults.chargeId, retornoResults.fileId, retornoResults.line),
    db
      .select({ chargeId: paymentEvents.chargeId })
      .from(paymentEvents)
      .where(and(inArray(paymentEvents.chargeId, ids), eq(paymentEvents.kind, 'charge_cancelled'))),
  ]);
  const cancelledIds = new Set(cancelled.map((c) => c.chargeId));
  return rows.map((row) => {
    const first = refusals.find((r) => r.chargeId === row.charge.id)!;
    return {
      ...row,
      refusal: {
        fileId: first.fileId,
        line: first.line,
        movement: first.movement,
        outcome: first.outcome as RefusedBoleto['refusal']['outcome'],
      },
      cancelled: cancelledIds.has(row.charge.id),
    };
  });
}
