import type { CallRequestKind, WorkItemStatus } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contracts, instalments, persons } from './debts';
import { outboundMessages } from './messaging';
import { stores } from './partners';
import { partnerRef, personRef, unlockedRef } from './references';
import { answeredColumns, minimisedColumns, workItemColumns } from './work-items';

/** One issued plan: instalment count (0 = pay in full), entry, instalment and total in centavos, future entries. */
export type IssuedPlanTuple = [number, number, number, number, boolean, number];

const storeRef = () =>
  integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/**
 * The plans the server computed for one search of a debtor session (pre_acordo, spec 001 §3), one row per search
 * with its plans in `plans` (decision 076: one row, not one per plan, is the one statement passo_3_novo must write).
 * Saving an agreement accepts only a plan issued here, to this session, before it expires: the client never sends
 * amounts (issue 4 §6). A plan's code on the wire is the search's code and the plan's place in it (planCode). Rows
 * stay after they expire: the dashboard counts them as people quoted plans (decision 015).
 */
export const preAgreements = pgTable(
  'pre_agreements',
  {
    id: serial('pra_codigo').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    partnerId: unlockedRef('partner_id'),
    personId: personRef(),
    storeId: unlockedRef('store_id'),
    /** Contracts the plan settles. */
    contractIds: jsonb('contract_ids').$type<number[]>().notNull(),
    paymentMode: text('pagamento_avista_prazo').$type<'A' | 'P'>().notNull(),
    paymentMethod: text('metodo_pagamento').$type<'boleto' | 'pix' | 'cartao'>().notNull(),
    cardBrand: text('bandeira_cartao'),
    cardForm: text('forma_cartao'),
    /** The search's plans, in the order they were answered: [count, entry, instalment, total, future, futureTotal]. */
    plans: jsonb('planos').$type<IssuedPlanTuple[]>().notNull(),
    firstDueDate: date('pra_primeiro_vcto', { mode: 'string' }).notNull(),
    /** local: computed by packages/domain; stage: by the external calculation service. */
    source: text('origem').$type<'local' | 'stage'>().notNull(),
    /**
     * persons.debts_version the plan was quoted at (read with the session): passo_4_novo refuses a plan whose person's
     * debts changed since (an instalment paid by its second copy, an agreement), decision 045.
     */
    debtsVersion: bigint('debts_version', { mode: 'number' }).notNull(),
    /**
     * debt_view_epoch the plan was quoted at, and a digest of the instalments it priced (debtsFingerprint): a portfolio
     * import raises the epoch, not the person's version, so passo_4_novo compares the instalments again after one
     * (decision 046). Plans issued before the columns carry -1 and '' and are refused after any import.
     */
    debtEpoch: bigint('debt_epoch', { mode: 'number' }).notNull().default(-1),
    debtsFingerprint: text('debts_fingerprint').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when an agreement is made from one of its plans (`usedPlan`, its place): a search is accepted once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedPlan: integer('plano_usado'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A plan is claimed by its code; the person's export, erasure and deletion find their searches by the person.
  (t) => [index('pre_agreements_person').on(t.personId)],
);

/**
 * What a debtor tells the partner about a debt: cannot pay now (with the reason), a counter-proposal, that they do
 * not recognise it, or that they want a call or a WhatsApp contact (with the phone). The back office works these as
 * queues (decisions 030, 032).
 */
export const debtorRequests = pgTable(
  'debtor_requests',
  {
    id: serial('id').primaryKey(),
    partnerId: partnerRef(),
    /** Cleared when the retention minimises the request (decision 081); a person's erasure deletes theirs. */
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    storeId: storeRef(),
    kind: text('tipo').$type<'cannot_pay' | 'proposal' | 'dispute' | CallRequestKind>().notNull(),
    reason: text('motivo'),
    /** The phone a call or WhatsApp request asked to be reached at, digits only. */
    phone: text('telefone'),
    /** A call or WhatsApp request's e-mail to the partner's contact address (its text goes with an erasure). */
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id),
    entryCents: bigint('entrada', { mode: 'number' }),
    instalmentCount: integer('quantidade_parcelas'),
    instalmentCents: bigint('valor_parcela', { mode: 'number' }),
    status: text('status').$type<WorkItemStatus>().notNull().default('open'),
    ...workItemColumns(),
    ...answeredColumns(),
    /** A proposal's answer may carry the partner's counter-offer, which the person sees on their debts. */
    counterEntryCents: bigint('contra_entrada', { mode: 'number' }),
    counterInstalmentCount: integer('contra_quantidade_parcelas'),
    counterInstalmentCents: bigint('contra_valor_parcela', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...minimisedColumns(),
  },
  (t) => [
    index('debtor_requests_partner_kind').on(t.partnerId, t.kind, t.createdAt),
    // The debts list reads a person's counter-offers on every listing.
    index('debtor_requests_counter_offers')
      .on(t.personId)
      .where(sql`${t.counterInstalmentCount} is not null`),
    // The retention jobs' batch (decisions 057, 072): answered requests of a kind not yet minimised, oldest answer
    // first (decisions 077, 081).
    index('debtor_requests_answered')
      .on(t.kind, t.answeredAt, t.id)
      .where(sql`${t.status} = 'answered' and ${t.minimisedAt} is null`),
    check('debtor_requests_status_check', sql`${t.status} in ('open', 'in_progress', 'answered')`),
  ],
);

/** An agreement is active until an event ends it; rows are never deleted (money history). */
export type AgreementStatus = 'active' | 'settled' | 'cancelled';

/** Agreements (acordos) recorded from an issued plan (passo_4_novo); payment documents come with the agreements issue. */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('aco_codigo').primaryKey(),
    partnerId: partnerRef(),
    personId: personRef(),
    storeId: storeRef(),
    status: text('status').$type<AgreementStatus>().notNull().default('active'),
    /** The issued plan the person accepted, and its terms as agreed. */
    preAgreementId: integer('pra_codigo').references(() => preAgreements.id, { onDelete: 'set null' }),
    paymentMethod: text('forma_pagamento').$type<'boleto' | 'pix' | 'cartao'>().notNull(),
    instalmentCount: integer('quantidade_parcelas').notNull(),
    entryCents: bigint('valor_entrada', { mode: 'number' }).notNull(),
    instalmentCents: bigint('valor_parcela', { mode: 'number' }).notNull(),
    totalCents: bigint('valor_negociado', { mode: 'number' }).notNull(),
    firstDueDate: date('primeiro_vencimento', { mode: 'string' }).notNull(),
    /** Contact confirmed with the agreement (required for partners with requireContactOnConfirm). */
    phone: text('telefone'),
    email: text('email'),
    /** Made through this portal (spec 001 §4: "Recording an agreement sets a flag that an agreement was made through the portal"). */
    throughPortal: boolean('via_portal').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agreements_person_store').on(t.personId, t.storeId),
    // What agreement_contracts' foreign key refers to, so that it carries the status along.
    unique('agreements_id_status').on(t.id, t.status),
  ],
);

