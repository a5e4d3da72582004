// @vitest-environment happy-dom
import { PARTNER_ARCHIVED_MESSAGE, PARTNER_FORM_MESSAGES } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../../components/ui/feedback';
import { createQueryClient } from '../../../lib/query-client';
import { partnerKeys } from '../api/partners';
import { PartnerFormPanel } from './PartnerFormPanel';

// The partner form in a data router with a real query client; only fetch, at the network edge, is replaced.

const COMPANIES = [{ codigo: 7, nome_empresa: 'Acme Cobranças', parceiro: 'acme' }];
const STORED = {
  id: 7,
  nome: 'Acme',
  identificador: 'acme',
  emp_codigo: 7,
  logo: '/files/logo.png',
  tipoLogo: 'png',
  favicon: null,
  estilo: { corPrimaria: '#112233', corSecundaria: '#445566' },
  pixel_meta: null,
  hotjar_id: null,
  loj_codigo: '',
  loj_codigo_nao_negocia: '',
  creditorAccessUrl: null,
  captcha: { provider: 'altcha', siteKey: null },
  capacidades: {},
  ativo: true,
  sessoes: [{ nome: 'header', campos: { title: 'Olá' }, arquivos: [] }],
};
const SUBDOMAIN_TAKEN = 'Este subdomínio já está em uso por outro parceiro.';

type Answer = { status: number; body: unknown };
let stored: typeof STORED & { arquivado_em?: string };
let saveAnswers: Answer[];
let requests: { method: string; url: string; body: unknown }[];

const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stored = STORED;
  saveAnswers = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('b=getEmpresas'))
        return json({ status: 200, body: { retorno: true, dados: { empresas: COMPANIES } } });
      if (url === '/api/parceiro/7/info') return json({ status: 200, body: { data: stored } });
      if (method === 'PUT' || method === 'POST') return json(saveAnswers.shift()!);
      return json({ status: 404, body: { message: 'URL não encontrada.' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form at /form (creating, or editing partner 7), a list page at /admin/parceiros linking back to it. */
function renderForm(id: number | null, administers = true) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/admin/parceiros',
        element: (
          <main>
            <h1>Lista de parceiros</h1>
            <Link to="/form">Formulário</Link>
          </main>
        ),
      },
      {
        path: '/form',
        element: (
          <>
            <Link to="/admin/parceiros">Voltar à lista</Link>
            <PartnerFormPanel id={id} administers={administers} />
          </>
        ),
      },
    ],
    { initialEntries: ['/admin/parceiros', '/form'], initialIndex: 1 },
  );
  render(
    <FeedbackProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FeedbackProvider>,
  );
  return { router, queryClient };
}

const nameField = () => screen.findByLabelText('Nome do parceiro');

