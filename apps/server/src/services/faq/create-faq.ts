import type { FaqInput, FaqItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { insertFaq } from '../../repositories/faq-repository';
import { acceptedFaq, faqItem } from './faq-entry';

/** cadastrarDuvida (spec 002 §5 "FAQ", §7), staff only: a new entry once title and text pass their rules. */
export async function createFaq(db: Db, input: FaqInput): Promise<FaqItem> {
  const entry = acceptedFaq(input);
  return faqItem(await insertFaq(db, { title: entry.titulo, description: entry.descricao }));
}
