import type { JobApplicationListPage } from '@portal/domain';
import { adminCall, adminDownload } from './admin';

// The job-form calls of the back office (docs/api.md "Job applications"): the paginated list and the CV download.

export function listJobApplications(page: number, partnerId: number | null): Promise<JobApplicationListPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (partnerId !== null) query.set('parceiro', String(partnerId));
  return adminCall<JobApplicationListPage>('GET', `/api/candidaturas?${query}`);
}

/** A CV as a download: the route needs the bearer token, which a plain link cannot send. */
export const downloadCv = (url: string, fileName: string) => adminDownload(url, fileName);
