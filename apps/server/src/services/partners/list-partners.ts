import type { PartnerListFilter, PartnerListPage } from '@portal/domain';
import type { Db } from '../../db/client';
import { listPartnersPage } from '../../repositories/partner-admin-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { fileUrl } from '../files/store-image';

/** Partners per page of GET /api/parceiro (the back office loads every page, spec 002 §4). */
export const PARTNERS_PER_PAGE = 20;

/**
 * GET /api/parceiro?page=N (spec 002 §7): one page by name, and `meta.last_page` to load the others. The active
 * partners unless `situacao` asks for the archived ones or all (decision 014).
 */
export async function listPartners(
  db: Db,
  scope: StaffScope,
  filter: PartnerListFilter,
  page: number,
): Promise<PartnerListPage> {
  const { rows, total } = await listPartnersPage(db, scope, filter, page, PARTNERS_PER_PAGE);
  return {
    data: rows.map((row) => ({
      id: row.id,
      nome: row.name,
      identificador: row.identifier,
      emp_codigo: row.companyCode,
      logo:
        row.logoSha256 && row.logoExtension
          ? fileUrl({ sha256: row.logoSha256, extension: row.logoExtension })
          : null,
      arquivado_em: row.archivedAt?.toISOString() ?? null,
    })),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / PARTNERS_PER_PAGE)),
      per_page: PARTNERS_PER_PAGE,
      total,
    },
  };
}
