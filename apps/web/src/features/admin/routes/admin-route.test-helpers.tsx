import { STAFF_STORAGE_KEYS } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { FeedbackProvider } from '../../../components/ui/feedback';
import { createQueryClient } from '../../../lib/query-client';
import type { StaffUser } from '../api/admin';

export const ADMINISTRATOR: StaffUser = {
  id: 1,
  username: 'admin',
  papel: 'administrator',
  parceiros: null,
  trocar_senha: false,
};

/** What the admin API answers a path with: a status and a JSON body. */
export type AdminAnswer = { status?: number; body: unknown };

/**
 * A back-office screen at `path` as the app gives it: a data router, a real query client, the feedback provider,
 * stored staff credentials; only fetch, at the network edge, is replaced: `answer` gets each admin API path
 * (GET /api/me answers an administrator unless it says otherwise). vi.unstubAllGlobals undoes it. `route` is the
 * screen's path pattern when it reads parameters ('/admin/acordos/:id').
 */
export function showAdminRoute(
  path: string,
  screen: ReactElement,
  answer: (path: string, method: string) => AdminAnswer | undefined,
  route = path,
) {
  window.localStorage.setItem(STAFF_STORAGE_KEYS.token, 't'.repeat(40));
  window.localStorage.setItem(STAFF_STORAGE_KEYS.userId, '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const given =
        answer(url, method) ?? (url === '/api/me' ? { body: { data: ADMINISTRATOR } } : undefined);
      if (!given) throw new Error(`No answer for ${method} ${url}`);
      return new Response(JSON.stringify(given.body), { status: given.status ?? 200 });
    }),
  );
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: route, element: screen },
      { path: '/admin', element: <p>Início</p> },
      { path: '/login', element: <p>Login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router, queryClient };
}
