import type { JobApplicationListPage } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminDownload, READ_ON_OPEN } from './admin';

// The job-form calls of the back office (docs/api.md "Job applications"): the paginated list, the CV download and
// an application's erasure.

export const jobApplicationsKey = [ADMIN_KEY, 'job-applications'] as const;

export const useJobApplications = (page: number, partnerId: number | null) =>
  useQuery({
    queryKey: [...jobApplicationsKey, page, partnerId],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (partnerId !== null) query.set('parceiro', String(partnerId));
      return adminCall<JobApplicationListPage>('GET', `/api/candidaturas?${query}`);
    },
    ...READ_ON_OPEN,
  });

/** A CV as a download: the route needs the bearer token, which a plain link cannot send. */
export const useCvDownload = () =>
  useMutation({
    mutationFn: ({ id, url }: { id: number; url: string }) => adminDownload(url, `curriculo-${id}.pdf`),
  });

/** Erases an application with its CV (decision 051); the list is read again afterwards. */
export const deleteJobApplication = (id: number) => adminCall('DELETE', `/api/candidaturas/${id}`);
