import type {
  PrivacyRequestListItem,
  PrivacyRequestListPage,
  PrivacyRequestStatusName,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, READ_ON_OPEN } from './admin';

// The privacy queue of the admin API (docs/api.md "Privacy portal"): the rights requests of the privacy portal.

/** The queue's filters; '' is "any". Dates are 'YYYY-MM-DD' (Brasília days of receipt, both ends included). */
export interface PrivacyRequestFilters {
  parceiro: string;
  status: PrivacyRequestStatusName | '';
  de: string;
  ate: string;
}

/** Every page of every filter of the queue; a status change invalidates them all. */
export const privacyRequestsKey = [ADMIN_KEY, 'privacy-requests'] as const;

export const usePrivacyRequests = (filters: PrivacyRequestFilters, page: number) =>
  useQuery({
    queryKey: [...privacyRequestsKey, filters, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      return adminCall<PrivacyRequestListPage>('GET', `/api/solicitacoes-privacidade?${query}`);
    },
    ...READ_ON_OPEN,
  });

export const movePrivacyRequest = (id: number, status: PrivacyRequestStatusName) =>
  adminCall<{ message: string; data: PrivacyRequestListItem }>(
    'PUT',
    `/api/solicitacoes-privacidade/${id}/status`,
    {
      status,
    },
  );
