import type { StoreFormInput, StoreItem, StorePreview, StorePreviewInput } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, READ_ON_OPEN } from './admin';

// Stores (docs/api.md "Stores"): the list, one store, save, switch off or on, and the preview of a policy's plans.

export const storeListKey = [ADMIN_KEY, 'stores'] as const;

export const useStores = () =>
  useQuery({
    queryKey: storeListKey,
    queryFn: async () => (await adminCall<{ data: StoreItem[] }>('GET', '/api/lojas')).data,
    ...READ_ON_OPEN,
  });

export const useStore = (id: number) =>
  useQuery({
    queryKey: [...storeListKey, id],
    queryFn: async () => (await adminCall<{ data: StoreItem }>('GET', `/api/lojas/${id}`)).data,
    ...READ_ON_OPEN,
  });

/** A new store (no id) or the whole of an existing one; the list is read again afterwards. */
export function useSaveStore(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StoreFormInput) =>
      (
        await adminCall<{ data: StoreItem; message: string }>(
          id === undefined ? 'POST' : 'PUT',
          id === undefined ? '/api/lojas' : `/api/lojas/${id}`,
          input,
        )
      ).data,
    onSuccess: (saved) => {
      // The saved store (its new version, decision 088) is what the form opens with next, not the one it replaced.
      queryClient.setQueryData([...storeListKey, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: storeListKey });
    },
  });
}

export const switchStore = (id: number, ativa: boolean) =>
  adminCall<{ message: string }>('PUT', `/api/lojas/${id}/situacao`, { ativa });

/** The plans a policy gives for a sample debt, computed by the server's engine (nothing is saved). */
export const usePreviewStore = () =>
  useMutation({
    mutationFn: async (input: StorePreviewInput) =>
      (await adminCall<{ data: StorePreview }>('POST', '/api/lojas/simulacao', input)).data,
  });
