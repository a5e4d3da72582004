import type { PartnerForm } from '@portal/domain';
import type { Db } from '../../db/client';
import { savePartner } from '../../repositories/partner-admin-repository';
import { invalidatePartner } from '../../repositories/partner-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { getPartnerForStaff, type StaffPartnerView } from './get-partner-for-staff';
import { preparePartnerWrite } from './partner-form-writer';

/**
 * POST /api/parceiro (spec 002 §7): a new partner portal with the form defaults, live on its subdomain at once. The
 * audit row, with the partner as saved, is written in the same transaction.
 */
export async function createPartner(
  db: Db,
  trail: AuditTrail,
  scope: StaffScope,
  form: PartnerForm,
): Promise<StaffPartnerView> {
  const write = await preparePartnerWrite(db, form, 'create', null);
  const id = await savePartner(db, null, write, async (tx, id) =>
    recordStaffAction(tx, trail, {
      entity: 'partner',
      entityId: id,
      after: await getPartnerForStaff(tx, scope, id),
    }),
  );
  // A visitor may have asked for this subdomain before it existed; misses are not cached, but be thorough.
  invalidatePartner(db, id);
  return getPartnerForStaff(db, scope, id);
}
