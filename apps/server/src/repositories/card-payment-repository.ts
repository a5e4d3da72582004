import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agreementInstalments,
  agreements,
  type CardOutcomeState,
  type CardReversalKind,
  cardPaymentOutcomes,
  cardPaymentReversals,
  cardPayments,
} from '../db/schema';
import type { DebtorScope } from './debtor-scope';

// Card payments of agreements and the gateway's final word on each (issue 17 item 3, migration 0018).

export type { CardOutcomeState };
export type CardPaymentRow = typeof cardPayments.$inferSelect;
export type CardOutcomeRow = typeof cardPaymentOutcomes.$inferSelect;

/**
 * A new card payment's reference at the gateway: its agreement's id and a random part (decision 101). Agreement ids
 * come from a sequence, used again after a restore from a backup and counted again by another environment sharing the
 * gateway account; the gateway keeps the orders made under the old ids, so the id alone could name another
 * agreement's charge. Made once, when the row is written: every later call reads the stored reference. The random
 * part is 64 bits written as 16 letters (a to p, four bits each): never a run of digits a card-number scan could take
 * for a card.
 */
export const newCardPaymentReference = (agreementId: number) =>
  `acordo-${agreementId}-${[...randomBytes(8)]
    .flatMap((byte) => [byte >> 4, byte & 15])
    .map((nibble) => String.fromCharCode(97 + nibble))
    .join('')}`;

/** Writes an agreement's card payment under a new reference of its own (newCardPaymentReference). */
export async function insertCardPayment(
  db: Db,
  values: Omit<typeof cardPayments.$inferInsert, 'reference'>,
): Promise<CardPaymentRow> {
  const [row] = await db
    .insert(cardPayments)
    .values({ ...values, reference: newCardPaymentReference(values.agreementId) })
    .returning();
  return row!;
}

const withOutcome = { payment: cardPayments, outcome: cardPaymentOutcomes };

/**
 * The card payment of one of the scope person's agreements (made through the scope's partner), with its outcome and
 * the agreement's status.
 */
export async function loadCardPaymentInScope(db: Db, scope: DebtorScope, agreementId: number) {
  const [row] = await db
    .select({ ...withOutcome, agreementStatus: agreements.status })
    .from(cardPayments)
    .innerJoin(agreements, eq(agreements.id, cardPayments.agreementId))
    .leftJoin(cardPaymentOutcomes, eq(cardPaymentOutcomes.cardPaymentId, cardPayments.id))
    .where(
      and(
        eq(cardPayments.agreementId, agreementId),
        eq(agreements.partnerId, scope.partnerId),
        eq(agreements.personId, scope.personId),
      ),
    );
  return row;
}

/**
 * Card payments the gateway has not given its final word on yet, of active agreements (one whose charge the gateway
 * refused was cancelled with no charge to ask about), oldest first.
 */
async function pendingCardPayments(db: Db, where?: SQL): Promise<CardPaymentRow[]> {
  const rows = await db
    .select({ payment: cardPayments })
    .from(cardPayments)
    .innerJoin(agreements, eq(agreements.id, cardPayments.agreementId))
    .leftJoin(cardPaymentOutcomes, eq(cardPaymentOutcomes.cardPaymentId, cardPayments.id))
    .where(and(eq(agreements.status, 'active'), isNull(cardPaymentOutcomes.id), where))
    .orderBy(asc(cardPayments.id));
  return rows.map((row) => row.payment);
}

/** The scope person's pending card payments (see pendingCardPayments). */
export const loadPendingCardPayments = (db: Db, scope: DebtorScope) =>
  pendingCardPayments(
    db,
    and(eq(agreements.partnerId, scope.partnerId), eq(agreements.personId, scope.personId)),
  );

/** Everyone's pending card payments, for the reconciliation job (no debtor is the caller). */
export const findPendingCardPayments = (db: Db) => pendingCardPayments(db);

/** A card payment by our reference at the gateway (a webhook names it; the gateway, not a debtor, is the caller). */
export async function findCardPaymentByReference(
  db: Db,
  reference: string,
): Promise<CardPaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.reference, reference));
  return row;
}

/** Records the gateway's final word; false when one was already recorded (the first one stands). */
export async function insertCardOutcome(
  db: Db,
  values: {
    cardPaymentId: number;
    state: CardOutcomeState;
    gatewayOrderId: string | null;
    gatewayChargeId: string;
    authorisationCode: string | null;
    cause: string;
    /** When it happened at the gateway (a card's charge); when recorded otherwise. */
    occurredAt?: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(cardPaymentOutcomes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: cardPaymentOutcomes.id });
  return rows.length > 0;
}

export async function loadCardOutcome(db: Db, cardPaymentId: number): Promise<CardOutcomeRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPaymentOutcomes)
    .where(eq(cardPaymentOutcomes.cardPaymentId, cardPaymentId));
  return row;
}

/**
 * Records money of a paid card payment taken back (decision 075: a part, or the rest); false when a row already
 * brought the payment to this total (told again).
 */
export async function insertCardReversal(
  db: Db,
  values: {
    cardPaymentId: number;
    kind: CardReversalKind;
    amountCents: number;
    refundedThroughCents: number;
    gatewayChargeId: string;
    cause: string;
    occurredAt?: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(cardPaymentReversals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: cardPaymentReversals.id });
  return rows.length > 0;
}

/** The money of a card payment given back so far (its reversals' latest total), in centavos. */
export async function loadCardReversedCents(db: Db, cardPaymentId: number): Promise<number> {
  const [row] = await db
    .select({ through: max(cardPaymentReversals.refundedThroughCents) })
    .from(cardPaymentReversals)
    .where(eq(cardPaymentReversals.cardPaymentId, cardPaymentId));
  return Number(row?.through ?? 0);
}

/** The agreement's instalments (ids and amounts), for the settlement a paid card makes. */
export async function loadAgreementInstalmentRows(db: Db, agreementId: number) {
  return db
    .select({ id: agreementInstalments.id, amountCents: agreementInstalments.amountCents })
    .from(agreementInstalments)
    .where(eq(agreementInstalments.agreementId, agreementId));
}

/**
 * The paid card payments of these agreements with their outcome (the receipts of spec 001 §3) and the money of each
 * given back so far (its reversals' latest total, decision 075).
 */
export async function loadPaidCardPayments(db: Db, agreementIds: readonly number[]) {
  if (agreementIds.length === 0) return [];
  // Read by the payment's reversals' index (card payment, total), not by aggregating every reversal.
  const reversedCents =
    sql`coalesce((select max(${cardPaymentReversals.refundedThroughCents}) from ${cardPaymentReversals}
    where ${cardPaymentReversals.cardPaymentId} = ${cardPayments.id}), 0)`.mapWith(Number);
  return db
    .select({ ...withOutcome, reversedCents })
    .from(cardPayments)
    .innerJoin(cardPaymentOutcomes, eq(cardPaymentOutcomes.cardPaymentId, cardPayments.id))
    .where(and(inArray(cardPayments.agreementId, [...agreementIds]), eq(cardPaymentOutcomes.state, 'PAID')));
}
