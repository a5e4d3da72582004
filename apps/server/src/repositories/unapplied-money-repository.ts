import type { ReportPeriod, UnappliedSituation } from '@portal/domain';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreementInstalments,
  agreements,
  partners,
  paymentEvents,
  stores,
  unappliedMoneyResolutions,
} from '../db/schema';
import { partnerCondition, type StaffScope } from './staff-scope';

// The back office's unapplied money (decisions 049, 063): every `unapplied` payment event of an agreement instalment
// in the staff scope, with its resolution if staff recorded one.

export interface UnappliedMoneyFilters {
  partnerId?: number | undefined;
  storeId?: number | undefined;
  situation?: UnappliedSituation | undefined;
  /** The Brasília days the money arrived on. */
  period: ReportPeriod;
}

const columns = {
  id: paymentEvents.id,
  occurredOn: paymentEvents.occurredOn,
  // An unapplied event always carries the money it kept; the instalment's value only stands in for an old row.
  amountCents: sql<number>`coalesce(${paymentEvents.amountCents}, ${agreementInstalments.amountCents})`,
  cause: paymentEvents.cause,
  reason: paymentEvents.unappliedReason,
  agreementId: agreements.id,
  instalmentNumber: agreementInstalments.number,
  instalmentCount: agreements.instalmentCount,
  partnerId: agreements.partnerId,
  partnerName: partners.name,
  storeId: agreements.storeId,
  storeName: stores.tradeName,
  resolution: unappliedMoneyResolutions,
};

const unappliedEvents = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .innerJoin(partners, eq(partners.id, agreements.partnerId))
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .leftJoin(unappliedMoneyResolutions, eq(unappliedMoneyResolutions.paymentEventId, paymentEvents.id))
    .where(and(eq(paymentEvents.kind, 'unapplied'), where));

export type UnappliedMoneyRow = Awaited<ReturnType<typeof unappliedEvents>>[number];

const SITUATION: Record<UnappliedSituation, SQL> = {
  pending: isNull(unappliedMoneyResolutions.id),
  resolved: isNotNull(unappliedMoneyResolutions.id),
};

/** Newest first; `limit` rows from `offset`, and how many match. */
export async function listUnappliedMoneyRows(
  db: Db,
  scope: StaffScope,
  filters: UnappliedMoneyFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: UnappliedMoneyRow[]; total: number }> {
  const condition = and(
    partnerCondition(agreements.partnerId, scope),
    filters.partnerId === undefined ? undefined : eq(agreements.partnerId, filters.partnerId),
    filters.storeId === undefined ? undefined : eq(agreements.storeId, filters.storeId),
    filters.situation === undefined ? undefined : SITUATION[filters.situation],
    sql`${paymentEvents.occurredOn} between ${filters.period.from}::date and ${filters.period.to}::date`,
  );
  const [counted] = await db
    .select({ n: count() })
    .from(paymentEvents)
    .innerJoin(agreementInstalments, eq(agreementInstalments.id, paymentEvents.instalmentId))
    .innerJoin(agreements, eq(agreements.id, agreementInstalments.agreementId))
    .leftJoin(unappliedMoneyResolutions, eq(unappliedMoneyResolutions.paymentEventId, paymentEvents.id))
    .where(and(eq(paymentEvents.kind, 'unapplied'), condition));
  const rows = await unappliedEvents(db, condition)
    .orderBy(desc(paymentEvents.occurredOn), desc(paymentEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** One unapplied event in the scope, with its resolution; undefined for another partner's, or not unapplied money. */
export async function findUnappliedMoney(
  db: Db,
  scope: StaffScope,
  eventId: number,
): Promise<UnappliedMoneyRow | undefined> {
  const [row] = await unappliedEvents(
    db,
    and(eq(paymentEvents.id, eventId), partnerCondition(agreements.partnerId, scope)),
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
