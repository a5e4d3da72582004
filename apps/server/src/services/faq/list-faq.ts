import type { FaqItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listFaqRows } from '../../repositories/faq-repository';
import { faqItem } from './faq-entry';

/**
 * getDuvidas (spec 001 §7 "Fetch FAQ", spec 002 §7): every entry in the order they were added, or the one entry of
 * `codigo` ('Dados não encontrados' when there is none). An empty list is an answer, not a failure: the back office
 * shows 'Nenhuma dúvida frequente adicionada' for it.
 */
export async function listFaq(db: Db, codigo?: number): Promise<FaqItem[]> {
  const rows = await listFaqRows(db, codigo);
  if (codigo !== undefined && rows.length === 0) throw new AppError('FAQ_NOT_FOUND');
  return rows.map(faqItem);
}
