import type { CardReversalKind, CardTransactionState } from '@portal/domain';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agreements } from './negotiation';

/**
 * A card agreement's charge at the gateway (issue 17 item 3): written with the agreement, before the gateway is
 * asked, so a retry finds it and asks again with the same idempotency key. Only what may be shown is kept: the
 * brand and last four digits; the card number and security code never reach the portal.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('aco_codigo')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    /**
     * Our reference at the gateway (the order's code and its Idempotency-Key): one charge per agreement. Since decision
     * 101 `acordo-{aco_codigo}-{random}`, made once on insert (older rows keep `acordo-{aco_codigo}`); always read,
     * never rebuilt from the id.
     */
    reference: text('referencia').notNull(),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    /** Instalments on the card. */
    instalments: integer('parcelas').notNull(),
    brand: text('bandeira').notNull(),
    lastFour: text('ultimos_digitos').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_payments_agreement').on(t.agreementId),
    uniqueIndex('card_payments_reference').on(t.reference),
  ],
);

/** Spec 001 §4 card return states. */
export type CardOutcomeState = CardTransactionState;

/**
 * What the gateway finally said of a card payment (spec 001 §4 PAID / REJECTED / VOIDED), with who said it: the
 * gateway's answer, a webhook event id, a lookup. Append-only; the first final word is the only one (a duplicate or
 * late notification records nothing), so a payment settles exactly once.
 */
export const cardPaymentOutcomes = pgTable(
  'card_payment_outcomes',
  {
    id: serial('id').primaryKey(),
    cardPaymentId: integer('card_payment_id')
      .notNull()
      .references(() => cardPayments.id, { onDelete: 'restrict' }),
    state: text('estado').$type<CardOutcomeState>().notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayChargeId: text('gateway_charge_id').notNull(),
    authorisationCode: text('codigo_autorizacao'),
    cause: text('causa').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_payment_outcomes_one').on(t.cardPaymentId),
    index('card_payment_outcomes_charge').on(t.gatewayChargeId),
  ],
);

export type { CardReversalKind };

/**
 * A paid card payment's money taken back (decisions 047 and 075), as the gateway reported it: append-only money
 * events. A partial refund is a row of its own, a later larger one the difference, a full refund or chargeback the
 * rest; each row says the total given back it brings the payment to, one row per total (a reversal told again, by a
 * webhook or the daily job, records nothing). The payment's events stay as they were: the money did arrive.
 */
export const cardPaymentReversals = pgTable(
  'card_payment_reversals',
  {
    id: serial('id').primaryKey(),
    cardPaymentId: integer('card_payment_id')
      .notNull()
      .references(() => cardPayments.id, { onDelete: 'restrict' }),
    kind: text('tipo').$type<CardReversalKind>().notNull(),
    /** The money this reversal gave back, in centavos. */
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    /** The payment's money given back once this row is counted (its earlier rows' and this one's). */
    refundedThroughCents: bigint('valor_acumulado', { mode: 'number' }).notNull(),
    gatewayChargeId: text('gateway_charge_id').notNull(),
    cause: text('causa').notNull(),
    /** When the gateway gave the money back (its word; the recording moment when it says nothing). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_payment_reversals_through').on(t.cardPaymentId, t.refundedThroughCents)],
);
