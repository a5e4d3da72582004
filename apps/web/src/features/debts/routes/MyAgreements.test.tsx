// @vitest-environment happy-dom
import type { CustomizationFields, PartnerConfig } from '@portal/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../lib/api';
import { type ApiCall, ok, stubApiActions } from '../../../test/api-stub';
import { DEMO_PARTNER } from '../../../test/demo-partner';
import type { Acordo, AcordosResposta, ParcelaAcordo } from '../api/types';
import MyAgreements from './MyAgreements';
import { showRoute } from './render-route.test-helpers';

// MyAgreements in a data router with a real query client and feedback provider; only fetch, at the network edge,
// is replaced. The whole flow against the real server is tests/browser/my-agreements.test.ts.

type Handler = (body: Record<string, unknown>) => Envelope | Promise<Envelope>;

let handlers: Record<string, Handler>;
let calls: ApiCall[];
let files: string[];

beforeEach(() => {
  files = [];
  handlers = {
    sessao: () =>
      ok({
        pesNome: 'João Pereira Lima',
        pesCpfCnpj: '39053344705',
        quantidadeDividas: 2,
        proximaEtapa: 'AccordionTabs',
      }),
    salvarEtapa: () => ok(null),
  };
  // The agreements' boleto files answer as for an instalment already paid.
  calls = stubApiActions(
    (action, body) => handlers[action]?.(body) ?? ok(null),
    (url) => {
      files.push(url);
      return new Response(
        JSON.stringify({ retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' }),
        { status: 409 },
      );
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function parcela(overrides: Partial<ParcelaAcordo>): ParcelaAcordo {
  return {
    aci_codigo: 1,
    campo_parcela: 'Entrada',
    status: 'A',
    vencimento: '2026-07-15',
    valor: 25000,
    encargos: 0,
    valor_atualizado: 25000,
    pdf: '/api/acordos/boletos.pdf?parcelas=1',
    linha_digitavel: '00190000090281913600966281313178700000000025000',
    pix_copia_cola: '00020101021226...6304ABCD',
    emp_codigo: 100,
    comprovante_cartao: null,
    ...overrides,
  };
}

function acordo(acoCodigo: number, parcelas: ParcelaAcordo[], forma: 'boleto' | 'pix' = 'boleto'): Acordo {
  return {
    dadosAcordo: {
      aco_codigo: acoCodigo,
      tipo: 'acordo',
      status: 'active',
      data_acordo: '2026-05-10',
      forma_pagamento: forma,
      valor_negociado: 100000,
      valor_restante: 75000,
      con_nome_loja: 'Banco Horizonte',
      aco_termo_anexo: null,
      aco_carta_quitacao: null,
      parcelas,
    },
    loja: {
      loj_codigo: 1,
      loj_fantasia: `Loja ${acoCodigo}`,
      loj_razao_social: 'Loja S.A.',
      loj_cpf_cnpj: '12.345.678/0001-90',
      loj_caminho_logo: null,
    },
    detalhes: [],
  };
}

const JOAO_AGREEMENT = acordo(41, [
  parcela({ aci_codigo: 1, status: 'P', pdf: null, linha_digitavel: null, pix_copia_cola: null }),
  parcela({ aci_codigo: 2, campo_parcela: '1/2', status: 'AA', vencimento: '2026-06-15' }),
  parcela({
    aci_codigo: 3,
    campo_parcela: '2/2',
    pdf: 'boleto_vai_ser_gerado',
    linha_digitavel: null,
    pix_copia_cola: null,
  }),
]);

function answer(acordos: Acordo[], extra: Partial<AcordosResposta> = {}): Envelope {
  return ok({ acordos, pessoa: { email_cadastrado: 'j***@example.com' }, paginacao: null, ...extra });
}

function config(customization: CustomizationFields = {}, capacidades: PartnerConfig['capacidades'] = {}) {
  return {
    ...DEMO_PARTNER,
    loj_codigo: '1,2',
    capacidades,
    sessoes: [{ nome: 'customization', campos: customization, arquivos: [] }],
  } as PartnerConfig;
}

function show(partner: PartnerConfig = config()) {
  return showRoute('/meus-acordos', <MyAgreements />, partner);
}

const cards = () => screen.findAllByTestId('agreement-card');
const sent = (action: string) => calls.filter((call) => call.action === action).map((call) => call.body);
/** The contact step codes logged (spec 001 §4: 24 e-mail boleto, 38 SMS). */
const steps = () =>
  sent('salvarEtapa')
    .map((body) => body.esn_fk_ets_codigo)
    .filter((code) => code === 24 || code === 38);

async function expectModal(user: ReturnType<typeof userEvent.setup>, title: string, text: string) {
  const modal = await screen.findByTestId('modal');
  expect(within(modal).getByRole('heading', { name: title })).toBeTruthy();
  // The whole text, though 'e-mail' in it is a span of its own (KeepWords).
  expect(
    within(modal).getByText(
      (_, node) => node?.classList.contains('modal__text') === true && node.textContent === text,
    ),
  ).toBeTruthy();
  await user.click(within(modal).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
}

describe('MyAgreements', () => {
  it('shows the issuing text while passo_5 runs, then the cards; paid and not-issued rows cannot be ticked', async () => {
    let release: (value: Envelope) => void = () => {};
    handlers.passo_5 = () => new Promise((resolve) => (release = resolve));
    show();
    expect((await screen.findByTestId('loading-overlay')).textContent).toContain(
      'Estamos emitindo seu boleto, essa ação pode demorar um pouco!',
    );
    release(answer([JOAO_AGREEMENT, acordo(40, [parcela({ aci_codigo: 9 })], 'pix')]));
    const [first, second] = await cards();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Acordos' })).toBeTruthy();
    // Without pagination passo_5 gets no paging fields.
    expect(sent('passo_5')).toEqual([{}]);
    const ticks = within(first!).getAllByTestId('agreement-tick') as HTMLInputElement[];
    expect(ticks.map((tick) => tick.disabled)).toEqual([true, false, true]);
    expect(
      within(first!)
        .getAllByTestId('agreement-status')
        .map((s) => s.textContent),
    ).toEqual(['PAGO', 'Vencida', 'Em aberto']);
    expect(within(first!).getByTestId('agreement-not-issued').textContent).toBe(
      'O boleto será gerado na data de vencimento ou após o pagamento da parcela anterior.',
    );
    // The newest agreement shows its payments; the others behind 'Visualizar pagamentos'.
    const toggle = within(second!).getByTestId('agreement-payments-toggle');
    expect(toggle.textContent).toBe('Visualizar pagamentos');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('a cancelled agreement (the partner lists its history) is a record: it says so, and nothing of it is paid', async () => {
    const cancelled = acordo(44, [
      parcela({ aci_codigo: 7, status: 'P', pdf: null, linha_digitavel: null, pix_copia_cola: null }),
      parcela({
        aci_codigo: 8,
        campo_parcela: '1/2',
        status: 'AA',
        pdf: null,
        linha_digitavel: null,
        pix_copia_cola: null,
      }),
      parcela({
        aci_codigo: 9,
        campo_parcela: '2/2',
        status: 'A',
        pdf: null,
        linha_digitavel: null,
        pix_copia_cola: null,
      }),
    ]);
    cancelled.dadosAcordo.status = 'cancelled';
    handlers.passo_5 = () => answer([cancelled]);
    show();
    const [card] = await cards();
    const notice = within(card!).getByTestId('agreement-cancelled');
    expect(notice.textContent).toBe(
      'Este acordo foi cancelado: as parcelas em aberto dele não podem mais ser pagas. Os pagamentos que você já fez ' +
        'continuam valendo. Para negociar estas dívidas, veja Minhas Dívidas.',
    );
    expect(within(notice).getByRole('link', { name: 'Minhas Dívidas' }).getAttribute('href')).toBe(
      '/minhas-dividas',
    );
    // Nothing of it can be paid: no remaining value, only what was negotiated.
    expect(within(card!).queryByTestId('agreement-remaining')).toBeNull();
    expect(within(card!).queryByText('Valor restante')).toBeNull();
    expect(within(card!).getByTestId('agreement-negotiated')).toBeTruthy();
    // Every instalment the cancellation closed reads the same, in the same grey, overdue or not.
    expect(
      within(card!)
        .getAllByTestId('agreement-status')
        .map((s) => [s.textContent, s.className]),
    ).toEqual([
      ['PAGO', 'status status--P'],
      ['Cancelada', 'status status--cancelled'],
      ['Cancelada', 'status status--cancelled'],
    ]);
    // No boleto to view, download, copy or send, and no PIX.
    expect(within(card!).queryByTestId('agreement-view')).toBeNull();
    expect(within(card!).queryByTestId('agreement-download')).toBeNull();
    const [, open] = within(card!).getAllByTestId('agreement-row');
    expect(within(open!).queryByRole('button')).toBeNull();
    expect((within(open!).getByTestId('agreement-tick') as HTMLInputElement).disabled).toBe(true);
  });

  it('a card agreement whose card was given back whole (decision 093): nothing PAGO, no receipt, nothing paid said', async () => {
    // As passo_5 lists it: the instalments read as the cancelled agreement's unpaid ones, without a receipt.
    const closed = { pdf: null, linha_digitavel: null, pix_copia_cola: null, emp_codigo: null };
    const refunded = acordo(46, [
      parcela({ aci_codigo: 12, campo_parcela: '1/2', status: 'AA', ...closed }),
      parcela({ aci_codigo: 13, campo_parcela: '2/2', status: 'A', ...closed }),
    ]);
    refunded.dadosAcordo.forma_pagamento = 'cartao';
    refunded.dadosAcordo.status = 'cancelled';
    handlers.passo_5 = () => answer([refunded]);
    show();
    const [card] = await cards();
    expect(within(card!).getByTestId('agreement-cancelled').textContent).toBe(
      'Este acordo foi cancelado: as parcelas em aberto dele não podem mais ser pagas. Para negociar estas ' +
        'dívidas, veja Minhas Dívidas.',
    );
    expect(
      within(card!)
        .getAllByTestId('agreement-status')
        .map((s) => s.textContent),
    ).toEqual(['Cancelada', 'Cancelada']);
    expect(within(card!).queryByTestId('agreement-card-receipt')).toBeNull();
  });

  it('a settled agreement is paid: no boleto buttons at all, not even disabled ones', async () => {
    const paid = { status: 'P' as const, pdf: null, linha_digitavel: null, pix_copia_cola: null };
    const settled = acordo(45, [
      parcela({ aci_codigo: 10, ...paid }),
      parcela({ aci_codigo: 11, campo_parcela: '1/1', ...paid }),
    ]);
    settled.dadosAcordo.status = 'settled';
    handlers.passo_5 = () => answer([settled]);
    show();
    const [card] = await cards();
    expect(
      within(card!)
        .getAllByTestId('agreement-status')
        .map((s) => s.textContent),
    ).toEqual(['PAGO', 'PAGO']);
    expect(within(card!).queryByTestId('agreement-view')).toBeNull();
    expect(within(card!).queryByTestId('agreement-download')).toBeNull();
    expect(within(card!).queryByTestId('agreement-send')).toBeNull();
  });

  it('a PIX agreement: the issued row opens its QR; the row not issued yet says when its PIX comes, no button', async () => {
    const code = '00020101021226...6304ABCD';
    handlers.passo_5 = () =>
      answer([
        acordo(
          43,
          [
            parcela({ aci_codigo: 5, pdf: code, linha_digitavel: null, pix_copia_cola: code }),
            parcela({
              aci_codigo: 6,
              campo_parcela: '1/1',
              vencimento: '2026-08-15',
              pdf: 'pix_vai_ser_gerado',
              linha_digitavel: null,
              pix_copia_cola: null,
            }),
          ],
          'pix',
        ),
      ]);
    const { user } = show();
    const [card] = await cards();
    const [issued, later] = within(card!).getAllByTestId('agreement-row');
    expect(within(later!).queryByRole('button')).toBeNull();
    expect(within(later!).getByTestId('agreement-not-issued').textContent).toBe(
      'O PIX desta parcela será gerado na data de vencimento ou após o pagamento da parcela anterior.',
    );
    expect(within(issued!).queryByTestId('agreement-not-issued')).toBeNull();
    await user.click(within(issued!).getByRole('button', { name: 'PIX da entrada, vencimento 15/07/2026' }));
    const dialog = await screen.findByTestId('pix-dialog');
    expect((within(dialog).getByTestId('pix-code') as HTMLInputElement).value).toBe(code);
  });

  it('a read again that fails (the 5 s poll while a PIX is open) keeps the list and the PIX on screen', async () => {
    const code = '00020101021226...6304ABCD';
    let reads = 0;
    handlers.passo_5 = () => {
      reads += 1;
      if (reads > 1) throw new TypeError('Failed to fetch');
      return answer([acordo(43, [parcela({ aci_codigo: 5, pix_copia_cola: code })], 'pix')]);
    };
    const { user } = show();
    const [card] = await cards();
    // Opening the PIX reads the list again at once (useWatchPayment); that read and its two retries fail.
    await user.click(within(card!).getByRole('button', { name: /^PIX da entrada/ }));
    await waitFor(() => expect(screen.getByTestId('query-stale')).toBeTruthy(), { timeout: 10_000 });
    expect(reads).toBe(4);
    expect(screen.getByTestId('query-stale').textContent).toBe(
      'Não foi possível atualizar estas informações agora. Você está vendo as últimas que carregamos.',
    );
    expect((within(screen.getByTestId('pix-dialog')).getByTestId('pix-code') as HTMLInputElement).value).toBe(
      code,
    );
    expect(screen.getAllByTestId('agreement-card')).toHaveLength(1);
    expect(screen.queryByText('Não foi possível carregar os seus acordos. Tente novamente.')).toBeNull();
  });

  it('logs step 3 (agreements) once for the visit, not for the list read again', async () => {
    handlers.passo_5 = () => answer([acordo(43, [parcela({ aci_codigo: 5 })], 'pix')]);
    const { user } = show();
    const [card] = await cards();
    // Opening the PIX reads the list again at once, as the 30 s and 5 s polls do.
    await user.click(within(card!).getByRole('button', { name: /^PIX da entrada/ }));
    await waitFor(() => expect(sent('passo_5').length).toBeGreaterThan(1));
    expect(sent('salvarEtapa').filter((body) => body.esn_fk_ets_codigo === 3)).toEqual([
      expect.objectContaining({ cpfCnpj: '39053344705', motivo_agendamento: 'Acessou os acordos' }),
    ]);
  });

  it("'Você ainda não possui acordos.' when there are none", async () => {
    handlers.passo_5 = () => answer([]);
    show();
    expect((await screen.findByTestId('agreements-empty')).textContent).toBe(
      'Você ainda não possui acordos.',
    );
  });

  it("reads 'Meus Boletos' where the partner does not negotiate", async () => {
    handlers.passo_5 = () => answer([]);
    show({ ...config(), loj_codigo: '' });
    await screen.findByTestId('agreements-empty');
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Boletos' })).toBeTruthy();
  });

  it("view, download and send need a tick: 'Selecione pelo menos uma parcela!'; a refused PDF: the §8 message", async () => {
    handlers.passo_5 = () => answer([JOAO_AGREEMENT]);
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { user } = show(config({}, { sendBoletosButton: true }));
    const [card] = await cards();
    for (const button of ['agreement-view', 'agreement-download', 'agreement-send']) {
      await user.click(within(card!).getByTestId(button));
      await expectModal(user, 'Atenção', 'Selecione pelo menos uma parcela!');
    }
    expect(files).toEqual([]);
    await user.click(within(card!).getAllByTestId('agreement-tick')[1]!);
    await user.click(within(card!).getByTestId('agreement-download'));
    await expectModal(user, 'Erro', 'Não foi possível baixar os boletos selecionados!');
    expect(files).toEqual(['/api/acordos/boletos.pdf?parcelas=2&download=1']);
  });

  it('view and download are off when nothing is open or overdue', async () => {
    const settled = acordo(42, [
      parcela({ status: 'P', pdf: null }),
      parcela({ aci_codigo: 2, status: 'B', pdf: null }),
    ]);
    handlers.passo_5 = () => answer([settled]);
    show();
    const [card] = await cards();
    expect((within(card!).getByTestId('agreement-view') as HTMLButtonElement).disabled).toBe(true);
    expect((within(card!).getByTestId('agreement-download') as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages with flgPaginar: 5 a page, the move sent, Página X de Y', async () => {
    handlers.passo_5 = (body) =>
      answer([JOAO_AGREEMENT], {
        paginacao: { quantidade_de_paginas: 2, pagina_atual: body.pagina === 'PRO' ? 2 : 1 },
      });
    const { user } = show(config({ myAgreements: { flgPaginar: true } }));
    await cards();
    expect(sent('passo_5')).toEqual([{ paginaAtual: 1, pagina: 'PRI', itensPorPagina: 5 }]);
    const nav = screen.getByRole('navigation', { name: 'Páginas dos acordos' });
    expect(within(nav).getByTestId('agreements-page').textContent).toBe('Página 1 de 2');
    expect((within(nav).getByRole('button', { name: 'Primeira' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(nav).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(within(nav).getByTestId('agreements-page').textContent).toBe('Página 2 de 2'));
    expect(sent('passo_5')[1]).toEqual({ paginaAtual: 1, pagina: 'PRO', itensPorPagina: 5 });
    expect((within(nav).getByRole('button', { name: 'Última' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('agreements'));
  });

  it('sends the ticked boletos by SMS (an 11-digit mobile) or to the e-mail on file', async () => {
    handlers.passo_5 = () => answer([JOAO_AGREEMENT]);
    handlers.enviar_boletos_sms = () => ok(null, 'SMS enviado com sucesso.');
    handlers.envioPortal = () => ok(null, 'E-mail enviado com sucesso.');
    const { user } = show(config({}, { sendBoletosButton: true }));
    const [card] = await cards();
    await user.click(within(card!).getAllByTestId('agreement-tick')[1]!);
    await user.click(within(card!).getByTestId('agreement-send'));
    // Spec 001 §2: the receive-call panel in send-boletos mode first, with SMS and e-mail.
    const panel = await screen.findByTestId('receive-call');
    expect(
      within(panel).getByRole('heading', { name: 'Como você prefere receber os seus boletos?' }),
    ).toBeTruthy();
    await user.click(within(panel).getByTestId('channel-email'));
    let dialog = await screen.findByTestId('send-boletos-dialog');
    expect(screen.queryByTestId('receive-call')).toBeNull();
    expect(within(dialog).getByTestId('send-boletos-email').textContent).toBe('j***@example.com');
    // A double click (its second click before the button is drawn disabled) sends one e-mail.
    const emailSubmit = within(dialog).getByTestId('send-boletos-email-submit');
    fireEvent.click(emailSubmit);
    fireEvent.click(emailSubmit);
    await expectModal(
      user,
      'Sucesso',
      'E-mail enviado com sucesso. Caso não encontre a mensagem, verifique também a sua caixa de spam.',
    );
    expect(sent('envioPortal')).toEqual([{ aci_codigo: '2' }]);
    expect(screen.queryByTestId('send-boletos-dialog')).toBeNull();

    await user.click(within(card!).getByTestId('agreement-send'));
    await user.click(within(await screen.findByTestId('receive-call')).getByTestId('channel-sms'));
    dialog = await screen.findByTestId('send-boletos-dialog');
    expect((within(dialog).getByRole('radio', { name: 'SMS' }) as HTMLInputElement).checked).toBe(true);
    // Steps 24 and 38 are the server's, logged once when it sends (agreement-sending.test.ts): choosing the channel
    // logs nothing, or each send was logged twice.
    expect(steps()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Celular'), '1199');
    await user.click(within(dialog).getByTestId('send-boletos-sms-submit'));
    expect(await within(dialog).findByText('Digite um celular válido')).toBeTruthy();
    expect(sent('enviar_boletos_sms')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Celular'));
    await user.type(within(dialog).getByLabelText('Celular'), '11987654321');
    await user.click(within(dialog).getByTestId('send-boletos-sms-submit'));
    await expectModal(
      user,
      'Sucesso',
      'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
    );
    expect(sent('enviar_boletos_sms')).toEqual([{ aci_codigo: '2', fone: '11987654321' }]);
  });

  it("tells the server's refusal of an SMS, and offers no e-mail without one on file", async () => {
    handlers.passo_5 = () =>
      ok({ acordos: [JOAO_AGREEMENT], pessoa: { email_cadastrado: null }, paginacao: null });
    handlers.enviar_boletos_sms = () => ({
      retorno: false,
      dados: null,
      mensagem: 'Este celular não está no seu cadastro. Informe um celular cadastrado.',
    });
    const { user } = show(config({}, { sendBoletosButton: true }));
    const [card] = await cards();
    await user.click(within(card!).getAllByTestId('agreement-tick')[1]!);
    await user.click(within(card!).getByTestId('agreement-send'));
    await user.click(within(await screen.findByTestId('receive-call')).getByTestId('channel-email'));
    const dialog = await screen.findByTestId('send-boletos-dialog');
    expect(within(dialog).getByTestId('send-boletos-no-email').textContent).toBe(
      'Infelizmente não encontramos nenhum endereço de e-mail vinculado com o seu cadastro...',
    );
    expect(within(dialog).queryByTestId('send-boletos-email-submit')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'SMS' }));
    await user.type(within(dialog).getByLabelText('Celular'), '21999990000');
    await user.click(within(dialog).getByTestId('send-boletos-sms-submit'));
    await expectModal(user, 'Erro', 'Este celular não está no seu cadastro. Informe um celular cadastrado.');
    // The dialog stays for another try.
    expect(screen.getByTestId('send-boletos-dialog')).toBeTruthy();
  });

  it("Meus Boletos: a store's open boletos tick by their second copy and print as segundas_vias", async () => {
    const store = acordo(0, [
      parcela({ aci_codigo: null, codigo: 30, campo_parcela: 'Contrato 77 - parcela 2', status: 'AA' }),
      parcela({ aci_codigo: null, codigo: 31, campo_parcela: 'Contrato 77 - parcela 3' }),
    ]);
    store.dadosAcordo = { ...store.dadosAcordo, aco_codigo: null, tipo: 'boletos', data_acordo: null };
    handlers.passo_5 = () => answer([store]);
    const { user } = show({ ...config({}, { sendBoletosButton: true }), loj_codigo: '' });
    const [card] = await cards();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus Boletos' })).toBeTruthy();
    expect(within(card!).getByText('Valor em aberto')).toBeTruthy();
    expect(within(card!).queryByTestId('agreement-negotiated')).toBeNull();
    expect(within(card!).queryByTestId('agreement-send')).toBeNull();
    await user.click(within(card!).getAllByTestId('agreement-tick')[1]!);
    await user.click(within(card!).getByTestId('agreement-download'));
    await expectModal(user, 'Erro', 'Não foi possível baixar os boletos selecionados!');
    expect(files).toEqual(['/api/acordos/boletos.pdf?segundas_vias=31&download=1']);
    // A second copy has no QR image route: its PIX is paid with the code.
    await user.click(within(card!).getAllByTestId('agreement-pix')[0]!);
    const dialog = await screen.findByTestId('pix-dialog');
    expect(within(dialog).queryByTestId('pix-qr')).toBeNull();
    expect((within(dialog).getByTestId('pix-code') as HTMLInputElement).value).toBe(
      '00020101021226...6304ABCD',
    );
  });

  it('no send button without the capability, nor with flgPagueMe', async () => {
    handlers.passo_5 = () => answer([JOAO_AGREEMENT]);
    show(config({ myAgreements: { flgPagueMe: true } }, { sendBoletosButton: true }));
    const [card] = await cards();
    expect(within(card!).queryByTestId('agreement-send')).toBeNull();
    cleanup();
    show(config());
    const [plain] = await cards();
    expect(within(plain!).queryByTestId('agreement-send')).toBeNull();
  });

  it('flgTermoCofissao: the term by e-mail with the 5-business-day text; none on file, the §8 message', async () => {
    handlers.passo_5 = () => answer([JOAO_AGREEMENT]);
    handlers.envioPortal = () => ok(null, 'E-mail enviado com sucesso.');
    const { user } = show(config({ myAgreements: { flgTermoCofissao: true } }));
    const [card] = await cards();
    const term = within(card!).getByTestId('agreement-term');
    expect(term.textContent).toContain('em até 5 dias úteis');
    // A double click (its second click before the button is drawn disabled) sends one e-mail.
    const sendTerm = within(term).getByRole('button', { name: 'Enviar termo por e-mail' });
    fireEvent.click(sendTerm);
    fireEvent.click(sendTerm);
    await expectModal(
      user,
      'Sucesso',
      'E-mail enviado com sucesso. Caso não encontre a mensagem, verifique também a sua caixa de spam.',
    );
    expect(sent('envioPortal')).toEqual([{ termo: 'S', aco_codigo: 41 }]);

    cleanup();
    handlers.passo_5 = () =>
      ok({ acordos: [JOAO_AGREEMENT], pessoa: { email_cadastrado: null }, paginacao: null });
    const next = show(config({ myAgreements: { flgTermoCofissao: true } }));
    const [again] = await cards();
    await next.user.click(within(again!).getByRole('button', { name: 'Enviar termo por e-mail' }));
    await expectModal(
      next.user,
      'Atenção',
      'Infelizmente não encontramos nenhum endereço de e-mail vinculado com o seu cadastro...',
    );
    expect(sent('envioPortal')).toHaveLength(1);
  });
});