/** The unique index that keeps a contract under at most one active agreement (its violation is 'Acordo Ativo'). */
export const ONE_ACTIVE_AGREEMENT_PER_CONTRACT = 'agreement_contracts_one_active';

/**
 * The contracts an agreement covers. The agreement's status is copied here by the foreign key (on update cascade),
 * so that a partial unique index can hold a contract under one active agreement at most, whatever the partner and
 * however requests interleave (issue 14).
 */
export const agreementContracts = pgTable(
  'agreement_contracts',
  {
    agreementId: integer('aco_codigo').notNull(),
    agreementStatus: text('agreement_status').$type<AgreementStatus>().notNull().default('active'),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.contractId] }),
    foreignKey({
      name: 'agreement_contracts_agreement_fk',
      columns: [t.agreementId, t.agreementStatus],
      foreignColumns: [agreements.id, agreements.status],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    uniqueIndex(ONE_ACTIVE_AGREEMENT_PER_CONTRACT)
      .on(t.contractId)
      .where(sql`${t.agreementStatus} = 'active'`),
    // The debts list leaves out contracts a settled agreement discharged (decision 022).
    index('agreement_contracts_settled').on(t.contractId).where(sql`${t.agreementStatus} = 'settled'`),
  ],
);

/**
 * The portfolio instalments an agreement settles, as they were when it was made: its contracts' unpaid instalments,
 * and their future entries only when the plan included them. Meus Acordos' original instalments and the confession
 * term list these, not whatever the contracts hold later (paid before, future entries left out).
 */
export const agreementCoveredInstalments = pgTable(
  'agreement_covered_instalments',
  {
    agreementId: integer('aco_codigo')
      .notNull()
      .references(() => agreements.id),
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => instalments.id),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.instalmentId] })],
);
