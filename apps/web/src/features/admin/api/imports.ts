import type { ImportRunAnswer, ImportRunSummary } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readCredentials } from '../lib/credentials';
import { ADMIN_KEY, AdminApiError, adminCall, adminFailure, READ_ON_OPEN } from './admin';

// The portfolio import of the back office (docs/api.md "Importação"): the upload answers the run as it goes, one
// JSON line each, so the progress shows while the server is busy with the import; the list shows the latest runs.

const runsKey = [ADMIN_KEY, 'imports'] as const;
const POLL_MS = 1000;

/** The latest runs; read again every second while one of them is running. */
export const useImportRuns = () =>
  useQuery({
    queryKey: runsKey,
    queryFn: async () => (await adminCall<{ data: ImportRunSummary[] }>('GET', '/api/importacoes')).data,
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'running') ? POLL_MS : false),
    ...READ_ON_OPEN,
  });

/** The lines of a streamed answer, as they arrive. */
async function* runLines(body: ReadableStream<Uint8Array>): AsyncGenerator<ImportRunAnswer> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    pending += decoder.decode(value, { stream: true });
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      yield JSON.parse(pending.slice(0, end)) as ImportRunAnswer;
      pending = pending.slice(end + 1);
    }
  }
}

/**
 * Sends the file's bytes for a partner and hands each state of the run to `onRun`; resolves with the run as it
 * ended. A refusal (another import running, too large, not a CSV) throws an AdminApiError as any admin call.
 */
async function uploadPortfolio(
  file: File,
  partnerId: number,
  onRun: (run: ImportRunAnswer) => void,
): Promise<ImportRunAnswer> {
  const query = new URLSearchParams({ parceiro: String(partnerId), nome: file.name });
  const bearer = readCredentials()?.token;
  let response: Response;
  try {
    response = await fetch(`/api/importacoes?${query}`, {
      method: 'POST',
      headers: {
        Accept: 'application/x-ndjson, application/json',
        'Content-Type': 'text/csv',
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      credentials: 'same-origin',
      body: file,
    });
  } catch {
    throw new AdminApiError(0, '');
  }
  if (!response.ok || !response.body) {
    const json = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    throw adminFailure(response.status, json?.message, json?.dados);
  }
  let last: ImportRunAnswer | undefined;
  try {
    for await (const run of runLines(response.body)) {
      last = run;
      onRun(run);
    }
  } catch {
    throw new AdminApiError(0, '');
  }
  if (!last) throw new AdminApiError(0, '');
  return last;
}

/** The upload; the list of runs is read again when it ends (or fails). */
export function useUploadPortfolio(onRun: (run: ImportRunAnswer) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, partnerId }: { file: File; partnerId: number }) =>
      uploadPortfolio(file, partnerId, onRun),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsKey }),
  });
}
