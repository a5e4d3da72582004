import type {
  ReportPeriod,
  UnappliedMoneyReason,
  UnappliedResolution,
  UnappliedSituation,
} from '@portal/domain';
import { and, Column, count, desc, eq, is, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  agreementInstalments,
  agreements,
  contracts,
  instalments,
  partners,
  paymentEvents,
  secondCopies,
  secondCopyPayments,
  stores,
  unappliedMoneyResolutions,
} from '../db/schema';
import { secondCopyMoney } from './second-copy-repository';
import { partnerCondition, type StaffScope } from './staff-scope';

// The back office's unapplied money (decisions 049, 061, 063): every `unapplied` payment event of an agreement
// instalment, and every second copy payment's part that paid nothing, in the staff scope, with its resolution if
// staff recorded one.

export interface UnappliedMoneyFilters {
  partnerId?: number | undefined;
  storeId?: number | undefined;
  situation?: UnappliedSituation | undefined;
  /** The Brasília days the money arrived on. */
  period: ReportPeriod;
}

/** Whose money a row is: an agreement instalment's `unapplied` event, or a second copy's payment (decision 061). */
export type UnappliedMoneyOrigin = 'agreement' | 'second_copy';

/** A column of both halves of the union, named once (the tables share names such as `id`). */
const as = <T>(value: SQL | AnyPgColumn, name: string) =>
  (is(value, Column)
    ? sql<T>`${value}`.mapWith((raw: unknown) => value.mapFromDriverValue(raw) as T)
    : sql<T>`${value}`
  ).as(name);

/** The resolution's columns, all null when the amount has none (read `resolution` first). */
const resolutionColumns = {
  resolution: as<UnappliedResolution | null>(unappliedMoneyResolutions.resolution, 'resolution'),
  reason: as<string>(unappliedMoneyResolutions.reason, 'reason'),
  username: as<string>(unappliedMoneyResolutions.username, 'username'),
  resolvedAt: as<Date>(unappliedMoneyResolutions.createdAt, 'resolved_at'),
};

/** Whose money the scope and the filters take: the condition on one half's partner and store columns. */
const owned = (
  scope: StaffScope,
  filters: UnappliedMoneyFilters,
  columns: { partnerId: AnyPgColumn; storeId: AnyPgColumn },
) =>
  and(
    partnerCondition(columns.partnerId, scope),
    filters.partnerId === undefined ? undefined : eq(columns.partnerId, filters.partnerId),
    filters.storeId === undefined ? undefined : eq(columns.storeId, filters.storeId),
  );

/** The filters' condition on a row's resolution and on the day its money arrived. */
const situated = (filters: UnappliedMoneyFilters, day: AnyPgColumn) =>
  and(
    filters.situation === undefined ? undefined : SITUATION[filters.situation],
    sql`${day} between ${filters.period.from}::date and ${filters.period.to}::date`,
  );

const SITUATION: Record<UnappliedSituation, SQL> = {
  pending: isNull(unappliedMoneyResolutions.id),
  resolved: isNotNull(unappliedMoneyResolutions.id),
};

const agreementMoney = (db: Db, where: SQL | undefined) =>
  db
    .select({
      origin: as<UnappliedMoneyOrigin>(sql`'agreement'`, 'origin'),
      id: as<number>(paymentEvents.id, 'id'),
      occurredOn: as<string>(paymentEvents.occurredOn, 'occurred_on'),
      // An unapplied event always carries the money it kept; the instalment's value only stands in for an old row.
      amountCents: as<string>(
        sql`coalesce(${paymentEvents.amountCents}, ${agreementInstalments.amountCents})`,
        'amount_cents',
      ),
      cause: as<string>(paymentEvents.cause, 'cause'),
      unappliedReason: as<UnappliedMoneyReason | null>(paymentEvents.unappliedReason, 'unapplied_reason'),
      agreementId: as<number | null>(agreements.id, 'agreement_id'),
      instalmentNumber: as<number>(agreementInstalments.number, 'instalment_number'),
      instalmentCount: as<number | null>(agreements.instalmentCount, 'instalment_count'),
      contractNumber: as<string | null>(sql`null::text`, 'contract_number'),
      partnerId: as<number>(agreements.partnerId, 'partner_id'),
      partnerName: as<string>(partners.name, 'partner_name'),
      storeId: as<number>(agreements.storeId, 'store_id'),
      storeName: as<string>(stores.tradeName, 'store_name'),
      ...resolutionColumns,
    })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(partners, eq(partners.id, agreements.partnerId))
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .leftJoin(unappliedMoneyResolutions, eq(unappliedMoneyResolutions.paymentEventId, paymentEvents.id))
    .where(and(eq(paymentEvents.kind, 'unapplied'), where));

