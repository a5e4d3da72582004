import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/query-client';

/**
 * The app's one query cache for what is below: the router's pages, and the landing page's lazy parts that talk to
 * the server before the router has loaded (decision 018). Nested inside the router it is the same cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
