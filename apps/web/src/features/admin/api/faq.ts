import type { FaqInput, FaqItem, FaqStaffItem } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, adminPortalCall, READ_ON_OPEN } from './admin';

// The FAQ calls: the back office reads every entry it may see with its partner (GET /api/duvidas, issue 18 item 8);
// the writes are spec 002 §7's (a=portal) and need the staff token.

/** The FAQ list; one entry is under it, so a write invalidating the list invalidates the entry too. */
export const faqListKey = [ADMIN_KEY, 'faq'] as const;

const listFaq = async () => (await adminCall<{ data: FaqStaffItem[] }>('GET', '/api/duvidas')).data;

export const useFaqList = () => useQuery({ queryKey: faqListKey, queryFn: listFaq, ...READ_ON_OPEN });

/**
 * One entry by its codigo (UpdateQuestions); fails with 'Dados não encontrados' when there is none. Not kept once
 * the form closes: the form starts from the entry as it is when opened.
 */
export const useFaqEntry = (codigo: number) =>
  useQuery({
    queryKey: [...faqListKey, codigo],
    queryFn: async () => (await adminCall<{ data: FaqStaffItem }>('GET', `/api/duvidas/${codigo}`)).data,
    ...READ_ON_OPEN,
    gcTime: 0,
  });

/** Saves an entry: a new one without `codigo`, else that one's update; the list is read again afterwards. */
export function useSaveFaq(codigo?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FaqInput) =>
      codigo === undefined
        ? adminPortalCall<{ duvida: FaqItem }>('cadastrarDuvida', input)
        : adminPortalCall<{ duvida: FaqItem }>('atualizarDuvida', { codigo, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqListKey }),
  });
}

export const deleteFaq = (codigo: number) => adminPortalCall<null>('deletarDuvida', { codigo });
