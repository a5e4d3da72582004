import type { FaqInput, FaqItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { insertFaq } from '../../repositories/faq-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { acceptedFaq, faqItem } from './faq-entry';

/**
 * cadastrarDuvida (spec 002 §5 "FAQ", §7), staff only: a new entry of the shared list or of a partner's once title
 * and text pass their rules and the caller may write that list; the audit row is written in the same transaction.
 */
export async function createFaq(
  db: Db,
  trail: AuditTrail,
  scope: StaffScope,
  input: FaqInput,
): Promise<FaqItem> {
  return withTransaction(db, async (tx) => {
    const row = await insertFaq(tx, await acceptedFaq(tx, scope, input));
    await recordStaffAction(tx, trail, { entity: 'faq', entityId: row.id, after: row });
    return faqItem(row);
  });
}
