import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { archivePartnerRow, findPartnerById } from '../../repositories/partner-admin-repository';
import { invalidatePartner } from '../../repositories/partner-repository';

/** Spec 002 §6, §9: the partner with id 1 is not deletable. */
export const PROTECTED_PARTNER_ID = 1;

/**
 * DELETE /api/parceiro/{id} (spec 002 §7) archives the partner (decision 014): its portal is switched off ('Portal
 * não está funcionando!'), its debtor sessions end and it leaves the active list. Nothing is deleted: its LGPD
 * requests, leads, CVs, contact messages, debtor requests, step logs and agreements stay in the back office, and its
 * subdomain and company code stay reserved. Partner 1, any partner with the `undeletable` capability and one already
 * archived are refused.
 */
export async function archivePartner(db: Db, id: number, staffUserId: number): Promise<void> {
  const partner = await findPartnerById(db, id);
  if (!partner) throw new AppError('PARTNER_ID_NOT_FOUND');
  if (partner.id === PROTECTED_PARTNER_ID || partner.capabilities.undeletable === true) {
    throw new AppError('PARTNER_NOT_ARCHIVABLE');
  }
  // The row's own condition settles a race with another archive of the same partner.
  if (partner.archivedAt || !(await archivePartnerRow(db, id, staffUserId))) {
    throw new AppError('PARTNER_ARCHIVED');
  }
  invalidatePartner(db, id);
}
