import type { InstalmentPayment, ScheduledInstalment, UnappliedMoneyReason } from '@portal/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  type AgreementStatus,
  agreementCoveredInstalments,
  agreementInstalments,
  agreements,
  type ChargeKind,
  contracts,
  files,
  instalments,
  ourNumberSequences,
  type PaymentEventKind,
  paymentCharges,
  paymentEvents,
  stores,
} from '../db/schema';
import type { IssuedCharge } from '../integrations/payments/payment-provider';
import { fileUrl } from '../services/files/store-image';
import type { StoreRow } from './debt-repository';
import type { DebtorScope } from './debtor-scope';

export type { ChargeKind, StoreRow };

// Agreement instalments, the charges providers issued for them and their payment events (issue 16).

export type AgreementRow = typeof agreements.$inferSelect;
export type InstalmentRow = typeof agreementInstalments.$inferSelect;
export type ChargeRow = typeof paymentCharges.$inferSelect;

/** An instalment with what the events say of it and its latest charge of the agreement's kind, if issued. */
/** An instalment's latest charge, and whether a `charge_cancelled` event ended it. */
export type ChargeView = ChargeRow & { cancelled: boolean };

export interface InstalmentView extends InstalmentRow {
  payment: InstalmentPayment;
  charge: ChargeView | null;
}

export interface AgreementView {
  agreement: AgreementRow;
  store: StoreRow;
  storeLogoUrl: string | null;
  instalments: InstalmentView[];
}

const agreementWithStore = { agreement: agreements, store: stores, logo: files };

/** Each agreement with its instalments, in the order of `rows`. */
async function withInstalments(
  db: Db,
  rows: { agreement: AgreementRow; store: StoreRow; logo: typeof files.$inferSelect | null }[],
): Promise<AgreementView[]> {
  if (rows.length === 0) return [];
  const byAgreement = await loadInstalmentViews(
    db,
    rows.map((r) => r.agreement),
  );
  return rows.map(({ agreement, store, logo }) => ({
    agreement,
    store,
    storeLogoUrl: logo ? fileUrl(logo) : null,
    instalments: byAgreement.get(agreement.id) ?? [],
  }));
}

/** The agreement's payments, in one insert (the caller's transaction makes them one with the agreement). */
export async function insertAgreementInstalments(
  db: Db,
  agreementId: number,
  schedule: readonly ScheduledInstalment[],
): Promise<InstalmentRow[]> {
  return db
    .insert(agreementInstalments)
    .values(schedule.map((row) => ({ agreementId, ...row })))
    .returning();
}

/** The next our-number sequence of a bank convênio; the row lock of the update keeps two issues apart. */
export async function nextOurNumberSequence(db: Db, bankCode: string, agreement: string): Promise<number> {
  const [row] = await db
    .insert(ourNumberSequences)
    .values({ bankCode, agreement, last: 1 })
    .onConflictDoUpdate({
      target: [ourNumberSequences.bankCode, ourNumberSequences.agreement],
      set: { last: sql`${ourNumberSequences.last} + 1` },
    })
    .returning({ last: ourNumberSequences.last });
  return row!.last;
}

/** Records an issued charge; undefined when another request recorded this instalment's charge first. */
export async function insertCharge(
  db: Db,
  values: {
    instalmentId: number;
    storeId: number;
    dueDate: string;
    amountCents: number;
    /** The instalment's re-issue of the kind (1, the first, by default). */
    issue?: number;
  } & IssuedCharge,
): Promise<ChargeRow | undefined> {
  const [row] = await db.insert(paymentCharges).values(values).onConflictDoNothing().returning();
  return row;
}

/** The latest charge of a kind for an instalment. */
export async function findLatestCharge(
  db: Db,
  instalmentId: number,
  kind: ChargeKind,
): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.instalmentId, instalmentId), eq(paymentCharges.kind, kind)))
    .orderBy(desc(paymentCharges.issue))
    .limit(1);
  return row;
}

export async function chargeEventKinds(db: Db, chargeId: number): Promise<PaymentEventKind[]> {
  const rows = await db
    .select({ kind: paymentEvents.kind })
    .from(paymentEvents)
    .where(eq(paymentEvents.chargeId, chargeId));
  return rows.map((r) => r.kind);
}

/** The agreement instalment has its payment recorded (paid or settled: one per instalment). */
export async function instalmentPaid(db: Db, instalmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(eq(paymentEvents.instalmentId, instalmentId), inArray(paymentEvents.kind, ['paid', 'settled'])),
    )
    .limit(1);
  return row !== undefined;
}

