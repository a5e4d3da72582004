import type { CallRequestKind } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { portalCall } from '../../../lib/api';

// Spec 001 §7 "Request call" and "WhatsApp contact" (docs/api.md, decision 032): the person and the partner come from
// the debtor session on the server; the body names the store the request is about and the phone.

const ACTIONS: Record<CallRequestKind, string> = { call: 'solicitarLigacao', whatsapp: 'contatoWhatsapp' };

export interface ContactRequest {
  loj_codigo: number;
  /** Digits only. */
  telefone: string;
}

export function requestContact(kind: CallRequestKind, body: ContactRequest) {
  return portalCall<null>('portal', ACTIONS[kind], { ...body });
}

export function useRequestContact(kind: CallRequestKind) {
  return useMutation({ mutationFn: (body: ContactRequest) => requestContact(kind, body) });
}
