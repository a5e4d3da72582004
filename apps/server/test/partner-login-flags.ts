import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { partnerSections, partners } from '../src/db/schema';
import { invalidatePartner } from '../src/repositories/partner-repository';

/**
 * Runs `body` while a partner's login settings (customization.confirmBirthday, where the back office stores them)
 * carry `flags`, then puts them back; the partner cache is dropped each time, as a back-office save does.
 */
export async function withLoginFlags(
  db: Db,
  identifier: string,
  flags: Record<string, boolean>,
  body: () => Promise<void>,
): Promise<void> {
  const [partner] = await db.select().from(partners).where(eq(partners.identifier, identifier));
  const where = and(eq(partnerSections.partnerId, partner!.id), eq(partnerSections.name, 'customization'));
  const [section] = await db.select().from(partnerSections).where(where);
  const fields = section!.fields as { confirmBirthday?: Record<string, unknown> };
  const changed = { ...fields, confirmBirthday: { ...fields.confirmBirthday, ...flags } };
  await db.update(partnerSections).set({ fields: changed }).where(where);
  invalidatePartner(db, partner!.id);
  try {
    await body();
  } finally {
    await db.update(partnerSections).set({ fields: section!.fields }).where(where);
    invalidatePartner(db, partner!.id);
  }
}
