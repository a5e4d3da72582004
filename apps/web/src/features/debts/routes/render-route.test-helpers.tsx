import type { PartnerConfig } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FeedbackProvider } from '../../../components/ui/feedback';
import { PartnerContext } from '../../../lib/partner';
import { createQueryClient } from '../../../lib/query-client';

/**
 * A debtor-area screen at `path` in a data router (with the menu and the landing page beside it), a real query client,
 * the feedback provider and this partner: what the app gives it, with only fetch left for the test to replace.
 */
export function showRoute(path: string, screen: ReactElement, partner: PartnerConfig) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      ...(path === '/menu' ? [] : [{ path: '/menu', element: <p>Menu</p> }]),
      { path: '/', element: <p>Início</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PartnerContext.Provider value={{ config: partner }}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </PartnerContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}
