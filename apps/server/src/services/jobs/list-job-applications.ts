import type { JobApplicationListPage } from '@portal/domain';
import type { Db } from '../../db/client';
import { listJobApplicationsPage } from '../../repositories/job-application-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/** Applications per page of GET /api/candidaturas. */
export const JOB_APPLICATIONS_PER_PAGE = 20;

export function cvDownloadPath(id: number): string {
  return `/api/curriculos/${id}`;
}

/** GET /api/candidaturas (back office): newest first, one page of the scope's partners, optionally of one. */
export async function listJobApplications(
  db: Db,
  scope: StaffScope,
  options: { page: number; partnerId?: number | undefined },
): Promise<JobApplicationListPage> {
  const { rows, total: totalRows } = await listJobApplicationsPage(
    db,
    scope,
    { partnerId: options.partnerId },
    { limit: JOB_APPLICATIONS_PER_PAGE, offset: (options.page - 1) * JOB_APPLICATIONS_PER_PAGE },
  );
  return {
    data: rows.map(({ application: a, partnerName, partnerIdentifier }) => ({
      id: a.id,
      parceiro: { id: a.partnerId, nome: partnerName, identificador: partnerIdentifier },
      nome: a.name,
      telefone: a.phone,
      email: a.email,
      tipoDeAtuacao: a.vacancyLevel,
      interesse: a.interestArea,
      mensagem: a.message,
      curriculo: a.cvFileKey ? { url: cvDownloadPath(a.id), bytes: a.cvBytes ?? 0 } : null,
      criadoEm: a.createdAt.toISOString(),
    })),
    meta: {
      current_page: options.page,
      last_page: Math.max(1, Math.ceil(totalRows / JOB_APPLICATIONS_PER_PAGE)),
      per_page: JOB_APPLICATIONS_PER_PAGE,
      total: totalRows,
    },
  };
}
