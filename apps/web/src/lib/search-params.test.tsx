// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearchParams, useTypedSearchParams } from './search-params';

const schema = z.object({
  aba: z.enum(['inicio', 'ajuda']).catch('inicio'),
  token: z.string().trim().min(1).optional().catch(undefined),
});

afterEach(cleanup);

describe('parseSearchParams', () => {
  it('reads the fields of the schema from a query', () => {
    expect(parseSearchParams(schema, '?aba=ajuda&token=%20abc%20&outro=1')).toEqual({
      aba: 'ajuda',
      token: 'abc',
    });
  });

  it('falls back to the defaults for a missing or unknown value', () => {
    expect(parseSearchParams(schema, '')).toEqual({ aba: 'inicio' });
    expect(parseSearchParams(schema, '?aba=nada&token=')).toEqual({ aba: 'inicio', token: undefined });
  });
});

type Params = ReturnType<typeof useTypedSearchParams<typeof schema>>;
/** What the page read on each render, and its setter. */
const seen: Params[0][] = [];
let setParams: Params[1] = () => {};

function Page() {
  const [params, set] = useTypedSearchParams(schema);
  seen.push(params);
  setParams = set;
  return null;
}

describe('useTypedSearchParams', () => {
  function mount(url: string) {
    seen.length = 0;
    const router = createMemoryRouter([{ path: '/pagina', element: <Page /> }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return { seen, router, set: (...args: Parameters<Params[1]>) => act(async () => setParams(...args)) };
  }

  it('gives the typed values of the address', () => {
    const { seen } = mount('/pagina?aba=ajuda&token=xyz');
    expect(seen.at(-1)).toEqual({ aba: 'ajuda', token: 'xyz' });
  });

  it('changes one parameter, keeps the others, removes one set to undefined', async () => {
    const { seen, router, set } = mount('/pagina?token=xyz&outro=1');
    await set({ aba: 'ajuda' }, { replace: true });
    expect(router.state.location.pathname).toBe('/pagina');
    expect(router.state.location.search).toBe('?token=xyz&outro=1&aba=ajuda');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.at(-1)).toEqual({ aba: 'ajuda', token: 'xyz' });
    await set({ aba: undefined, token: undefined });
    expect(router.state.location.search).toBe('?outro=1');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
