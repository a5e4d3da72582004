import type {
  CreditorLeadPrefill,
  CreditorPlanWire,
  CreditorRegistrationInput,
  CreditorSignUpPayload,
} from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type Envelope, portalCall } from '../../../lib/api';

// The creditor calls of spec 002 §7 (docs/api.md "Creditor sign-up"). Each rejects with ApiError on a non-2xx answer.

/** `cadastrarEmpresaCredora`: the server builds link_cadastro from the portal's own address. */
export function registerCreditor(input: CreditorRegistrationInput): Promise<Envelope> {
  return portalCall('portal', 'cadastrarEmpresaCredora', { ...input });
}

export function useRegisterCreditor() {
  return useMutation({ mutationFn: registerCreditor });
}

/** `getEmpresasCredoras` by the code of the e-mailed link. */
export function fetchCreditorLead(
  codigo: string,
): Promise<Envelope<{ credores: CreditorLeadPrefill[] } | null>> {
  return portalCall('portal', 'getEmpresasCredoras', { codigo });
}

export const creditorLeadQueryKey = (codigo: string) => ['creditor-lead', codigo] as const;

/** The creditor lead of the e-mailed link, to prefill the wizard (no code: no query). */
export function useCreditorLead(codigo: string | undefined) {
  return useQuery({
    queryKey: creditorLeadQueryKey(codigo ?? ''),
    queryFn: () => fetchCreditorLead(codigo ?? ''),
    enabled: Boolean(codigo),
  });
}

export async function fetchCreditorPlans(): Promise<CreditorPlanWire[]> {
  const envelope = await portalCall<{ planos: CreditorPlanWire[] }>('portal', 'getPlanosAtivos', {});
  return envelope.dados?.planos ?? [];
}

export const creditorPlansQueryKey = ['creditor-plans'] as const;

export function useCreditorPlans() {
  return useQuery({ queryKey: creditorPlansQueryKey, queryFn: fetchCreditorPlans });
}

/** `cadastrarCliente` with the payload of spec 002 §3. */
export function signUpCreditor(payload: CreditorSignUpPayload): Promise<Envelope> {
  return portalCall('portal', 'cadastrarCliente', { ...payload });
}

export function useSignUpCreditor() {
  return useMutation({ mutationFn: signUpCreditor });
}
