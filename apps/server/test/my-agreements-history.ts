import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { partnerSections, partners } from '../src/db/schema';

/**
 * Runs `read` while the demo partner lists its agreements' history (myAgreements.flgIncluirHistorico: cancelled
 * agreements too in Meus Acordos), then takes the flag away again.
 */
export async function withAgreementHistory<T>(db: Db, read: () => Promise<T>): Promise<T> {
  const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const customization = and(
    eq(partnerSections.partnerId, demo!.id),
    eq(partnerSections.name, 'customization'),
  );
  await db
    .update(partnerSections)
    .set({ fields: sql`jsonb_set(${partnerSections.fields}, '{myAgreements,flgIncluirHistorico}', 'true')` })
    .where(customization);
  try {
    return await read();
  } finally {
    await db
      .update(partnerSections)
      .set({ fields: sql`${partnerSections.fields} #- '{myAgreements,flgIncluirHistorico}'` })
      .where(customization);
  }
}