/**
 * Second copies' payments holding money that paid nothing (decisions 049, 061), that part a row: of the copies
 * `copies` picks (a condition on second_copies, applied before each payment's part is computed: the part depends on
 * its copy's other payments only), the payments `where` picks.
 */
const copyMoney = (
  db: Db,
  copies: SQL | undefined,
  where: (money: ReturnType<typeof secondCopyMoney>) => SQL | undefined,
) => {
  const money = secondCopyMoney(db, copies);
  return db
    .select({
      origin: as<UnappliedMoneyOrigin>(sql`'second_copy'`, 'origin'),
      id: as<number>(money.id, 'id'),
      occurredOn: as<string>(money.occurredOn, 'occurred_on'),
      amountCents: as<string>(sql`${money.unappliedCents}`, 'amount_cents'),
      cause: as<string>(money.cause, 'cause'),
      // Paid short, the copy ended (decision 049); else beyond a copy or an instalment already paid (061, 071).
      unappliedReason: as<UnappliedMoneyReason | null>(sql`${money.unappliedReason}`, 'unapplied_reason'),
      agreementId: as<number | null>(sql`null::integer`, 'agreement_id'),
      instalmentNumber: as<number>(instalments.number, 'instalment_number'),
      instalmentCount: as<number | null>(sql`null::integer`, 'instalment_count'),
      contractNumber: as<string | null>(contracts.number, 'contract_number'),
      partnerId: as<number>(money.partnerId, 'partner_id'),
      partnerName: as<string>(partners.name, 'partner_name'),
      storeId: as<number>(money.storeId, 'store_id'),
      storeName: as<string>(stores.tradeName, 'store_name'),
      ...resolutionColumns,
    })
    .from(money)
    .innerJoin(instalments, eq(instalments.id, money.instalmentId))
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .innerJoin(partners, eq(partners.id, money.partnerId))
    .innerJoin(stores, eq(stores.id, money.storeId))
    .leftJoin(unappliedMoneyResolutions, eq(unappliedMoneyResolutions.secondCopyPaymentId, money.id))
    .where(and(sql`${money.unappliedCents} > 0`, where(money)));
};

export type UnappliedMoneyRow = Awaited<ReturnType<typeof agreementMoney>>[number];

/** Newest first; `limit` rows from `offset`, and how many match. */
export async function listUnappliedMoneyRows(
  db: Db,
  scope: StaffScope,
  filters: UnappliedMoneyFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: UnappliedMoneyRow[]; total: number }> {
  const both = unionAll(
    agreementMoney(
      db,
      and(
        owned(scope, filters, { partnerId: agreements.partnerId, storeId: agreements.storeId }),
        situated(filters, paymentEvents.occurredOn),
      ),
    ),
    copyMoney(
      db,
      owned(scope, filters, { partnerId: secondCopies.partnerId, storeId: secondCopies.storeId }),
      (money) => situated(filters, money.occurredOn),
    ),
  ).as('unapplied');
  const [counted] = await db.select({ n: count() }).from(both);
  const rows = await db
    .select()
    .from(both)
    .orderBy(desc(both.occurredOn), desc(both.origin), desc(both.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * One amount of `origin` in the scope, with its resolution; undefined for another partner's, or money that paid
 * something.
 */
export async function findUnappliedMoney(
  db: Db,
  scope: StaffScope,
  origin: UnappliedMoneyOrigin,
  id: number,
): Promise<UnappliedMoneyRow | undefined> {
  const [row] =
    origin === 'agreement'
      ? await agreementMoney(db, and(eq(paymentEvents.id, id), partnerCondition(agreements.partnerId, scope)))
      : await copyMoney(
          db,
          // Its copy only: a payment's part depends on its copy's other payments, and the filter on the payment
          // cannot reach below the window that computes it.
          and(
            partnerCondition(secondCopies.partnerId, scope),
            eq(
              secondCopies.id,
              sql`(select ${secondCopyPayments.secondCopyId} from ${secondCopyPayments}
                where ${secondCopyPayments.id} = ${id})`,
            ),
          ),
          (money) => eq(money.id, id),
        );
  return row;
}

export type NewUnappliedMoneyResolution = typeof unappliedMoneyResolutions.$inferInsert;

/** Records an event's resolution; false when it already had one (the unique index: the first one stays). */
export async function insertUnappliedMoneyResolution(
  db: Db,
  values: NewUnappliedMoneyResolution,
): Promise<boolean> {
  const inserted = await db
    .insert(unappliedMoneyResolutions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: unappliedMoneyResolutions.id });
  return inserted.length > 0;
}
