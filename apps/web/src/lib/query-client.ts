import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * An answer that says no (4xx, or a 2xx with retorno false) will not change by asking again; a network failure
 * or a 5xx may, twice more.
 */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 200 && error.status < 500) return false;
  return failures < 2;
}

/** What the person reads while offline: every read and write waits for the connection (networkMode 'online'). */
export const OFFLINE_TEXT =
  'Você está sem conexão com a internet. Assim que ela voltar, continuamos de onde você parou.';

/**
 * A cache of server state with the app's rules (component tests make their own). Data stays fresh for 30 s (a
 * screen revisited within that time does not ask again); a write invalidates what it changed. Refetching on window
 * focus is off: on a phone, switching to the SMS app and back must not reload the screen under the person's finger.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | null = null;

/** The app's one cache, made when first asked for: the landing entry never loads TanStack Query; its lazy contact
 * form and the router share this one. */
export function queryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}
