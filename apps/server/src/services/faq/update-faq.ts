import type { FaqInput, FaqItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { updateFaqRow } from '../../repositories/faq-repository';
import { acceptedFaq, faqItem } from './faq-entry';

/**
 * atualizarDuvida (spec 002 §5 "FAQ", §7), staff only: the same rules as a new entry; an entry that does not exist
 * (deleted meanwhile by someone else) answers 'Não foi possivel editar esta dúvida'.
 */
export async function updateFaq(db: Db, codigo: number, input: FaqInput): Promise<FaqItem> {
  const entry = acceptedFaq(input);
  const row = await updateFaqRow(db, codigo, { title: entry.titulo, description: entry.descricao });
  if (!row) throw new AppError('FAQ_UPDATE_FAILED');
  return faqItem(row);
}
