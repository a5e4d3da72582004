// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** useFocusStart of the visit under test: a fresh module each time, with nothing shown yet. */
let useStart: typeof import('./focus-return').useFocusStart;

function Title({ children }: { children: ReactNode }) {
  return <h1 {...useStart<HTMLHeadingElement>()}>{children}</h1>;
}

function Menu() {
  return (
    <>
      <Title>Menu</Title>
      <Link to="/minhas-dividas">Minhas Dívidas</Link>
      <Link to="/busca">Buscar</Link>
    </>
  );
}

function MyDebts() {
  return <Title>Minhas Dívidas</Title>;
}

function Search() {
  return (
    <>
      <Title>Busca</Title>
      {/* biome-ignore lint/a11y/noAutofocus: a page that focuses its own field */}
      <input aria-label="CPF" autoFocus />
    </>
  );
}

/**
 * A new visit at `path` of an app whose pages start with their heading, as the app's do; Strict Mode attaches each
 * ref twice.
 */
async function visit(path: string) {
  vi.resetModules();
  useStart = (await import('./focus-return')).useFocusStart;
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: '/menu', element: <Menu /> },
    { path: '/minhas-dividas', element: <MyDebts /> },
    { path: '/busca', element: <Search /> },
  ]);
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return userEvent.setup();
}

afterEach(cleanup);

describe('useFocusStart', () => {
  it("leaves the visit's first page alone: its skip link stays the first Tab stop", async () => {
    await visit('/menu');
    await screen.findByRole('heading', { name: 'Menu' });
    expect(document.activeElement).toBe(document.body);
  });

  it('gives the focus to the heading of a page opened by a link that went with the page before', async () => {
    const user = await visit('/menu');
    await user.click(await screen.findByRole('link', { name: 'Minhas Dívidas' }));
    const heading = await screen.findByRole('heading', { name: 'Minhas Dívidas' });
    expect(document.activeElement).toBe(heading);
  });

  it('leaves the focus with the field a page focuses itself', async () => {
    const user = await visit('/menu');
    await user.click(await screen.findByRole('link', { name: 'Buscar' }));
    await screen.findByRole('heading', { name: 'Busca' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'CPF' }));
  });
});
