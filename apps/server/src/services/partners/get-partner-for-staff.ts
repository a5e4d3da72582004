import type { PartnerConfig } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findPartnerById } from '../../repositories/partner-admin-repository';
import { loadPartnerConfig } from '../../repositories/partner-repository';
import { type StaffScope, seesPartner } from '../../repositories/staff-scope';

/**
 * The partner as UpdatePartner edits it: the whole configuration, plus whether its portal is switched on and when it
 * was archived (ISO 8601; null while active).
 */
export interface StaffPartnerView extends PartnerConfig {
  ativo: boolean;
  arquivado_em: string | null;
  /** Counts the form's saves: sent back with the form, so a save over another's is refused (decision 090). */
  versao: number;
}

/** GET /api/parceiro/{id}/info with a numeric id, for staff (spec 002 §4: edit loads the partner). */
export async function getPartnerForStaff(db: Db, scope: StaffScope, id: number): Promise<StaffPartnerView> {
  const partner = await findPartnerById(db, id);
  if (!partner || !seesPartner(scope, partner.id)) throw new AppError('PARTNER_ID_NOT_FOUND');
  return {
    ...(await loadPartnerConfig(db, partner)),
    ativo: partner.companyToken !== null,
    arquivado_em: partner.archivedAt?.toISOString() ?? null,
    versao: partner.version,
  };
}
