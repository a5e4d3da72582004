import type { RemessaListItem, RemessaListPage, RetornoErrors, RetornoReportAnswer } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, AdminApiError, adminCall, adminDownload, READ_ON_OPEN } from './admin';

// The boleto collection calls of the back office (docs/api.md "Cobrança"): CNAB 240 remessas and retorno upload.

const remessasKey = [ADMIN_KEY, 'remessas'] as const;

export const useRemessas = (page: number) =>
  useQuery({
    queryKey: [...remessasKey, page],
    queryFn: () => adminCall<RemessaListPage>('GET', `/api/cobranca/remessas?page=${page}`),
    ...READ_ON_OPEN,
  });

/** Writes now the remessas of every boleto not yet sent; the list is read again. */
export function useGenerateRemessas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminCall<{ message: string; data: RemessaListItem[] }>('POST', '/api/cobranca/remessas', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remessasKey }),
  });
}

/** A remessa as a download: the route needs the bearer token, which a plain link cannot send. */
export const useRemessaDownload = () =>
  useMutation({
    mutationFn: (remessa: RemessaListItem) =>
      adminDownload(`/api/cobranca/remessas/${remessa.id}/arquivo`, remessa.nome_arquivo),
  });

export type RetornoUpload =
  | { ok: true; message: string; report: RetornoReportAnswer }
  | { ok: false; message: string; errors: RetornoErrors['erros'] };

/** A retorno file sent as its bytes; a file refused whole answers its errors by line instead of throwing. */
export const useRetornoUpload = () =>
  useMutation({
    mutationFn: async (file: File): Promise<RetornoUpload> => {
      const name = encodeURIComponent(file.name.replace(/[^\w.-]/g, '_').slice(0, 100) || 'retorno.ret');
      try {
        const answer = await adminCall<{ message: string; data: RetornoReportAnswer }>(
          'POST',
          `/api/cobranca/retornos?nome=${name}`,
          file,
        );
        return { ok: true, message: answer.message, report: answer.data };
      } catch (error) {
        const details =
          error instanceof AdminApiError ? (error.details as Partial<RetornoErrors> | null) : null;
        if (error instanceof AdminApiError && error.status === 422 && details?.erros)
          return { ok: false, message: error.message, errors: details.erros };
        throw error;
      }
    },
  });
