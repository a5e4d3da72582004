import type { JobApplicationInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, type Envelope } from '../../../lib/api';

/** The application as POST /api/trabalhe-conosco takes it: the CV as base64 (a data URL is accepted) or ''. */
export type JobApplicationPayload = JobApplicationInput & { curriculo: string };

/** One send of the form: its body as JSON, and its Idempotency-Key (the same for a retry of the same body). */
export interface JobApplicationSend {
  body: string;
  key: string;
}

/**
 * The job form's own route (docs/api.md "Job applications"), not api.php: a CV up to 5 MB needs a larger body limit
 * than every other call. Resolves with the envelope of a 2xx answer; rejects with ApiError otherwise.
 */
export async function sendJobApplication({
  body,
  key,
}: JobApplicationSend): Promise<Envelope<{ id: number }>> {
  let response: Response;
  try {
    response = await fetch('/api/trabalhe-conosco', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Falha de rede');
  }
  const envelope = (await response.json().catch(() => undefined)) as Envelope<{ id: number }> | undefined;
  if (!response.ok || !envelope) throw new ApiError(response.status, envelope?.mensagem ?? '', envelope);
  return envelope;
}

/** Sends an application; nothing cached on the public pages depends on it. */
export function useSendJobApplication() {
  return useMutation({ mutationFn: sendJobApplication });
}

/** The file as a data URL (base64), read on the phone only when the form is sent. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
