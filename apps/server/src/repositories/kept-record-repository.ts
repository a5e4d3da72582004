import { DEBTOR_REQUEST_QUEUES } from '@portal/domain';
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  contactMessages,
  creditorCompanies,
  creditorLeads,
  debtorRequests,
  leads,
  outboundMessages,
  privacyRequests,
} from '../db/schema';
import { scrubMessages } from './outbox-repository';

// The records the retention jobs erase once their period ends (docs/decisions/057, 072, 084): where each kind lives,
// when its clock starts, which rows it never touches, the outbox messages that carry what the person wrote, and what a
// row the dashboard counts keeps (decision 081: minimised, not deleted).

export type KeptRecordKind =
  | 'lead'
  | 'creditor_lead'
  | 'signed_up_creditor_lead'
  | 'contact_message'
  | 'call_request'
  | 'cannot_pay'
  | 'proposal'
  | 'dispute'
  | 'privacy_request';

interface KeptRecordTable {
  table: PgTable;
  id: PgColumn;
  /** When the retention starts: the send, or the answer for a queue's item. */
  clock: PgColumn;
  /** The rows of the kind that may be erased: a queue's item only once answered (one still waiting is being handled). */
  only: SQL | undefined;
  /** Notifications to the partner: their content goes, their recipient (the partner's address) stays. */
  toPartner: PgColumn[];
  /** Messages to the person (confirmation, answer): recipient and content go. */
  toPerson: PgColumn[];
  /**
   * A kind the dashboard counts (decision 015) is minimised (decision 081), as is a signed-up creditor lead (decision
   * 084): these columns are cleared and the row marked `minimised_at`, which takes it out of `only`. Undefined for a
   * kind whose row is deleted (a lead).
   */
  cleared?: Record<string, null>;
}

/** What no queue item keeps once minimised: who worked on it and what was answered (its e-mail is scrubbed apart). */
const clearedWork = { assignedTo: null, answeredBy: null, answerText: null } as const;

/**
 * A debtor request of these kinds, once answered: the partner's e-mail about it loses its content, the answer to the
 * person its recipient and content (decision 072; calls and WhatsApp since decision 057).
 */
const answeredDebtorRequests = (
  kinds: readonly (typeof debtorRequests.$inferSelect)['kind'][],
): KeptRecordTable => ({
  table: debtorRequests,
  id: debtorRequests.id,
  clock: debtorRequests.answeredAt,
  only: and(
    inArray(debtorRequests.kind, kinds),
    eq(debtorRequests.status, 'answered'),
    isNull(debtorRequests.minimisedAt),
  ),
  toPartner: [debtorRequests.outboundMessageId],
  toPerson: [debtorRequests.answerMessageId],
  cleared: {
    personId: null,
    reason: null,
    phone: null,
    entryCents: null,
    instalmentCount: null,
    instalmentCents: null,
    counterEntryCents: null,
    counterInstalmentCount: null,
    counterInstalmentCents: null,
    ...clearedWork,
  } satisfies Partial<Record<keyof typeof debtorRequests.$inferSelect, null>>,
});

/** A creditor company was signed up through the lead's link (decision 084). */
const creditorLeadSignedUp = sql`exists (select 1 from ${creditorCompanies} where ${creditorCompanies.creditorLeadId} = ${creditorLeads.id})`;

/** A creditor lead's e-mails: its link to the creditor, the partner's notification (decision 084). */
const creditorLeadMessages = {
  table: creditorLeads,
  id: creditorLeads.id,
  clock: creditorLeads.createdAt,
  toPartner: [creditorLeads.partnerMessageId],
  toPerson: [creditorLeads.outboundMessageId],
};

