import type { UnappliedMoneyReason, UnappliedResolution } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agreements } from './negotiation';
import { stores } from './partners';
import { partnerRef, personRef } from './references';
import { secondCopyPayments } from './second-copies';
import { staffUsers } from './staff';

/**
 * An agreement's payments (spec 001 §3 "Agreement instalment", aci_codigo): the entry (number 0) and instalments
 * 1..n, written with the agreement from the issued plan. Never changed: what happens to one is a payment event.
 */
export const agreementInstalments = pgTable(
  'agreement_instalments',
  {
    id: serial('aci_codigo').primaryKey(),
    agreementId: integer('aco_codigo')
      .notNull()
      .references(() => agreements.id, { onDelete: 'restrict' }),
    number: integer('numero').notNull(),
    dueDate: date('vencimento', { mode: 'string' }).notNull(),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_instalments_number').on(t.agreementId, t.number)],
);

export type ChargeKind = 'boleto' | 'pix';

/**
 * A payment document a provider issued for an instalment: a boleto (our-number, barcode, linha digitável) or a PIX
 * charge with a due date (txid, BR Code). A boleto carries the PIX code of the same instalment too (boleto
 * híbrido). `issue` counts re-issues of one instalment and kind, so two concurrent issues make one charge.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: serial('id').primaryKey(),
    instalmentId: integer('aci_codigo')
      .notNull()
      .references(() => agreementInstalments.id, { onDelete: 'restrict' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    provider: text('provedor').notNull(),
    kind: text('tipo').$type<ChargeKind>().notNull(),
    issue: integer('emissao').notNull().default(1),
    dueDate: date('vencimento', { mode: 'string' }).notNull(),
    amountCents: bigint('valor', { mode: 'number' }).notNull(),
    ourNumber: text('nosso_numero'),
    barcode: text('codigo_barras'),
    digitableLine: text('linha_digitavel'),
    txid: text('txid'),
    pixCode: text('pix_copia_cola').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_charges_instalment_kind_issue').on(t.instalmentId, t.kind, t.issue),
    uniqueIndex('payment_charges_txid').on(t.txid),
    // A bank's retorno names its boletos by our-number (CNAB 240 segment T).
    index('payment_charges_our_number').on(t.ourNumber),
  ],
);

/**
 * `overdue`: the instalment fell due unpaid; `unapplied`: money received that did not pay the instalment (less than
 * due, or a second payment), kept for staff.
 */
export type PaymentEventKind = 'paid' | 'settled' | 'charge_cancelled' | 'overdue' | 'unapplied';

/**
 * What happened to an instalment's money, with its cause (GUIDE: money records change only by events): paid (by a
 * boleto, PIX or transfer), settled (a card payment), a charge cancelled, overdue (the day job saw its due date pass;
 * the AA status itself stays derived from the due date). Append-only.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    instalmentId: integer('aci_codigo')
      .notNull()
      .references(() => agreementInstalments.id, { onDelete: 'restrict' }),
    chargeId: integer('charge_id').references(() => paymentCharges.id, { onDelete: 'restrict' }),
    kind: text('tipo').$type<PaymentEventKind>().notNull(),
    amountCents: bigint('valor', { mode: 'number' }),
    occurredOn: date('data', { mode: 'string' }).notNull(),
    /** Who or what says so: 'seed', a provider's notification id, a bank return file line, a staff user. */
    cause: text('causa').notNull(),
    /** An `unapplied` event's reason for paying nothing (decision 064); null on other kinds and on older events. */
    unappliedReason: text('unapplied_reason').$type<UnappliedMoneyReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_instalment').on(t.instalmentId),
    // An instalment is paid once: a second notification of the same payment records nothing.
    uniqueIndex('payment_events_one_payment').on(t.instalmentId).where(sql`${t.kind} in ('paid', 'settled')`),
    // An instalment falls overdue once: the job run twice, or on two processes, records one event.
    uniqueIndex('payment_events_one_overdue').on(t.instalmentId).where(sql`${t.kind} = 'overdue'`),
    // A PIX is one endToEndId (BCB: unique per payment): its notification, repeated or reconciled, records once.
    uniqueIndex('payment_events_pix_cause').on(t.cause).where(sql`${t.cause} like 'pix:%'`),
  ],
);

/**
 * What staff did with money that paid nothing (decision 063): an `unapplied` payment event's, or a second copy
 * payment's unapplied part (decision 061), given back to the payer or applied by hand, with the reason and who
 * recorded it. Append-only; one resolution per amount (a second request answers the first).
 */
export const unappliedMoneyResolutions = pgTable(
  'unapplied_money_resolutions',
  {
    id: serial('id').primaryKey(),
    paymentEventId: integer('payment_event_id').references(() => paymentEvents.id, { onDelete: 'restrict' }),
    secondCopyPaymentId: integer('second_copy_payment_id').references(() => secondCopyPayments.id, {
      onDelete: 'restrict',
    }),
    resolution: text('resolucao').$type<UnappliedResolution>().notNull(),
    reason: text('motivo').notNull(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unapplied_money_resolutions_event').on(t.paymentEventId),
    uniqueIndex('unapplied_money_resolutions_second_copy_payment').on(t.secondCopyPaymentId),
    check(
      'unapplied_money_resolutions_one_amount',
      sql`num_nonnulls(${t.paymentEventId}, ${t.secondCopyPaymentId}) = 1`,
    ),
  ],
);

/** Why a PIX a PSP reported is not an instalment's payment event. */
export type UnmatchedPixReason = 'unknown_txid' | 'unreadable';

/**
 * PIX payments a store's PSP reported that match no charge of the store (an unknown txid: a second copy issued before
 * its txid was kept, a charge of another system on the same key) or that cannot be read (no endToEndId, amount or time): money received
 * all the same, kept for staff rather than only logged. Append-only; one row per store and endToEndId.
 */
export const unmatchedPixPayments = pgTable(
  'unmatched_pix_payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    endToEndId: text('end_to_end_id'),
    txid: text('txid'),
    amountCents: bigint('valor', { mode: 'number' }),
    paidAt: timestamp('horario', { withTimezone: true }),
    reason: text('motivo').$type<UnmatchedPixReason>().notNull(),
    /** The PSP's item as received (API Pix PixRecebido). */
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same notification again (a retry, reconciliation) records nothing more.
    uniqueIndex('unmatched_pix_payments_e2e')
      .on(t.storeId, t.endToEndId)
      .where(sql`${t.endToEndId} is not null`),
  ],
);

/**
 * The last boleto our-number sequence used per bank and convênio: a bank numbers a convênio's boletos once, whichever
 * store issues them. Taken with an update (row lock), so two issues never share a number.
 */
export const ourNumberSequences = pgTable(
  'our_number_sequences',
  {
    bankCode: text('banco').notNull(),
    agreement: text('convenio').notNull(),
    last: bigint('ultimo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bankCode, t.agreement] })],
);

/**
 * Answers of retryable writes by Idempotency-Key, per partner and person: a retry gets the first answer; the same
 * key with another request is refused. The row is written in the write's own transaction, so a concurrent duplicate
 * waits for it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    partnerId: partnerRef(),
    personId: personRef(),
    key: text('chave').notNull(),
    action: text('acao').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The answer as sent (JSON text: jsonb would reorder its keys, and a retry gets the same bytes). */
    answer: text('resposta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.personId, t.key] })],
);
