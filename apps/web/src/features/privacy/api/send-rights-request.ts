import type { PrivacyRequestInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type Envelope, portalCall } from '../../../lib/api';

/** What a stored request answers: its protocol and legal deadline (YYYY-MM-DD). */
export interface SubmittedRequest {
  protocolo: string;
  prazo: string;
}

/**
 * `a=portal&b=enviarSolicitacaoPrivacidade` (spec 000 §3 "Rights request form"). Rejects with ApiError on any
 * non-2xx answer (a 400 carries the field messages).
 */
export function sendRightsRequest(input: PrivacyRequestInput): Promise<Envelope<SubmittedRequest>> {
  return portalCall<SubmittedRequest>('portal', 'enviarSolicitacaoPrivacidade', { ...input });
}

/** Sends a rights request; nothing cached on the public pages depends on it. */
export function useSendRightsRequest() {
  return useMutation({ mutationFn: sendRightsRequest });
}
