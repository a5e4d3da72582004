import { type FaqInput, type FaqItem, faqSchema, firstIssue } from '@portal/domain';
import { ruleError } from '../../errors';
import type { FaqRow } from '../../repositories/faq-repository';

// Shared by the FAQ use cases: the entry's rules (packages/domain faq.ts) as typed errors, and the row as the
// portal API answers it.

/** The entry to store (normalised by the schema), or the first broken rule as an AppError with `{ field: message }`. */
export function acceptedFaq(input: FaqInput): FaqInput {
  const result = firstIssue(faqSchema, input);
  if (!result.ok)
    throw ruleError(
      ['FAQ_TITLE_REQUIRED', 'FAQ_TITLE_TOO_LONG', 'FAQ_TEXT_REQUIRED', 'FAQ_TEXT_TOO_LONG'],
      result,
    );
  return result.data;
}

export function faqItem(row: FaqRow): FaqItem {
  return { codigo: row.id, titulo: row.title, descricao: row.description };
}
