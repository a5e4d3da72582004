import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads } from '../db/schema';
import { partnerCondition, type StaffScope } from './staff-scope';
import { lockUntilCommit } from './transaction';

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
 * The id of the partner's lead with exactly these fields created in the last `minutes` (the same proposal sent
 * again), looked up under a lock on the partner and document held until the transaction ends: of two sent at once,
 * the second waits for the first and finds it.
 */
export async function findRepeatedLead(
  db: Db,
  partnerId: number,
  lead: LeadFields,
  minutes: number,
): Promise<number | undefined> {
  await lockUntilCommit(db, `lead:${lead.cpfCnpj}`, partnerId);
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.partnerId, partnerId),
        eq(leads.cpfCnpj, lead.cpfCnpj),
        eq(leads.name, lead.name),
        eq(leads.email, lead.email),
        eq(leads.mobile, lead.mobile),
        eq(leads.phone, lead.phone ?? ''),
        eq(leads.city, lead.city),
        eq(leads.store, lead.store),
        eq(leads.amountCents, lead.amountCents),
        eq(leads.affordableCents, lead.affordableCents),
        eq(leads.paymentForm, lead.paymentForm),
        eq(leads.notes, lead.notes ?? ''),
        // Sent by the same person logged in, or anonymously again.
        lead.personId == null ? isNull(leads.personId) : eq(leads.personId, lead.personId),
        gte(leads.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(desc(leads.id))
    .limit(1);
  return row?.id;
}
