import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { faqItems } from '../db/schema';

// The portal's FAQ: one list for every partner, written by staff only.

export type FaqRow = Pick<typeof faqItems.$inferSelect, 'id' | 'title' | 'description'>;

const columns = { id: faqItems.id, title: faqItems.title, description: faqItems.description };

/** Every entry in the order they were added, or (with `id`) that one entry. */
export async function listFaqRows(db: Db, id?: number): Promise<FaqRow[]> {
  return id === undefined
    ? db.select(columns).from(faqItems).orderBy(asc(faqItems.id))
    : db.select(columns).from(faqItems).where(eq(faqItems.id, id));
}

export async function insertFaq(db: Db, entry: { title: string; description: string }): Promise<FaqRow> {
  const [row] = await db.insert(faqItems).values(entry).returning(columns);
  return row!;
}

/** The entry as changed; undefined when there is no such entry. */
export async function updateFaqRow(
  db: Db,
  id: number,
  entry: { title: string; description: string },
): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(faqItems)
    .set({ ...entry, updatedAt: new Date() })
    .where(eq(faqItems.id, id))
    .returning(columns);
  return row;
}

/** False when there was no such entry. */
export async function deleteFaqRow(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(faqItems).where(eq(faqItems.id, id)).returning({ id: faqItems.id });
  return deleted.length > 0;
}
