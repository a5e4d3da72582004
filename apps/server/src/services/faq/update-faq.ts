import { type FaqInput, type FaqItem, faqListCode } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockFaqRow, updateFaqRow } from '../../repositories/faq-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { acceptedFaq, checkFaqWriter, faqItem } from './faq-entry';

/**
 * atualizarDuvida (spec 002 §5 "FAQ", §7), staff only: the same rules as a new entry, and the caller must be able to
 * write both the list the entry is in and the one it goes to (its own when `parceiro` is absent). An entry that does not exist (deleted meanwhile by
 * someone else), or of a partner outside the caller's scope, answers 'Não foi possivel editar esta dúvida'; one of an
 * archived partner's list is not changed, nor moved out of it (decision 014: archived is final; it may be deleted).
 * The audit row is written in the same transaction.
 */
export async function updateFaq(
  db: Db,
  trail: AuditTrail,
  scope: StaffScope,
  codigo: number,
  input: Omit<FaqInput, 'parceiro'> & { parceiro?: string | undefined },
): Promise<FaqItem> {
  return withTransaction(db, async (tx) => {
    const before = await lockFaqRow(tx, codigo);
    if (!before && input.parceiro === undefined) throw new AppError('FAQ_UPDATE_FAILED');
    // Spec 002 §7's call names no list: an entry edited without one stays in its own (it moved to the shared one).
    const parceiro = input.parceiro ?? faqListCode(before?.partnerId ?? null);
    const entry = await acceptedFaq(tx, scope, { ...input, parceiro });
    if (!before || (before.partnerId !== null && !seesPartner(scope, before.partnerId)))
      throw new AppError('FAQ_UPDATE_FAILED');
    const owner = await checkFaqWriter(tx, scope, before.partnerId);
    if (owner?.archivedAt) throw new AppError('FAQ_ENTRY_PARTNER_ARCHIVED');
    const after = await updateFaqRow(tx, codigo, entry);
    await recordStaffAction(tx, trail, { entity: 'faq', entityId: codigo, action: 'update', before, after });
    return faqItem(after);
  });
}