describe('partner form: leaving with unsaved edits', () => {
  it('leaves an untouched form without asking', async () => {
    const user = userEvent.setup();
    renderForm(null);
    await nameField();
    await user.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    await screen.findByRole('heading', { name: 'Lista de parceiros' });
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('asks before a link leaves edits behind; Continuar editando keeps them, Sair sem salvar leaves', async () => {
    const user = userEvent.setup();
    renderForm(null);
    await user.type(await nameField(), 'Nova');
    await user.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    const modal = await screen.findByTestId('modal');
    expect(modal.textContent).toContain('Sair sem salvar?');
    expect(modal.textContent).toContain('As alterações feitas neste formulário serão perdidas.');
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect((screen.getByLabelText('Nome do parceiro') as HTMLInputElement).value).toBe('Nova');

    await user.click(screen.getByRole('link', { name: 'Voltar à lista' }));
    await user.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
    await screen.findByRole('heading', { name: 'Lista de parceiros' });
  });

  it('asks on the back button, and asks the browser before the tab closes', async () => {
    const user = userEvent.setup();
    const { router } = renderForm(null);
    await user.type(await nameField(), 'N');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await act(() => router.navigate(-1));
    await screen.findByTestId('modal');
    expect(router.state.location.pathname).toBe('/form');
  });

  it('does not ask after a successful save, and refreshes the cached partners', async () => {
    const user = userEvent.setup();
    const { router, queryClient } = renderForm(7);
    const name = await nameField();
    expect((name as HTMLInputElement).value).toBe('Acme');
    await user.clear(name);
    await user.type(name, 'Acme Nova');
    saveAnswers.push({ status: 200, body: { message: 'Parceiro atualizado com sucesso!', data: STORED } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('heading', { name: 'Lista de parceiros' });
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/parceiros');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: '/api/parceiro/7', body: { nome: 'Acme Nova', emp_codigo: 7 } });
    expect((put!.body as { id?: number }).id).toBeUndefined();
    // The header the partner had goes back; sections it never had and nobody filled do not.
    expect((put!.body as { sessoes: { nome: string }[] }).sessoes.map((s) => s.nome)).toEqual(['header']);
    // The partner and the companies are asked again (the saved ones, the company now taken).
    const asked = (url: string) => requests.filter((request) => request.url.includes(url)).length;
    await waitFor(() => expect(asked('/api/parceiro/7/info')).toBe(2));
    expect(asked('b=getEmpresas')).toBe(2);
    expect(queryClient.getQueryState(partnerKeys.detail(7))?.status).toBe('success');
  });
});

describe('partner form: messages', () => {
  it('puts the first broken rule under its field, focused, and takes it away as the field is fixed', async () => {
    const user = userEvent.setup();
    renderForm(null);
    const name = await nameField();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = await screen.findByText(PARTNER_FORM_MESSAGES.nameRequired);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.type(name, 'Nova');
    expect(screen.queryByText(PARTNER_FORM_MESSAGES.nameRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText(PARTNER_FORM_MESSAGES.subdomainRequired);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Subdomínio')));
    expect(requests.some((request) => request.url === '/api/parceiro')).toBe(false);
  });

  it("says zod's own refusals (too long) in plain Portuguese", async () => {
    const user = userEvent.setup();
    renderForm(null);
    await user.click(await nameField());
    await user.paste('x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByText(/120 caracteres/)).textContent).toBe('Use no máximo 120 caracteres.');
  });

  it('shows a section rule above its section', async () => {
    const user = userEvent.setup();
    renderForm(7);
    await user.type(await screen.findByLabelText('Título do sobre'), 'Quem somos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByText(PARTNER_FORM_MESSAGES.aboutIncomplete);
    expect(screen.getByTestId('partner-section-sobre').contains(alert)).toBe(true);
  });

  it('shows the four-steps rule above the tutorial and focuses the section when a step is half filled', async () => {
    const user = userEvent.setup();
    renderForm(7);
    await user.type(await screen.findByLabelText('Título do passo 1'), 'Informe o CPF');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByText(PARTNER_FORM_MESSAGES.tutorialSteps);
    const section = screen.getByTestId('partner-section-passo-a-passo');
    expect(section.contains(alert)).toBe(true);
    await waitFor(() => expect(section.contains(document.activeElement)).toBe(true));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("maps the server's refusal (dados.campo) under that field and stays on the form", async () => {
    const user = userEvent.setup();
    renderForm(7);
    await user.type(await screen.findByLabelText('Subdomínio'), 'x');
    saveAnswers.push({ status: 400, body: { message: SUBDOMAIN_TAKEN, dados: { campo: 'identificador' } } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = await screen.findByText(SUBDOMAIN_TAKEN);
    const field = screen.getByLabelText('Subdomínio');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it("puts the server's refusal of a section image under that image, named by its place in the list sent", async () => {
    // The server names a section's image by its index in the section's `arquivos` (header.arquivos.1); the form's
    // slots are by type (desktop, mobile).
    const file = (tipoImagem: string, sha: string) => ({
      identificador: tipoImagem === 'mobile' ? '2' : '1',
      tipoImagem,
      url: `/files/${sha.repeat(64)}.webp`,
      adicionais: { name: `${tipoImagem}.webp` },
    });
    stored = {
      ...STORED,
      sessoes: [
        { nome: 'header', campos: { title: 'Olá' }, arquivos: [file('desktop', 'a'), file('mobile', 'b')] },
      ],
    } as typeof STORED;
    const user = userEvent.setup();
    renderForm(7);
    await user.type(await nameField(), ' Nova');
    const NOT_FOUND = 'Imagem não encontrada. Envie a imagem novamente.';
    saveAnswers.push({ status: 400, body: { message: NOT_FOUND, dados: { campo: 'header.arquivos.1' } } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const message = await screen.findByText(NOT_FOUND);
    const mobile = screen.getByLabelText('Imagem do cabeçalho (celular)');
    expect(mobile.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(mobile));
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('shows a refusal that names no field in a modal', async () => {
    const user = userEvent.setup();
    renderForm(7);
    await user.type(await screen.findByLabelText('Subdomínio'), 'x');
    saveAnswers.push({ status: 500, body: {} });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const modal = await screen.findByTestId('modal');
    expect(modal.textContent).toContain('Não foi possivel atualizar este parceiro');
  });
  it('sends the version it opened, and a save refused as made over another (decision 090) keeps what was typed', async () => {
    const changedMeanwhile =
      'Este parceiro foi alterado por outra pessoa depois que você abriu o formulário, e nada foi salvo. Recarregue a página para ver os dados atuais e refaça a sua alteração.';
    stored = { ...STORED, versao: 4 } as typeof STORED;
    const user = userEvent.setup();
    const { router } = renderForm(7);
    const name = await nameField();
    await user.clear(name);
    await user.type(name, 'Acme Nova');
    saveAnswers.push({ status: 409, body: { message: changedMeanwhile, dados: null } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByTestId('modal')).textContent).toContain(changedMeanwhile);
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      versao: 4,
      nome: 'Acme Nova',
    });
    expect((name as HTMLInputElement).value).toBe('Acme Nova');
    expect(router.state.location.pathname).toBe('/form');
  });
});

describe('partner form: sections and the save (issue 18 item 9)', () => {
  it('lists every section as a link that moves the focus to it, without leaving or asking', async () => {
    const user = userEvent.setup();
    const { router } = renderForm(null);
    await user.type(await nameField(), 'Nova');
    const index = screen.getByRole('navigation', { name: 'Seções do formulário' });
    const links = index.querySelectorAll('a');
    const sections = screen.getAllByRole('group').filter((group) => group.id.startsWith('secao-'));
    expect(links.length).toBe(sections.length);
    expect(links.length).toBeGreaterThan(3);
    const last = links[links.length - 1]!;
    await user.click(last);
    expect(document.activeElement).toBe(document.getElementById(last.getAttribute('href')!.slice(1)));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('keeps Salvar in the actions bar that sticks to the bottom of the screen', async () => {
    renderForm(null);
    await nameField();
    const save = screen.getByTestId('partner-submit');
    expect(save.closest('.admin-partner-form__actions')).not.toBeNull();
  });
});

describe('partner form: an operator', () => {
  it('keeps the subdomain, the company and the stores for an administrator (decisions 024, 087)', async () => {
    renderForm(7, false);
    await nameField();
    for (const label of ['Subdomínio', 'Lojas que negociam (loj_codigo)']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect((screen.getByLabelText('Nome do parceiro') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('partner form: an archived partner', () => {
  it('opens read-only for an administrator too, saying why, with Voltar and no Salvar', async () => {
    // Decision 014: the server answers any PUT of an archived partner 409, so the form offers none.
    stored = { ...STORED, arquivado_em: '2026-11-02T13:00:00.000Z' };
    const user = userEvent.setup();
    const { router } = renderForm(7);
    // A disabled fieldset disables every control in it, the image uploads too.
    const disabled = (label: string) => screen.getByLabelText(label).closest('fieldset[disabled]') !== null;
    await nameField();
    expect(disabled('Nome do parceiro')).toBe(true);
    expect(screen.getByTestId('read-only-note').textContent).toBe(
      `Somente leitura. ${PARTNER_ARCHIVED_MESSAGE}`,
    );
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(disabled('Logotipo')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parceiros'));
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