/** A cancelled charge is an event on its instalment, with why; once per charge (a retried cancellation adds none). */
export async function recordChargeCancelled(db: Db, chargeId: number, cause: string): Promise<void> {
  await db.execute(sql`
    insert into payment_events (aci_codigo, charge_id, tipo, data, causa)
    select aci_codigo, id, 'charge_cancelled', (now() at time zone 'America/Sao_Paulo')::date, ${cause}
    from payment_charges c where id = ${chargeId}
      and not exists (select 1 from payment_events e where e.charge_id = c.id and e.tipo = 'charge_cancelled')`);
}

/** Why the money of a charge recorded under `cause` paid nothing; null when it paid, or nothing was recorded. */
export async function unappliedReasonOfCharge(
  db: Db,
  chargeId: number,
  cause: string,
): Promise<UnappliedMoneyReason | null> {
  const [row] = await db
    .select({ reason: paymentEvents.unappliedReason })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.chargeId, chargeId),
        eq(paymentEvents.cause, cause),
        eq(paymentEvents.kind, 'unapplied'),
      ),
    );
  return row?.reason ?? null;
}

/** Records that an instalment was paid (or settled by card); a second record of a payment records nothing. */
export async function recordPayment(
  db: Db,
  values: {
    instalmentId: number;
    chargeId: number | null;
    kind: 'paid' | 'settled';
    amountCents: number;
    occurredOn: string;
    cause: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/**
 * Money received that did not pay its instalment (less than due, after its agreement was cancelled, or a payment of an
 * instalment already paid), kept for staff with that reason (decision 064); false when it is a payment already told: its cause has an event on the instalment, or, as a bank
 * liquidates a boleto once, another retorno's liquidation (cause cnab:...) of the same charge.
 */
export async function recordUnapplied(
  db: Db,
  values: {
    instalmentId: number;
    chargeId: number | null;
    amountCents: number;
    occurredOn: string;
    cause: string;
  },
  reason: UnappliedMoneyReason,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    insert into payment_events (aci_codigo, charge_id, tipo, valor, data, causa, unapplied_reason)
    select ${values.instalmentId}::int, ${values.chargeId}::int, 'unapplied', ${values.amountCents}::bigint,
      ${values.occurredOn}::date, ${values.cause}::text, ${reason}::text
    where not exists (
      select 1 from payment_events where aci_codigo = ${values.instalmentId}::int and (causa = ${values.cause}::text
        or (causa like 'cnab:%' and ${values.cause}::text like 'cnab:%' and charge_id = ${values.chargeId}::int)))
    on conflict do nothing
    returning id`);
  return rows.length > 0;
}

/** The agreement an instalment belongs to. */
export async function agreementOfInstalment(db: Db, instalmentId: number): Promise<number> {
  const [row] = await db
    .select({ agreementId: agreementInstalments.agreementId })
    .from(agreementInstalments)
    .where(eq(agreementInstalments.id, instalmentId));
  return row!.agreementId;
}

export interface AgreementFilter {
  storeId?: number;
  /** Cancelled agreements too (myAgreements.flgIncluirHistorico). */
  includeHistory: boolean;
}

// A settled agreement stays listed: it holds the person's proof of payment (card receipts, the discharge letter).
const listedStatuses = (filter: AgreementFilter): AgreementStatus[] =>
  filter.includeHistory ? ['active', 'settled', 'cancelled'] : ['active', 'settled'];

/** How many of the scope person's agreements, made through the scope's partner, the filter lists. */
export async function countAgreements(db: Db, scope: DebtorScope, filter: AgreementFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(agreements)
    .where(agreementsWhere(scope, filter));
  return row!.count;
}

function agreementsWhere(scope: DebtorScope, filter: AgreementFilter) {
  return and(
    inScope(scope),
    inArray(agreements.status, listedStatuses(filter)),
    filter.storeId === undefined ? undefined : eq(agreements.storeId, filter.storeId),
  );
}

/** The scope person's agreements made through the scope's partner. */
const inScope = (scope: DebtorScope) =>
  and(eq(agreements.partnerId, scope.partnerId), eq(agreements.personId, scope.personId));

/** Agreements with their store and its logo, where `where` holds (a condition that includes the scope). */
const agreementsWithStore = (db: Db, where: SQL | undefined) =>
  db
    .select(agreementWithStore)
    .from(agreements)
    .innerJoin(stores, eq(stores.id, agreements.storeId))
    .leftJoin(files, eq(files.sha256, stores.logoFile))
    .where(where);

/** A page of the scope person's agreements made through the scope's partner, newest first, with their payments. */
export async function loadAgreements(
  db: Db,
  scope: DebtorScope,
  filter: AgreementFilter,
  page: { offset: number; limit: number },
): Promise<AgreementView[]> {
  const rows = await agreementsWithStore(db, agreementsWhere(scope, filter))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .offset(page.offset)
    .limit(page.limit);
  return withInstalments(db, rows);
}

/** The instalments of these agreements, in order, with their payment and latest charge of the agreement's kind. */
async function loadInstalmentViews(
  db: Db,
  rows: readonly AgreementRow[],
): Promise<Map<number, InstalmentView[]>> {
  const ids = rows.map((r) => r.id);
  const kindOf = new Map(rows.map((r) => [r.id, r.paymentMethod === 'pix' ? 'pix' : 'boleto']));
  const list = await db
    .select()
    .from(agreementInstalments)
    .where(inArray(agreementInstalments.agreementId, ids))
    .orderBy(asc(agreementInstalments.agreementId), asc(agreementInstalments.number));
  const instalmentIds = list.map((i) => i.id);
  const [events, charges] =
    instalmentIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              instalmentId: paymentEvents.instalmentId,
              chargeId: paymentEvents.chargeId,
              kind: paymentEvents.kind,
            })
            .from(paymentEvents)
            .where(
              and(
                inArray(paymentEvents.instalmentId, instalmentIds),
                inArray(paymentEvents.kind, ['paid', 'settled', 'charge_cancelled']),
              ),
            ),
          db
            .select()
            .from(paymentCharges)
            .where(inArray(paymentCharges.instalmentId, instalmentIds))
            .orderBy(asc(paymentCharges.issue)),
        ]);
  const payments = new Map(
    events
      .filter((e) => e.kind !== 'charge_cancelled')
      .map((e) => [e.instalmentId, e.kind as 'paid' | 'settled']),
  );
  const cancelled = new Set(events.filter((e) => e.kind === 'charge_cancelled').map((e) => e.chargeId));
  const latest = new Map<number, ChargeView>();
  for (const charge of charges) {
    const instalment = list.find((i) => i.id === charge.instalmentId)!;
    if (charge.kind === kindOf.get(instalment.agreementId))
      latest.set(charge.instalmentId, { ...charge, cancelled: cancelled.has(charge.id) });
  }
  const grouped = new Map<number, InstalmentView[]>();
  for (const row of list) {
    const views = grouped.get(row.agreementId) ?? [];
    views.push({ ...row, payment: payments.get(row.id) ?? null, charge: latest.get(row.id) ?? null });
    grouped.set(row.agreementId, views);
  }
  return grouped;
}

/**
 * The scope person's agreements (through the scope's partner) that hold these instalments, each with all its
 * instalments; an instalment that is not theirs is simply not found.
 */
export async function loadAgreementsOfInstalments(
  db: Db,
  scope: DebtorScope,
  instalmentIds: readonly number[],
): Promise<AgreementView[]> {
  if (instalmentIds.length === 0) return [];
  const rows = await agreementsWithStore(
    db,
    and(
      inScope(scope),
      inArray(
        agreements.id,
        db
          .select({ id: agreementInstalments.agreementId })
          .from(agreementInstalments)
          .where(inArray(agreementInstalments.id, [...instalmentIds])),
      ),
    ),
  ).orderBy(asc(agreements.id));
  return withInstalments(db, rows);
}

/** One of the scope person's agreements made through the scope's partner, with its instalments; else undefined. */
export async function loadAgreementInScope(
  db: Db,
  scope: DebtorScope,
  agreementId: number,
): Promise<AgreementView | undefined> {
  const rows = await agreementsWithStore(db, and(eq(agreements.id, agreementId), inScope(scope)));
  const [view] = await withInstalments(db, rows);
  return view;
}

/** The original instalments each agreement settles (spec 001 §3 detalhes), by contract. */
export async function loadAgreementContracts(db: Db, agreementIds: readonly number[]) {
  if (agreementIds.length === 0) return [];
  return db
    .select({
      agreementId: agreementCoveredInstalments.agreementId,
      contractNumber: contracts.number,
      note: contracts.note,
      number: instalments.number,
      dueDate: instalments.dueDate,
      amountCents: instalments.amountCents,
    })
    .from(agreementCoveredInstalments)
    .innerJoin(instalments, eq(instalments.id, agreementCoveredInstalments.instalmentId))
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .where(inArray(agreementCoveredInstalments.agreementId, [...agreementIds]))
    .orderBy(asc(contracts.number), asc(instalments.number));
}
