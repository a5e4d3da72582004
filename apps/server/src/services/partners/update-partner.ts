import { normalizeSubdomain, type PartnerConfig, type PartnerForm, parseStoreCodes } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findPartnerById, savePartner } from '../../repositories/partner-admin-repository';
import { invalidatePartner, loadPartnerConfig } from '../../repositories/partner-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { getPartnerForStaff, type StaffPartnerView } from './get-partner-for-staff';
import { preparePartnerWrite } from './partner-form-writer';

/**
 * PUT /api/parceiro/{id} (spec 002 §7): saves the partner form. Sections, images and store lists the form leaves
 * out stay as they are; a section sent without `arquivos` keeps its images. The change shows on the subdomain at once.
 * An archived partner is refused (decision 014): its portal stays off. The audit row, with the partner before and
 * after, is written in the same transaction.
 */
export async function updatePartner(
  db: Db,
  trail: AuditTrail,
  scope: StaffScope,
  id: number,
  form: PartnerForm,
  fixedHosts: Readonly<Record<string, string>>,
): Promise<StaffPartnerView> {
  const row = await findPartnerById(db, id);
  if (!row || !seesPartner(scope, row.id)) throw new AppError('PARTNER_ID_NOT_FOUND');
  if (row.archivedAt) throw new AppError('PARTNER_ARCHIVED');
  // Read past the cache: the form is merged with what is stored now.
  invalidatePartner(db, id);
  const config = await loadPartnerConfig(db, row);
  const tenancyChange = scope.role === 'administrator' ? null : changedTenancyField(form, config);
  if (tenancyChange) throw new AppError('PARTNER_TENANCY_ADMIN_ONLY', { campo: tenancyChange });
  const write = await preparePartnerWrite(db, form, 'update', { row, config, fixedHosts });
  const before = await getPartnerForStaff(db, scope, id);
  await savePartner(db, id, write, async (tx) =>
    recordStaffAction(tx, trail, {
      entity: 'partner',
      entityId: id,
      before,
      after: await getPartnerForStaff(tx, scope, id),
    }),
  );
  invalidatePartner(db, id);
  return getPartnerForStaff(db, scope, id);
}

/**
 * The first field of the form that moves the partner to another subdomain, company or stores, or null: the subdomain
 * is where e-mails already sent lead (decision 087).
 */
function changedTenancyField(form: PartnerForm, config: PartnerConfig): keyof PartnerForm | null {
  if (form.identificador !== undefined && normalizeSubdomain(form.identificador) !== config.identificador)
    return 'identificador';
  if (form.emp_codigo !== undefined && form.emp_codigo !== config.emp_codigo) return 'emp_codigo';
  for (const field of ['loj_codigo', 'loj_codigo_nao_negocia'] as const) {
    if (form[field] === undefined) continue;
    const sent = parseStoreCodes(form[field]);
    const stored = new Set(parseStoreCodes(config[field]));
    if (sent === null || sent.length !== stored.size || sent.some((code) => !stored.has(code))) return field;
  }
  return null;
}
