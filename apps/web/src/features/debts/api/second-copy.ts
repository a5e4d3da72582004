import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalCall } from '../../../lib/api';
import { debtorKeys, envelopeData } from './debts';
import type { SegundaVia } from './types';

// Second-copy calls of docs/api.md "Second copies": issued and sent for the session person only.

/** The details table's PDF icon: one instalment's second copy. */
export function issueSecondCopy(lojCodigo: number, parCodigo: number) {
  return portalCall<SegundaVia>('negociacao_robo', 'emitir_segunda_via_boleto', {
    loj_codigo: lojCodigo,
    par_codigo: parCodigo,
  });
}

/** The card's second-copy invoice panel: every open instalment of its contracts. */
export function listSecondCopies(lojCodigo: number, conCodigos: number[], signal?: AbortSignal) {
  return portalCall<{ segundas_vias: SegundaVia[] }>(
    'negociacao_robo',
    'emitir_segunda_via_boleto_recupera_sysopen',
    { loj_codigo: lojCodigo, con_codigos: conCodigos.join(',') },
    { signal },
  );
}

export type SendChannel = 'sms' | 'email';

export function sendSecondCopy(codigo: number, tipoEnvio: SendChannel, enderecoEnvio: string) {
  return portalCall<null>('negociacao_robo', 'enviar_email_sms', { codigo, tipoEnvio, enderecoEnvio });
}

export const secondCopyKeys = {
  all: [...debtorKeys.all, 'second-copies'] as const,
  list: (lojCodigo: number, conCodigos: number[]) => [...secondCopyKeys.all, lojCodigo, conCodigos] as const,
};

export function useSecondCopiesQuery(lojCodigo: number, conCodigos: number[]) {
  return useQuery({
    queryKey: secondCopyKeys.list(lojCodigo, conCodigos),
    queryFn: async ({ signal }) =>
      envelopeData(await listSecondCopies(lojCodigo, conCodigos, signal)).segundas_vias,
  });
}

export function useSendSecondCopy(codigo: number) {
  return useMutation({
    mutationFn: ({ channel, address }: { channel: SendChannel; address: string }) =>
      sendSecondCopy(codigo, channel, address),
  });
}

/** Issuing an instalment's second copy adds it to its card's list. */
export function useIssueSecondCopy(lojCodigo: number, parCodigo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueSecondCopy(lojCodigo, parCodigo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondCopyKeys.all }),
  });
}
