import type { FaqItem } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqItems } from '../../db/schema';
import { AppError } from '../../errors';
import { faqItem } from './faq-entry';

/**
 * getDuvidas (spec 001 §7 "Fetch FAQ", spec 002 §7): every entry in the order they were added, or the one entry of
 * `codigo` ('Dados não encontrados' when there is none). An empty list is an answer, not a failure: the back office
 * shows 'Nenhuma dúvida frequente adicionada' for it.
 */
export async function listFaq(db: Db, codigo?: number): Promise<FaqItem[]> {
  const columns = { id: faqItems.id, title: faqItems.title, description: faqItems.description };
  const rows =
    codigo === undefined
      ? await db.select(columns).from(faqItems).orderBy(asc(faqItems.id))
      : await db.select(columns).from(faqItems).where(eq(faqItems.id, codigo));
  if (codigo !== undefined && rows.length === 0) throw new AppError('FAQ_NOT_FOUND');
  return rows.map(faqItem);
}
