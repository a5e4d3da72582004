// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, useQueryTab } from './Tabs';

const TABS = ['pedido', 'politica', 'direitos'] as const;
const LABELS = { pedido: 'Pedido', politica: 'Política', direitos: 'Direitos' };

function Page() {
  const [active, select] = useQueryTab(TABS);
  return (
    <Tabs tabs={TABS} labels={LABELS} active={active} onSelect={select} label="Portal" panelClassName="extra">
      {(tab) => (tab === 'pedido' ? <input aria-label="Nome" /> : <p>Texto {tab}</p>)}
    </Tabs>
  );
}

function mount(url = '/portal') {
  const router = createMemoryRouter([{ path: '/portal', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router, tab: (name: string) => screen.getByRole('tab', { name }) };
}

const selected = () =>
  screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');

afterEach(cleanup);

describe('Tabs', () => {
  it('names tabs aba-<tab> and panels painel-<tab>, each panel labelled by its tab', () => {
    mount();
    expect(screen.getByRole('tablist', { name: 'Portal' })).toBeTruthy();
    for (const name of TABS) {
      const tab = document.getElementById(`aba-${name}`)!;
      const panel = document.getElementById(`painel-${name}`)!;
      expect(tab.getAttribute('role')).toBe('tab');
      expect(tab.getAttribute('aria-controls')).toBe(`painel-${name}`);
      expect(panel.getAttribute('role')).toBe('tabpanel');
      expect(panel.getAttribute('aria-labelledby')).toBe(`aba-${name}`);
      expect(panel.className).toBe('tabs__panel extra');
    }
    expect(selected().map((tab) => tab.id)).toEqual(['aba-pedido']);
    expect(screen.getByRole('tabpanel').id).toBe('painel-pedido');
  });

  it('only the selected tab is in the Tab order', async () => {
    const { user, tab } = mount('/portal?aba=politica');
    expect(tab('Pedido').tabIndex).toBe(-1);
    expect(tab('Direitos').tabIndex).toBe(-1);
    await user.tab();
    expect(document.activeElement).toBe(tab('Política'));
  });

  it('arrows, Home and End move the focus and select the tab, wrapping at the ends', async () => {
    const { user, tab, router } = mount();
    await user.click(tab('Pedido'));
    // Selecting navigates (the address keeps the tab), which settles after the key press.
    const press = async (key: string, name: string, id: string, search: string) => {
      await user.keyboard(key);
      expect(document.activeElement).toBe(tab(name));
      await waitFor(() => expect(selected().map((t) => t.id)).toEqual([id]));
      expect(router.state.location.search).toBe(search);
    };
    await press('{ArrowRight}', 'Política', 'aba-politica', '?aba=politica');
    await press('{End}', 'Direitos', 'aba-direitos', '?aba=direitos');
    await press('{ArrowRight}', 'Pedido', 'aba-pedido', '');
    await press('{ArrowLeft}', 'Direitos', 'aba-direitos', '?aba=direitos');
    await press('{Home}', 'Pedido', 'aba-pedido', '');
  });

  it('keeps every panel mounted, hiding the others, so a form keeps what was typed', async () => {
    const { user, tab } = mount();
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Maria');
    await user.click(tab('Direitos'));
    await waitFor(() => expect(document.getElementById('painel-pedido')!.hidden).toBe(true));
    expect(document.getElementById('painel-politica')!.textContent).toBe('Texto politica');
    expect(document.getElementById('painel-direitos')!.hidden).toBe(false);
    await user.click(tab('Pedido'));
    expect((screen.getByRole('textbox', { name: 'Nome' }) as HTMLInputElement).value).toBe('Maria');
  });

  it('opens the tab of ?aba= and the first one for an unknown value, replacing the history entry', async () => {
    const opened = mount('/portal?aba=direitos');
    expect(selected().map((t) => t.id)).toEqual(['aba-direitos']);
    await opened.user.click(opened.tab('Política'));
    await waitFor(() => expect(opened.router.state.location.search).toBe('?aba=politica'));
    expect(opened.router.state.historyAction).toBe('REPLACE');
    cleanup();
    mount('/portal?aba=outra');
    expect(selected().map((t) => t.id)).toEqual(['aba-pedido']);
  });
});
