import { type CepAddress, type LeadInput, normalizeDocument, onlyDigits } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type Envelope, portalCall } from '../../../lib/api';

/** `a=portal&b=cadastrarLead` (spec 002 §7, docs/api.md "Leads and CEP lookup"): CPF/CNPJ and phones unmasked. */
export function sendLead(input: LeadInput): Promise<Envelope<{ led_codigo: number }>> {
  return portalCall('portal', 'cadastrarLead', {
    ...input,
    cpf_cnpj: normalizeDocument(input.cpf_cnpj),
    celular: onlyDigits(input.celular),
    fone: onlyDigits(input.fone),
  });
}

/** Sends a lead; nothing cached on the public pages depends on it. */
export function useSendLead() {
  return useMutation({ mutationFn: sendLead });
}

/**
 * `a=portal&b=consultarCEP`: the address of a CEP (retorno true), or the cleared fields and the server's message
 * ('CEP não encontrado.', ...) with retorno false.
 */
export function lookUpCep(cep: string, signal?: AbortSignal): Promise<Envelope<CepAddress>> {
  return portalCall('portal', 'consultarCEP', { cep }, { signal });
}

export const cepQueryKey = (cep: string) => ['cep', cep] as const;

/** The lookup of a complete CEP (null: none yet); a CEP typed again is answered from the cache. */
export function useCepLookup(cep: string | null) {
  return useQuery({
    queryKey: cepQueryKey(cep ?? ''),
    queryFn: ({ signal }) => lookUpCep(cep ?? '', signal),
    enabled: cep !== null,
  });
}
