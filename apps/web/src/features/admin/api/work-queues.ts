import type {
  WorkAnswerInput,
  WorkItem,
  WorkItemDetail,
  WorkItemPage,
  WorkItemStatus,
  WorkQueueKey,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, READ_ON_OPEN } from './admin';

// The work queues of the admin API (docs/api.md "Work queues"; decision 030).

/** A queue's filters; '' is "any". */
export interface WorkItemFilters {
  parceiro: string;
  status: WorkItemStatus | '';
}

/** Every page and item of every queue; a change invalidates them all. */
export const workQueuesKey = [ADMIN_KEY, 'work-queues'] as const;

export const useWorkItems = (queue: WorkQueueKey, filters: WorkItemFilters, page: number) =>
  useQuery({
    queryKey: [...workQueuesKey, queue, filters, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      return adminCall<WorkItemPage>('GET', `/api/filas/${queue}?${query}`);
    },
    ...READ_ON_OPEN,
  });

export const useWorkItem = (queue: WorkQueueKey, id: number) =>
  useQuery({
    queryKey: [...workQueuesKey, queue, 'item', id],
    queryFn: async () => (await adminCall<{ data: WorkItemDetail }>('GET', `/api/filas/${queue}/${id}`)).data,
    ...READ_ON_OPEN,
  });

type Written = { message: string; data: WorkItem };

/** `seen`: the assignee the screen showed, so the server refuses if someone else changed it meanwhile. */
export const assignWorkItem = (queue: WorkQueueKey, id: number, usuario: number, seen: number | null) =>
  adminCall<Written>('PUT', `/api/filas/${queue}/${id}/responsavel`, { usuario, responsavel_atual: seen });

export const startWorkItem = (queue: WorkQueueKey, id: number) =>
  adminCall<Written>('PUT', `/api/filas/${queue}/${id}/andamento`, {});

export const answerWorkItem = (queue: WorkQueueKey, id: number, answer: WorkAnswerInput) =>
  adminCall<Written>('POST', `/api/filas/${queue}/${id}/resposta`, answer);
