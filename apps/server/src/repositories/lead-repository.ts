import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads } from '../db/schema';
import { findRepeatedRequest } from './repeated-request';
import { partnerCondition, type StaffScope } from './staff-scope';

export type LeadRow = typeof leads.$inferSelect;

/**
 * Leads created in [from, to) (the back office's ListLeads filters 'Data inicial' / 'Data final', spec 002 §2),
 * oldest first. The caller turns the Brasília dates it receives into these instants.
 */
export async function listLeadsCreatedBetween(
  db: Db,
  scope: StaffScope,
  range: { from: Date; to: Date },
): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(
      and(
        gte(leads.createdAt, range.from),
        lt(leads.createdAt, range.to),
        partnerCondition(leads.partnerId, scope),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id));
}

/** A lead of the partner, with the outbox message that notified the partner (null when nobody was). */
export async function insertLead(
  db: Db,
  partnerId: number,
  lead: Omit<typeof leads.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<number> {
  const [row] = await db
    .insert(leads)
    .values({ ...lead, partnerId })
    .returning({ id: leads.id });
  return row!.id;
}

type LeadFields = Omit<typeof leads.$inferInsert, 'id' | 'partnerId' | 'createdAt' | 'outboundMessageId'>;

/**
 * The id of the partner's lead with exactly these fields created since `since` (the same proposal sent again, from
 * the same person logged in or anonymously again), looked up under a lock on the partner and document.
 */
export async function findRepeatedLead(
  db: Db,
  partnerId: number,
  lead: LeadFields,
  since: Date,
): Promise<number | undefined> {
  const repeated = await findRepeatedRequest(db, {
    table: leads,
    fields: { id: leads.id },
    lock: { name: `lead:${lead.cpfCnpj}`, id: partnerId },
    sameContent: [
      [leads.cpfCnpj, lead.cpfCnpj],
      [leads.name, lead.name],
      [leads.email, lead.email],
      [leads.mobile, lead.mobile],
      [leads.phone, lead.phone ?? ''],
      [leads.city, lead.city],
      [leads.store, lead.store],
      [leads.amountCents, lead.amountCents],
      [leads.affordableCents, lead.affordableCents],
      [leads.paymentForm, lead.paymentForm],
      [leads.notes, lead.notes ?? ''],
      [leads.personId, lead.personId ?? null],
    ],
    where: eq(leads.partnerId, partnerId),
    createdAt: leads.createdAt,
    since,
  });
  return repeated?.id;
}
