import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { faqItems, partners } from '../db/schema';
import { partnerCondition, type StaffScope } from './staff-scope';

// The portal's FAQ (issue 18 item 8; decision 031): shared entries (no partner) and partners' own, written by staff.

export type FaqRow = Pick<typeof faqItems.$inferSelect, 'id' | 'title' | 'description' | 'partnerId'>;
export type FaqValues = Pick<FaqRow, 'title' | 'description' | 'partnerId'>;

const columns = {
  id: faqItems.id,
  title: faqItems.title,
  description: faqItems.description,
  partnerId: faqItems.partnerId,
};
const byId = (id: number | undefined, where: SQL | undefined) =>
  id === undefined ? where : and(eq(faqItems.id, id), where);

/**
 * The list a partner's portal shows, in the order the entries were added (or, with `id`, that entry of it): the
 * partner's own entries, or the shared ones when it has none of its own.
 */
export async function listPortalFaqRows(db: Db, partnerId: number, id?: number): Promise<FaqRow[]> {
  const ownOrShared = or(
    eq(faqItems.partnerId, partnerId),
    and(
      isNull(faqItems.partnerId),
      sql`not exists (select 1 from ${faqItems} own where own.partner_id = ${partnerId})`,
    ),
  );
  return db.select(columns).from(faqItems).where(byId(id, ownOrShared)).orderBy(asc(faqItems.id));
}

/**
 * The entries a staff member may see (the shared ones and their partners'), with the partner's name and when it was
 * archived, shared first then by partner, each in the order added; or, with `id`, that one entry.
 */
export async function listStaffFaqRows(db: Db, scope: StaffScope, id?: number) {
  const scoped = partnerCondition(faqItems.partnerId, scope);
  return db
    .select({ ...columns, partnerName: partners.name, partnerArchivedAt: partners.archivedAt })
    .from(faqItems)
    .leftJoin(partners, eq(partners.id, faqItems.partnerId))
    .where(byId(id, scoped && or(isNull(faqItems.partnerId), scoped)))
    .orderBy(sql`${faqItems.partnerId} nulls first`, asc(faqItems.id));
}

/** One entry, locked for the write that follows; undefined when there is none. */
export async function lockFaqRow(db: Db, id: number): Promise<FaqRow | undefined> {
  const [row] = await db.select(columns).from(faqItems).where(eq(faqItems.id, id)).for('update');
  return row;
}

export async function insertFaq(db: Db, entry: FaqValues): Promise<FaqRow> {
  const [row] = await db.insert(faqItems).values(entry).returning(columns);
  return row!;
}

export async function updateFaqRow(db: Db, id: number, entry: FaqValues): Promise<FaqRow> {
  const [row] = await db
    .update(faqItems)
    .set({ ...entry, updatedAt: new Date() })
    .where(eq(faqItems.id, id))
    .returning(columns);
  return row!;
}

export async function deleteFaqRow(db: Db, id: number): Promise<void> {
  await db.delete(faqItems).where(eq(faqItems.id, id));
}