const KEPT_RECORDS: Record<KeptRecordKind, KeptRecordTable> = {
  lead: {
    table: leads,
    id: leads.id,
    clock: leads.createdAt,
    only: undefined,
    toPartner: [leads.outboundMessageId],
    toPerson: [],
  },
  // Never signed up: nothing else needs it, so it goes as a lead does.
  creditor_lead: { ...creditorLeadMessages, only: sql`not ${creditorLeadSignedUp}` },
  // Its company keeps its own name, user and e-mail; the lead keeps only the CNPJ, which refuses a second registration
  // of the company (creditorCnpjSignedUp), and the code's hash, whose link still answers that the sign-up was done.
  signed_up_creditor_lead: {
    ...creditorLeadMessages,
    only: and(creditorLeadSignedUp, isNull(creditorLeads.minimisedAt)),
    cleared: {
      companyName: null,
      contactName: null,
      mobile: null,
      landline: null,
      email: null,
      website: null,
    } satisfies Partial<Record<keyof typeof creditorLeads.$inferSelect, null>>,
  },
  contact_message: {
    table: contactMessages,
    id: contactMessages.id,
    clock: contactMessages.answeredAt,
    only: and(eq(contactMessages.status, 'answered'), isNull(contactMessages.minimisedAt)),
    toPartner: [contactMessages.outboundMessageId],
    toPerson: [contactMessages.answerMessageId],
    cleared: {
      name: null,
      email: null,
      cpfCnpj: null,
      personId: null,
      text: null,
      ...clearedWork,
    } satisfies Partial<Record<keyof typeof contactMessages.$inferSelect, null>>,
  },
  call_request: answeredDebtorRequests(DEBTOR_REQUEST_QUEUES.ligacoes),
  cannot_pay: answeredDebtorRequests(['cannot_pay']),
  proposal: answeredDebtorRequests(['proposal']),
  dispute: answeredDebtorRequests(['dispute']),
  privacy_request: {
    table: privacyRequests,
    id: privacyRequests.id,
    clock: privacyRequests.answeredAt,
    only: and(eq(privacyRequests.status, 'answered'), isNull(privacyRequests.minimisedAt)),
    toPartner: [privacyRequests.partnerMessageId],
    toPerson: [privacyRequests.personMessageId, privacyRequests.answerMessageId],
    cleared: {
      protocol: null,
      name: null,
      phone: null,
      email: null,
      requestType: null,
      message: null,
      personId: null,
      ...clearedWork,
    } satisfies Partial<Record<keyof typeof privacyRequests.$inferSelect, null>>,
  },
};

/** Whether the kind's row stays, minimised, at the end of its retention (decision 081), rather than being deleted. */
export const isMinimised = (kind: KeptRecordKind): boolean => KEPT_RECORDS[kind].cleared !== undefined;

const expired = (kept: KeptRecordTable, before: Date) => and(kept.only, lt(kept.clock, before));

/** Up to `limit` ids of the kind whose retention started before `before` (every partner's), oldest first. */
export async function findExpiredRecords(
  db: Db,
  kind: KeptRecordKind,
  before: Date,
  limit: number,
): Promise<number[]> {
  const kept = KEPT_RECORDS[kind];
  const rows = await db
    .select({ id: kept.id })
    .from(kept.table)
    .where(expired(kept, before))
    .orderBy(asc(kept.clock), asc(kept.id))
    .limit(limit);
  return rows.map((row) => row.id as number);
}

/**
 * Deletes the record, or minimises one the dashboard counts (decision 081), if it is still one whose retention started
 * before `before`, and scrubs the outbox messages it names (decision 010's scrub, saying the retention ended: one not
 * yet sent is cancelled). False when it was gone or already minimised. Run in the caller's transaction.
 */
export async function eraseExpiredRecord(
  db: Db,
  kind: KeptRecordKind,
  id: number,
  before: Date,
): Promise<boolean> {
  const kept = KEPT_RECORDS[kind];
  const fields = Object.fromEntries([
    ...kept.toPartner.map((column, index) => [`partner${index}`, column] as const),
    ...kept.toPerson.map((column, index) => [`person${index}`, column] as const),
  ]);
  const where = and(eq(kept.id, id), expired(kept, before));
  // The tables differ, so Drizzle cannot type the set: `cleared` names each table's own columns.
  const [erased] = (await (kept.cleared
    ? db
        .update(kept.table as typeof debtorRequests)
        .set({ ...(kept.cleared as Partial<typeof debtorRequests.$inferInsert>), minimisedAt: sql`now()` })
        .where(where)
        .returning(fields)
    : db.delete(kept.table).where(where).returning(fields))) as Record<string, number | null>[];
  if (!erased) return false;
  const messages = (to: 'partner' | 'person') =>
    Object.entries(erased).flatMap(([name, messageId]) =>
      name.startsWith(to) && messageId !== null ? [messageId] : [],
    );
  for (const [to, recipientToo] of [
    ['partner', false],
    ['person', true],
  ] as const) {
    const ids = messages(to);
    if (ids.length > 0) await scrubMessages(db, inArray(outboundMessages.id, ids), recipientToo, 'retention');
  }
  return true;
}
