import type { ContactFormInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type Envelope, portalCall } from '../../../lib/api';

/** `a=portal&b=enviarContato` (spec 000 §3 "Contact form"). Rejects with ApiError on any non-2xx answer. */
export function sendContact(input: ContactFormInput): Promise<Envelope> {
  return portalCall('portal', 'enviarContato', { ...input });
}

/** Sends the contact message; nothing cached depends on it. */
export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
