import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads } from '../db/schema';
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
