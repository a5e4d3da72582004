import { type FaqInput, type FaqItem, type FaqRule, normalizeFaq, validateFaq } from '@portal/domain';
import { AppError, type AppErrorCode } from '../../errors';
import type { FaqRow } from '../../repositories/faq-repository';

// Shared by the FAQ use cases: the entry's rules (packages/domain faq.ts) as typed errors, and the row as the
// portal API answers it.

const RULE_ERRORS: Record<FaqRule, AppErrorCode> = {
  titleRequired: 'FAQ_TITLE_REQUIRED',
  textRequired: 'FAQ_TEXT_REQUIRED',
  titleTooLong: 'FAQ_TITLE_TOO_LONG',
  textTooLong: 'FAQ_TEXT_TOO_LONG',
};

/** The entry to store, or the first broken rule as an AppError with `{ field: message }`. */
export function acceptedFaq(input: FaqInput): FaqInput {
  const failure = validateFaq(input);
  if (failure) throw new AppError(RULE_ERRORS[failure.rule], { [failure.field]: failure.message });
  return normalizeFaq(input);
}

export function faqItem(row: FaqRow): FaqItem {
  return { codigo: row.id, titulo: row.title, descricao: row.description };
}
