import type { JobApplicationListPage } from '@portal/domain';
import type { Db } from '../../db/client';
import { listJobApplicationsPage } from '../../repositories/job-application-repository';

/** Applications per page of GET /api/candidaturas. */
export const JOB_APPLICATIONS_PER_PAGE = 20;

export function cvDownloadPath(id: number): string {
  return `/api/curriculos/${id}`;
}

/** GET /api/candidaturas (back office): newest first, one page, optionally of one partner. */
export async function listJobApplications(
  db: Db,
  options: { page: number; partnerId?: number | undefined },
): Promise<JobApplicationListPage> {
  const { rows, total: totalRows } = await listJobApplicationsPage(
    db,
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
