import type { FaqItem, FaqStaffItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listPortalFaqRows, listStaffFaqRows } from '../../repositories/faq-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { faqItem, faqStaffItem } from './faq-entry';

/**
 * getDuvidas (spec 001 §7 "Fetch FAQ", spec 002 §7) for a partner's portal: its own entries, or the shared list when
 * it has none (decision 031), in the order they were added; or the one entry of `codigo` in that list ('Dados não
 * encontrados' when there is none). An empty list is an answer, not a failure.
 */
export async function listFaq(db: Db, partnerId: number, codigo?: number): Promise<FaqItem[]> {
  const rows = await listPortalFaqRows(db, partnerId, codigo);
  if (codigo !== undefined && rows.length === 0) throw new AppError('FAQ_NOT_FOUND');
  return rows.map(faqItem);
}

/**
 * GET /api/duvidas and /api/duvidas/{id} (ListQuestions, UpdateQuestions): the entries a staff member may see, shared and of their
 * partners, each with its partner; or the one entry of `codigo` ('Dados não encontrados' when there is none, or it
 * is another partner's).
 */
export async function listStaffFaq(db: Db, scope: StaffScope, codigo?: number): Promise<FaqStaffItem[]> {
  const rows = await listStaffFaqRows(db, scope, codigo);
  if (codigo !== undefined && rows.length === 0) throw new AppError('FAQ_ENTRY_NOT_FOUND');
  return rows.map(faqStaffItem);
}
