import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** A refusal (4xx) will not change by asking again; a network failure or a 5xx may, twice more. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

let client: QueryClient | null = null;

/**
 * The app's one cache of server state, made when first asked for (the landing entry never loads TanStack Query;
 * its lazy contact form and the router share this one). Data stays fresh for 30 s (a screen revisited within that
 * time does not ask again); a write invalidates what it changed. Refetching on window focus is off: on a phone,
 * switching to the SMS app and back must not reload the screen under the person's finger.
 */
export function queryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
