import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agreements } from '../../db/schema';
import { AppError } from '../../errors';
import { deletePartnerRow, findPartnerById } from '../../repositories/partner-admin-repository';
import { invalidatePartner } from '../../repositories/partner-repository';

/** Spec 002 §6, §9: the partner with id 1 is not deletable. */
export const PROTECTED_PARTNER_ID = 1;

/**
 * DELETE /api/parceiro/{id} (spec 002 §7). Partner 1, any partner with the `undeletable` capability, and any
 * partner with agreements are refused. The partner's sections, store links, debtor sessions and requests go with it
 * (ON DELETE CASCADE); stores, people, debts and images stay (they are shared).
 */
export async function deletePartner(db: Db, id: number): Promise<void> {
  const partner = await findPartnerById(db, id);
  if (!partner) throw new AppError('PARTNER_ID_NOT_FOUND');
  if (partner.id === PROTECTED_PARTNER_ID || partner.capabilities.undeletable === true) {
    throw new AppError('PARTNER_UNDELETABLE');
  }
  // Agreements are money history: a partner that has any is switched off (its portal flag), never erased.
  const [agreement] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(eq(agreements.partnerId, id))
    .limit(1);
  if (agreement) throw new AppError('PARTNER_HAS_AGREEMENTS');
  await deletePartnerRow(db, id);
  invalidatePartner(db, id);
}
