import { mkdirSync } from 'node:fs';
import { FIXED_FAQ, formatMoney, RECEIVE_CALL_TITLES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  debtorRequests,
  debtorSessions,
  faqItems,
  partners,
  persons,
  stepLogs,
  stores,
} from '../../apps/server/src/db/schema';
import type { Divida, DividasResposta } from '../../apps/web/src/features/debts/api/types';
import { OFFLINE_TEXT } from '../../apps/web/src/lib/query-client';
import { confirmMaria, loginMaria, loginMariaWithSmsToken, MARIA } from './debtor-login';
import {
  axeViolations,
  brokenWords,
  connectChromium,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';

// Spec 001 §2-§5, §8 and §9: the debtor area after identification (main menu, MyDebits cards and their panels),
// through the built web app, the real server and the demo seed, on a phone and on a desktop.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Every test logs Maria in again; the per-document login limit has its own server tests.
  [portal, browser] = await Promise.all([
    startPortal({ LIMIT_LOGIN_PER_DOCUMENT: '100' }),
    connectChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/debts-screens';

async function open(
  partner: string,
  options: { viewport?: { width: number; height: number }; path?: string; cookies?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    bypassCSP: true,
    locale: 'pt-BR',
  });
  // A returning visitor who already refused cookies, unless the test looks at the banner itself.
  if (!options.cookies) await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url(partner, options.path ?? '/'));
  return page;
}

const debtsAnswer = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.url().includes('b=passo_2_novo') && r.request().method() === 'POST',
  );

async function readDebts(answer: Promise<Response>): Promise<DividasResposta> {
  const envelope = (await (await answer).json()) as { retorno: boolean; dados: DividasResposta };
  expect(envelope.retorno).toBe(true);
  return envelope.dados;
}

/** Opens MyDebits from the menu tile and returns what passo_2_novo answered. */
async function openMyDebits(page: Page): Promise<DividasResposta> {
  const answer = debtsAnswer(page);
  await page.getByRole('link', { name: /^Minhas Dívidas/ }).click();
  await page.waitForURL('**/minhas-dividas');
  const data = await readDebts(answer);
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  return data;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const cards = (page: Page) => page.getByTestId('debt-card');

/** The focused element: 'BODY' for none, else its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return !active || active === document.body ? 'BODY' : `${active.tagName} ${active.textContent}`;
  });
const text = async (locator: Locator) => (await locator.textContent())?.replace(/\u00a0/g, ' ') ?? '';
const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');

/** The card of `debt`: cards are listed in the order of the answer. */
function cardOf(page: Page, data: DividasResposta, debt: Divida): Locator {
  return cards(page).nth(data.dividas.indexOf(debt));
}

async function expectModal(page: Page, title: string, body: string): Promise<void> {
  const dialog = page.getByTestId('modal');
  await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(await dialog.locator('.modal__text').textContent()).toBe(body);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function mariaId(): Promise<number> {
  const [row] = await portal.database.db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.cpfCnpj, MARIA.digits));
  return row!.id;
}

async function requestsOf(kind: 'cannot_pay' | 'proposal' | 'dispute', storeId: number) {
  return portal.database.db
    .select()
    .from(debtorRequests)
    .where(
      and(
        eq(debtorRequests.kind, kind),
        eq(debtorRequests.storeId, storeId),
        eq(debtorRequests.personId, await mariaId()),
      ),
    );
}

/** Clicks a link that opens a new tab (an outside address, unreachable here) and closes that tab. */
async function followExternalLink(page: Page, link: Locator): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
}

async function stepsLogged(code: number): Promise<number> {
  const rows = await portal.database.db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(and(eq(stepLogs.stepCode, code), eq(stepLogs.cpfCnpj, MARIA.digits)));
  return rows.length;
}

describe('main menu and MyDebits on demo (spec 001 §2)', () => {
  it('phone: the menu, then one card per debt as passo_2_novo gives them', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');

    // The template: greeting, page title, Voltar, WhatsApp help (flgIntegraRobo), logo on the #050b17 menu.
    expect(await text(page.getByTestId('debts-greeting'))).toBe('Olá, Maria da Silva Santos');
    await page.getByRole('heading', { level: 1, name: 'Menu', exact: true }).waitFor();
    await page.getByTestId('debts-back').waitFor();
    await page.getByTestId('whatsapp-float').waitFor();
    expect(await page.locator('.debts-menu').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(5, 11, 23)',
    );
    const tiles = page.getByTestId('menu-tiles').getByRole('listitem');
    expect(await tiles.allTextContents()).toEqual([
      'Minhas DívidasVocê possui dívidas?',
      'Meus AcordosConsulte seus acordos e pagamentos.',
      'Fale Conosco',
      'Dúvidas',
      'Sair',
    ]);
    await expect.poll(() => stepsLogged(41)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'menu-phone');

    const data = await openMyDebits(page);
    await page.getByRole('heading', { level: 1, name: 'Minhas Dívidas', exact: true }).waitFor();
    await expect.poll(() => stepsLogged(5)).toBeGreaterThan(0);

    // Every debt of the partner's stores, Alfa Eletro split by contract (grouping), Energia Luz boleto-only.
    const names = data.dividas.map((d) => d.loja.loj_fantasia);
    expect(names.filter((n) => n === 'Alfa Eletro')).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining(['Banco Horizonte', 'Bela Casa', 'Energia Luz']));
    expect(await cards(page).count()).toBe(data.dividas.length);
    expect(await page.locator('.debt-card__name').allTextContents()).toEqual(names);
    expect(await text(page.getByTestId('debts-count'))).toBe(`${data.dividas.length} dívidas pendentes`);

    for (const debt of data.dividas) {
      const card = cardOf(page, data, debt);
      expect(await text(card.getByTestId('debt-updated'))).toBe(money(debt.totalCorrigido));
      expect(await card.getByText(`CNPJ ${debt.loja.loj_cpf_cnpj}`, { exact: true }).count()).toBe(1);
      expect(await card.getByTestId('debt-discount').count()).toBe(debt.com_desconto ? 1 : 0);
      // On a phone the rest of the card opens with Ver mais; its contracts show before, under the store's name,
      // which two cards of one store share (Alfa Eletro's).
      expect(await card.getByTestId('dispute').isVisible()).toBe(false);
      expect(await card.getByTestId('debt-contracts').isVisible()).toBe(true);
      expect(await text(card.getByTestId('debt-contracts'))).toBe(
        debt.contratos.map((c) => c.con_contrato).join(', '),
      );
      // Each Ver mais says, to a screen reader, which card it opens.
      const description = await card.getByTestId('debt-toggle').evaluate((toggle) =>
        (toggle.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
      expect(description).toBe(
        `${debt.loja.loj_fantasia} ${await text(card.getByTestId('debt-contracts-line'))}`,
      );
    }
    const alfaContracts = await cards(page)
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Alfa Eletro', exact: true }) })
      .getByTestId('debt-contracts')
      .allTextContents();
    expect(new Set(alfaContracts).size).toBe(2);
    const discounted = data.dividas.find((d) => d.com_desconto);
    if (discounted) {
      const banner = await text(cardOf(page, data, discounted).getByTestId('debt-discount'));
      expect(banner).toContain(`de desconto: economize ${money(discounted.total_desconto)}`);
    }

    // Expand the first Alfa Eletro card: original value (flgValorOriginal), future entries.
    const alfa = data.dividas.find((d) => d.loja.loj_fantasia === 'Alfa Eletro')!;
    const alfaCard = cardOf(page, data, alfa);
    await alfaCard.getByRole('button', { name: 'Ver mais' }).click();
    expect(await text(alfaCard.getByTestId('debt-contracts'))).toBe(
      alfa.contratos.map((c) => c.con_contrato).join(', '),
    );
    expect(await text(alfaCard.getByTestId('debt-original'))).toBe(money(alfa.total_original));
    expect(await alfaCard.getByTestId('debt-future').count()).toBe(
      alfa.lancamentos_futuros.total > 0 ? 1 : 0,
    );
    await alfaCard.getByRole('button', { name: 'Sobre o valor atualizado' }).click();
    await alfaCard
      .getByText('O valor atualizado inclui os juros sobre as parcelas em atraso.', { exact: true })
      .waitFor();

    // The boleto-only store: 'Código do contrato', no negotiation buttons (spec 001 §1).
    const energia = data.dividas.find((d) => d.loja.loj_fantasia === 'Energia Luz')!;
    expect(energia.tipo_necociacao).toBe('N');
    const energiaCard = cardOf(page, data, energia);
    expect(await text(energiaCard.getByTestId('debt-contracts-line'))).toBe(
      `Código do contrato ${energia.contratos.map((c) => c.con_contrato).join(', ')}`,
    );
    await energiaCard.getByRole('button', { name: 'Ver mais' }).click();
    await energiaCard.getByText('Esta dívida não pode ser negociada pelo portal.', { exact: true }).waitFor();
    expect(await energiaCard.getByTestId('panel-paymentOptions').count()).toBe(0);
    expect(await energiaCard.getByTestId('panel-cantPay').count()).toBe(0);
    await energiaCard.getByTestId('panel-details').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'my-debits-phone');

    // Voltar goes back to the menu.
    await page.getByTestId('debts-back').click();
    await page.waitForURL('**/menu');
  });

  it('the menu opened directly fetches the other screens once idle: Minhas Dívidas then opens without a download', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    // A fresh context (its own HTTP cache) with the session: only what the menu itself loads.
    const session = await context.storageState();
    await context.close();
    context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', storageState: session });
    const menu = await context.newPage();
    const scripts: string[] = [];
    menu.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await menu.goto(portal.url('demo', '/menu'));
    await menu.getByTestId('menu-tiles').waitFor();
    // The menu's own scripts hold no zod (the build checks it); the other screens' need it.
    await expect.poll(() => scripts.some((path) => /\/assets\/zod-[\w-]+\.js$/.test(path))).toBe(true);
    await menu.waitForLoadState('networkidle');

    // The visit's first page leaves the focus alone: the skip link stays the first Tab stop.
    expect(await focused(menu)).toBe('BODY');

    const fetchedBefore = scripts.length;
    const answer = debtsAnswer(menu);
    await menu.getByRole('link', { name: /^Minhas Dívidas/ }).click();
    await readDebts(answer);
    await menu.getByRole('heading', { level: 1, name: 'Minhas Dívidas', exact: true }).waitFor();
    await cards(menu).first().waitFor();
    // Only the payment options' panel, which a negotiable card fetches once it shows (DebtCard.tsx), with the leave
    // warning it shares with the back office (the card charge's, decision 060), preloaded beside it.
    expect(
      scripts.slice(fetchedBefore).filter((path) => !/\/assets\/(PaymentOptions|leave-warning)-/.test(path)),
    ).toEqual([]);
  });

  it('phone: expand/collapse, one open panel, and the same button keeps the card selected', async () => {
    const page = await open('demo');
    await loginMaria(page);
    const data = await openMyDebits(page);
    const debt = data.dividas.find((d) => d.tipo_necociacao === 'S')!;
    const card = cardOf(page, data, debt);
    const toggle = card.getByTestId('debt-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    const details = card.getByTestId('panel-details');
    await details.click();
    await card.getByRole('heading', { level: 3, name: 'Detalhes' }).waitFor();
    // The panel's heading takes focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Detalhes');
    await card.getByTestId('panel-cantPay').click();
    await card.getByRole('heading', { level: 3, name: 'Não posso pagar agora' }).waitFor();
    expect(await card.getByTestId('debt-panel').count()).toBe(1);
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    // The same button closes its panel; on a phone the card stays open.
    await card.getByTestId('panel-cantPay').click();
    expect(await card.getByTestId('debt-panel').count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await card.getByTestId('dispute').isVisible()).toBe(true);
    await toggle.click();
    expect(await card.getByTestId('dispute').isVisible()).toBe(false);
  });

  it('phone: Ver mais on the next card while the one above shows its details keeps the card opened on screen', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await openMyDebits(page);
    const [above, next] = [cards(page).nth(0), cards(page).nth(1)];
    await above.getByTestId('debt-toggle').click();
    await above.getByTestId('panel-details').click();
    await above.getByTestId('debt-details').waitFor();
    const toggle = next.getByTestId('debt-toggle');
    await toggle.scrollIntoViewIfNeeded();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The card above folds away, taking its long details with it: the card just opened stays where the person
    // looks, its name and the focused Ver menos on screen, not scrolled off above.
    const onScreen = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(() => onScreen(next.getByRole('heading', { level: 2 }))).toBe(true);
    expect(await onScreen(toggle)).toBe(true);
    expect(await focused(page)).toBe('BUTTON Ver menos');
  });

  it('desktop: details, cannot pay, dispute; each stored for the store of the card', async () => {
    const page = await open('demo', { viewport: DESKTOP });
    await loginMaria(page);
    const data = await openMyDebits(page);
    // No expand button on wide screens: the cards are open.
    expect(await page.getByTestId('debt-toggle').count()).toBe(0);
    const debt = data.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
    const card = cardOf(page, data, debt);

    // Details: company data, one row per unpaid instalment, future instalments (spec 001 §2 "Debt details").
    const detailsButton = card.getByTestId('panel-details');
    await detailsButton.click();
    const panel = card.getByTestId('debt-details');
    await panel.getByText(debt.loja.loj_razao_social, { exact: true }).waitFor();
    const contract = debt.contratos[0]!;
    const table = panel.getByRole('table', { name: `Contrato ${contract.con_contrato}` });
    expect(await table.locator('tbody tr').count()).toBe(contract.parcelas.length);
    const first = contract.parcelas[0]!;
    const [y, m, d] = first.par_vencimento.split('-');
    expect(
      (await table.locator('tbody tr').first().locator('td').allTextContents()).map((t) =>
        t.replace(/\u00a0/g, ' '),
      ),
    ).toEqual([
      String(first.par_prestacao),
      `${d}/${m}/${y}`,
      first.fase > 0 ? String(first.fase) : '-',
      money(first.corrigido),
    ]);
    if (debt.lancamentos_futuros.parcelas.length > 0) {
      const future = panel.getByRole('table', { name: 'Parcelas futuras' });
      expect(await future.locator('tbody tr').count()).toBe(debt.lancamentos_futuros.parcelas.length);
    }
    await expect.poll(() => stepsLogged(33)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'details-desktop');
    await detailsButton.click();
    expect(await card.getByTestId('debt-panel').count()).toBe(0);

    // Cannot pay: no reason -> the spec's message; a reason -> stored and acknowledged.
    await card.getByTestId('panel-cantPay').click();
    const form = card.getByTestId('cant-pay-form');
    expect(await form.getByRole('radio').count()).toBe(11);
    await form.getByRole('button', { name: 'Continuar' }).click();
    await form.getByText('Escolha um dos motivos para continuar.', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'cant-pay-desktop');
    await form.getByRole('radio', { name: 'Juros Altos' }).check();
    await form.getByRole('button', { name: 'Continuar' }).click();
    // Then the receive-call panel with that reason (tests/browser/receive-call.test.ts); closing it closes the card's.
    const receiveCall = page.getByTestId('receive-call');
    await receiveCall.getByRole('heading', { name: RECEIVE_CALL_TITLES['Juros Altos'] }).waitFor();
    await receiveCall.getByRole('button', { name: 'Fechar' }).click();
    await receiveCall.waitFor({ state: 'detached' });
    expect(await card.getByTestId('debt-panel').count()).toBe(0);
    expect((await requestsOf('cannot_pay', debt.loj_codigo)).map((r) => r.reason)).toEqual(['Juros Altos']);

    // Not recognised: a confirmation first, which opens on Cancelar (Enter by habit stores nothing); Cancelar
    // stores nothing.
    await card.getByRole('button', { name: 'Não reconhece essa dívida?' }).click();
    const confirm = page.getByTestId('modal');
    await confirm.getByRole('heading', { name: 'Atenção' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancelar');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await requestsOf('dispute', debt.loj_codigo)).toHaveLength(0);
    await card.getByRole('button', { name: 'Não reconhece essa dívida?' }).click();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expectModal(
      page,
      'Sucesso',
      'Recebemos a sua contestação. A empresa vai analisar esta dívida e responder pelo seu e-mail ou telefone cadastrado.',
    );
    expect(await requestsOf('dispute', debt.loj_codigo)).toHaveLength(1);
    await shot(page, 'my-debits-desktop');
  });
  it('proposal from the payment options: the §5 validations, then the §8 success text and the stored row', async () => {
    const page = await open('demo');
    await loginMaria(page);
    const data = await openMyDebits(page);
    const debt = data.dividas.find((d) => d.loja.loj_fantasia === 'Bela Casa')!;
    const card = cardOf(page, data, debt);
    await card.getByTestId('debt-toggle').click();
    await card.getByTestId('panel-paymentOptions').click();
    await card.getByTestId('po-proposal').click();
    const form = card.getByTestId('proposal-form');
    const send = form.getByRole('button', { name: 'Enviar proposta' });

    await send.click();
    await form.getByText('Digite uma entrada válida', { exact: true }).waitFor();
    await form.getByText('Digite uma quantidade de parcelas válida', { exact: true }).waitFor();
    await form.getByText('Digite um valor de parcela válido', { exact: true }).waitFor();
    // The first invalid field takes focus; the errors are tied to their fields.
    const entry = form.getByLabel('Entrada', { exact: true });
    expect(await entry.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await entry.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await shot(page, 'proposal-phone');

    await entry.pressSequentially('10000');
    expect((await entry.inputValue()).replace(/\u00a0/g, ' ')).toBe('R$ 100,00');
    const count = form.getByLabel('Quantidade de parcelas', { exact: true });
    await count.fill('0');
    await send.click();
    await form.getByText('Digite uma quantidade de parcelas válida', { exact: true }).waitFor();
    expect(await form.getByText('Digite uma entrada válida', { exact: true }).count()).toBe(0);
    expect(await requestsOf('proposal', debt.loj_codigo)).toHaveLength(0);

    await count.fill('10');
    await form.getByLabel('Valor da parcela', { exact: true }).pressSequentially('5000');
    // A double tap sends one proposal, not two.
    await send.dblclick();
    await expectModal(
      page,
      'Sucesso',
      'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail',
    );
    const stored = await requestsOf('proposal', debt.loj_codigo);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ entryCents: 10_000, instalmentCount: 10, instalmentCents: 5_000 });
    await expect.poll(() => stepsLogged(9)).toBeGreaterThan(0);
    // Back to the payment options.
    await card.getByTestId('po-proposal').waitFor();
  });
});

describe('at 200% zoom on a phone (390 px at 200%: 195 px wide)', () => {
  it('menu, Minhas Dívidas, a card, its payment options and the receive-call panel: no word cut between letters, no sideways scroll', async () => {
    const width = 195;
    const page = await open('demo', { viewport: { width, height: 422 } });
    await loginMaria(page);
    async function fits(screen: string): Promise<void> {
      await shot(page, `zoom-${screen}`);
      expect(await brokenWords(page), screen).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(
        width,
      );
    }
    await fits('menu');
    await openMyDebits(page);
    await fits('my-debits');
    const card = cards(page).first();
    await card.getByTestId('debt-toggle').click();
    await card.getByTestId('panel-paymentOptions').click();
    const options = card.getByTestId('payment-options');
    await expect.poll(() => options.getByTestId('po-plans').getAttribute('aria-busy')).toBe('false');
    await fits('payment-options');
    // Demo's Sair opens the receive-call panel, its channels in a grid of tiles.
    await page.getByTestId('debts-back').click();
    await page.waitForURL('**/menu');
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByTestId('receive-call').waitFor();
    await fits('receive-call');
  });
});

describe('a store named in one long word (spec 001 §2 card and details)', () => {
  it('phone (360 px): the card and its details wrap the trade and legal names; the page does not scroll sideways', async () => {
    const [store] = await portal.database.db
      .select({ id: stores.id, tradeName: stores.tradeName, legalName: stores.legalName })
      .from(stores)
      .where(eq(stores.cpfCnpj, '77888999000181'));
    const tradeName = 'SuperlojasBelaCasaMóveisEletro';
    await portal.database.db
      .update(stores)
      .set({ tradeName, legalName: 'MóveisBelaCasaComércioImportaçãoExportaçãoEDistribuiçãoLtda' })
      .where(eq(stores.id, store!.id));
    try {
      const width = 360;
      const page = await open('demo', { viewport: { width, height: 740 } });
      await loginMaria(page);
      await openMyDebits(page);
      const card = cards(page).filter({ has: page.getByRole('heading', { name: tradeName }) });
      const inside = () =>
        card.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.querySelectorAll('*')].every((child) => {
            const inner = child.getBoundingClientRect();
            return inner.right <= box.right + 0.5;
          });
        });
      const sideways = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await inside()).toBe(true);
      expect(await sideways()).toBe(0);
      await card.getByTestId('debt-toggle').click();
      await card.getByTestId('panel-details').click();
      await card.getByTestId('debt-details').waitFor();
      expect(await inside()).toBe(true);
      expect(await sideways()).toBe(0);
    } finally {
      await portal.database.db
        .update(stores)
        .set({ tradeName: store!.tradeName, legalName: store!.legalName })
        .where(eq(stores.id, store!.id));
    }
  });
});

describe('partner variants of MyDebits (spec 001 §2, §9)', () => {
  it('prefeitura: straight to MyDebits, municipal cards with the masked CPF and the city-hall notice', async () => {
    const page = await open('prefeitura');
    const answer = debtsAnswer(page);
    await loginMaria(page);
    await page.waitForURL('**/minhas-dividas');
    const data = await readDebts(answer);
    expect(data.dividas.length).toBeGreaterThan(0);
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page
      .getByText(
        'Desconto de 90% em multa e juros para pagamento à vista, ou de 70% para pagamento em até 60 parcelas com juros de 0,5% ao mês.',
        { exact: true },
      )
      .waitFor();
    expect(await cards(page).count()).toBe(data.dividas.length);
    const card = cards(page).first();
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe('Maria da Silva Santos');
    expect(await card.getByTestId('debt-cpf').textContent()).toBe('CPF 529.***.***-25');
    // Only name, masked CPF and the negotiate button: no store values on the card.
    expect(await card.getByTestId('debt-updated').count()).toBe(0);
    expect(await card.getByRole('button').allTextContents()).toEqual(['Negociar']);
    const cityHallPortal = card.getByRole('link', { name: 'Portal da Prefeitura (abre em nova aba)' });
    expect(await cityHallPortal.getAttribute('href')).toBe('https://prefeitura.example.com/');
    await expectNoAxeViolations(page);
    await shot(page, 'prefeitura-phone');
    await followExternalLink(page, cityHallPortal);
    await expect.poll(() => stepsLogged(32)).toBeGreaterThan(0);
  });

  it('servicos: the services-mode message', async () => {
    const page = await open('servicos', { viewport: DESKTOP });
    await loginMaria(page);
    await page.waitForURL('**/menu');
    const data = await openMyDebits(page);
    await page.getByTestId('notice-services').waitFor();
    expect(await text(page.getByTestId('notice-services'))).toBe(
      'Confira abaixo os seus serviços em aberto e escolha a melhor forma de pagar.',
    );
    expect(await cards(page).count()).toBe(data.dividas.length);
    await expectNoAxeViolations(page);
    await shot(page, 'servicos-desktop');
  });

  it('boletos: no negotiating store, so no My debts tile; MyDebits reads Meus Boletos and has no negotiation', async () => {
    const page = await open('boletos');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    expect(await page.getByTestId('menu-tiles').getByRole('listitem').allTextContents()).toEqual([
      'Meus BoletosConsulte seus acordos e pagamentos.',
      'Dúvidas',
      'Sair',
    ]);
    const answer = debtsAnswer(page);
    await page.goto(portal.url('boletos', '/minhas-dividas'));
    const data = await readDebts(answer);
    await page.getByRole('heading', { level: 1, name: 'Meus Boletos', exact: true }).waitFor();
    expect(data.dividas.length).toBeGreaterThan(0);
    expect(data.dividas.every((d) => d.tipo_necociacao === 'N')).toBe(true);
    // A store that does not negotiate offers no discount.
    expect(data.dividas.every((d) => !d.com_desconto && d.total_desconto === 0)).toBe(true);
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(data.dividas.length);
    expect(await page.getByTestId('panel-paymentOptions').count()).toBe(0);
    expect(await page.getByTestId('panel-cantPay').count()).toBe(0);
    expect(await text(cards(page).first().getByTestId('debt-contracts-line'))).toMatch(
      /^Código do contrato \d/,
    );
    await cards(page).first().getByRole('button', { name: 'Ver mais' }).click();
    await cards(page)
      .first()
      .getByText('Esta dívida não pode ser negociada pelo portal.', { exact: true })
      .waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'boletos-phone');
  });
  it('senff: temporary offers notice, days overdue on the card, larger fonts (capabilities)', async () => {
    const page = await open('senff');
    await loginMariaWithSmsToken(page, portal);
    await page.waitForURL('**/menu');
    const data = await openMyDebits(page);
    expect(await text(page.getByTestId('notice-temporary'))).toBe(
      'Atenção: as ofertas são temporárias e podem mudar a qualquer momento.',
    );
    expect(await page.locator('.debts--large').count()).toBe(1);
    const debt = data.dividas[0]!;
    const card = cards(page).first();
    await card.getByTestId('debt-toggle').click();
    const days =
      debt.fase > 0
        ? `${debt.fase} dias em atraso`
        : debt.fase < 0
          ? `Vence em ${-debt.fase} dias`
          : 'Vence hoje';
    await card.getByText(days, { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'senff-phone');
    const insurance = page.getByTestId('insurance-link');
    expect(await insurance.getAttribute('href')).toBe('https://seguros.senff.example.com/');
    await followExternalLink(page, insurance);
    await expect.poll(() => stepsLogged(104)).toBeGreaterThan(0);
  });

  it('acme: an active agreement shows the already-has-agreement message', async () => {
    const page = await open('acme', { viewport: DESKTOP });
    await loginMaria(page);
    await page.waitForURL('**/menu');
    let data = await openMyDebits(page);
    expect(data.acordo_ativo).toBe(false);
    expect(await page.getByTestId('notice-agreement').count()).toBe(0);
    const storeId = data.dividas[0]!.loj_codigo;
    const [partner] = await portal.database.db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.identifier, 'acme'));
    await portal.database.db.insert(agreements).values({
      partnerId: partner!.id,
      personId: await mariaId(),
      storeId,
      paymentMethod: 'boleto',
      instalmentCount: 0,
      entryCents: 1000,
      instalmentCents: 0,
      totalCents: 1000,
      firstDueDate: '2030-01-01',
    });
    const answer = debtsAnswer(page);
    await page.reload();
    data = await readDebts(answer);
    expect(data.acordo_ativo).toBe(true);
    expect(await text(page.getByTestId('notice-agreement').locator('p'))).toBe(
      'Você já possui um acordo ativo. Consulte os seus acordos e pagamentos em Meus Acordos.',
    );
    await expectNoAxeViolations(page);
    // The card under it says so, offers nothing to negotiate, and is no longer counted as pending.
    const negotiated = data.dividas.filter((debt) => debt.acordo_ativo);
    expect(negotiated.map((debt) => debt.loj_codigo)).toEqual([storeId]);
    const pending = data.dividas.length - negotiated.length;
    expect(await text(page.getByTestId('debts-count'))).toBe(
      pending === 1 ? '1 dívida pendente' : `${pending} dívidas pendentes`,
    );
    const card = cardOf(page, data, negotiated[0]!);
    expect(await text(card.getByTestId('debt-under-agreement').locator('p'))).toBe(
      'Esta dívida já tem um acordo ativo.',
    );
    expect(await card.getByTestId('panel-paymentOptions').count()).toBe(0);
    expect(await card.getByTestId('panel-cantPay').count()).toBe(0);
    expect(await card.getByTestId('debt-discount').count()).toBe(0);
    expect(await card.getByTestId('panel-details').count()).toBe(1);
    await shot(page, 'acme-card-under-agreement');
    await card.getByTestId('debt-under-agreement').getByRole('link', { name: 'MEUS ACORDOS' }).click();
    await page.waitForURL('**/meus-acordos');
    await page.goBack();
    await page.getByTestId('notice-agreement').waitFor();
    await page.getByTestId('notice-agreement').getByRole('link', { name: 'MEUS ACORDOS' }).click();
    await page.waitForURL('**/meus-acordos');
  });
});

describe('session and entry rules (spec 001 §2)', () => {
  it('without a session the debtor screens go to the landing page; Sair ends the session', async () => {
    const page = await open('demo', { path: '/minhas-dividas' });
    await page.waitForURL(portal.url('demo', '/'));
    await page.goto(portal.url('demo', '/menu'));
    await page.waitForURL(portal.url('demo', '/'));

    await loginMaria(page);
    await page.waitForURL('**/menu');
    await page.getByRole('button', { name: 'Sair' }).click();
    // demo has flgReceberLigacao: the receive-call panel first, closed to leave.
    await page.getByTestId('receive-call').getByRole('button', { name: 'Fechar' }).click();
    await page.waitForURL(portal.url('demo', '/'));
    await page.goto(portal.url('demo', '/menu'));
    await page.waitForURL(portal.url('demo', '/'));
  });

  it('offline: a notice says why the screen waits, and the screen carries on when the connection returns', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
    expect(await notice.count()).toBe(0);
    await context.setOffline(true);
    await notice.waitFor();
    await page.getByRole('link', { name: /^Minhas Dívidas/ }).click();
    await page.waitForURL('**/minhas-dividas');
    await shot(page, 'offline-phone');
    // Held until the connection returns, not failed: no error to retry.
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await cards(page).first().waitFor();
  });

  it('a cpf in the path: identification with that CPF and the codes, then no Voltar and no cookie box', async () => {
    const page = await open('demo', {
      cookies: true,
      path: `/menu/${MARIA.digits}?enumCanalOrigem=TOTEM&codAssessoriaSenff=77`,
    });
    await page.waitForURL('**/confirmar-dados');
    expect(await page.getByLabel('CPF ou CNPJ', { exact: true }).inputValue()).toBe(MARIA.cpf);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await confirmMaria(page);
    await page.waitForURL('**/menu');
    await page.getByTestId('debts-greeting').waitFor();
    expect(await page.getByTestId('debts-back').count()).toBe(0);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    const sessions = await portal.database.db
      .select({ channel: debtorSessions.originChannel, advisory: debtorSessions.advisoryCode })
      .from(debtorSessions)
      .where(and(eq(debtorSessions.personId, await mariaId()), eq(debtorSessions.originChannel, 'TOTEM')));
    expect(sessions).toEqual([{ channel: 'TOTEM', advisory: '77' }]);

    // The open session is this CPF's: the menu opens directly.
    await page.goto(portal.url('demo', `/menu/${MARIA.digits}`));
    await page.getByTestId('debts-greeting').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/menu/${MARIA.digits}`);
    // A CPF that is not a CPF.
    await page.goto(portal.url('demo', '/menu/12345678900'));
    await page.getByText('Parâmetros obrigatórios não informados', { exact: true }).waitFor();
  });
});

describe('Talk to us (spec 001 §2, §4 step codes)', () => {
  it('demo: the Fale Conosco tile lists the configured channels; each opens in a new tab and is logged', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    await page.getByTestId('tile-talkToUs').click();
    await page.waitForURL('**/fale-conosco');
    await page.getByRole('heading', { level: 1, name: 'Fale Conosco', exact: true }).waitFor();
    // The demo's omni-channel section: chat, e-mail, Telegram and a WhatsApp number.
    const channels = page.getByTestId('talk-to-us').getByRole('link');
    expect(await channels.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
      'https://demo.example.com/chat',
      'mailto:atendimento@demo.example.com',
      'https://t.me/exemplo',
      'https://wa.me/5511987650000',
    ]);
    await expect.poll(() => stepsLogged(40)).toBeGreaterThan(0);
    await followExternalLink(page, page.getByTestId('channel-whatsapp'));
    await expect.poll(() => stepsLogged(23)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'talk-to-us-phone');
    // Spec 001 §2: Voltar from any other screen than MyDebits, MyAgreements and FAQ goes to the landing page.
    await page.getByTestId('debts-back').click();
    await page.waitForURL(portal.url('demo', '/'));
  });
});

describe('FAQ (spec 001 §2, §7 "Fetch FAQ", §8)', () => {
  it('demo: the Dúvidas tile opens the questions from the server as an accordion; Voltar goes to the menu', async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    await page.getByTestId('tile-faq').click();
    await page.waitForURL('**/duvidas');
    await page.getByRole('heading', { level: 1, name: 'Dúvidas', exact: true }).waitFor();
    const items = page.getByTestId('faq-item');
    await items.first().waitFor();
    const rows = await portal.database.db.select().from(faqItems);
    expect(await items.count()).toBe(rows.length);
    const first = items.first();
    expect(await first.locator('.faq__answer').isVisible()).toBe(false);
    // Keyboard: focus the question and open it with Enter.
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.locator('.faq__answer').isVisible()).toBe(true);
    await expect.poll(() => stepsLogged(6)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'faq-phone');
    await page.getByTestId('debts-back').click();
    await page.waitForURL('**/menu');
    // Voltar went with its page: the menu's heading has the focus, not <body> (WCAG 2.4.3).
    await page.getByRole('heading', { level: 1, name: 'Menu', exact: true }).waitFor();
    expect(await focused(page)).toBe('H1 Menu');
  });

  it('camec: no Dúvidas tile; its FAQ shows the fixed texts, not the server list (capabilities)', async () => {
    const page = await open('camec');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    expect(await page.getByTestId('tile-faq').count()).toBe(0);
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('b=getDuvidas')) asked = true;
    });
    await page.goto(portal.url('camec', '/duvidas'));
    await page.getByTestId('faq-item').first().waitFor();
    expect(await page.locator('.faq__question').allTextContents()).toEqual(
      FIXED_FAQ.map((item) => item.titulo),
    );
    expect(asked).toBe(false);
  });

  it("shows 'Dados não encontrados' with a retry when the list cannot load", async () => {
    const page = await open('demo');
    await loginMaria(page);
    await page.waitForURL('**/menu');
    await page.route('**/api.php?a=portal&b=getDuvidas', (route) =>
      route.fulfill({ status: 500, body: '{}' }),
    );
    await page.getByTestId('tile-faq').click();
    await page.getByTestId('faq-failed').getByText('Dados não encontrados', { exact: true }).waitFor();
    await page.unroute('**/api.php?a=portal&b=getDuvidas');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByTestId('faq-item').first().waitFor();
  });
});

describe('second copies (spec 001 §2 details and card panel, §4 second-copy flow, §7, §8)', () => {
  it('demo: the details table offers the PDF of each instalment where the store issues second copies', async () => {
    const page = await open('demo', { viewport: DESKTOP });
    await loginMaria(page);
    await page.waitForURL('**/menu');
    const data = await openMyDebits(page);
    const alfa = data.dividas.find((d) => d.loja.loj_emite_segunda_via_boleto_recupera === 'S')!;
    const banco = data.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
    expect(banco.loja.loj_emite_segunda_via_boleto_recupera).toBe('N');
    await cardOf(page, data, banco).getByTestId('panel-details').click();
    await cardOf(page, data, banco).getByTestId('debt-details').waitFor();
    expect(await cardOf(page, data, banco).getByTestId('second-copy-pdf').count()).toBe(0);

    const card = cardOf(page, data, alfa);
    await card.getByTestId('panel-details').click();
    const buttons = card.getByTestId('second-copy-pdf');
    expect(await buttons.count()).toBe(alfa.contratos.flatMap((c) => c.parcelas).length);
    await card.getByRole('columnheader', { name: '2ª via' }).first().waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'second-copy-details-desktop');

    const first = alfa.contratos[0]!.parcelas[0]!;
    const button = card.getByRole('button', {
      name: `Abrir a 2ª via da parcela ${first.par_prestacao} (PDF, em nova aba)`,
    });
    const [tab] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await tab.waitForURL(/\/api\/segunda-via\/\d+\.pdf$/);
    // Chromium shows it in its PDF viewer; the same address, fetched by the page, gives the document.
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const head = new Uint8Array(await response.arrayBuffer()).slice(0, 5);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        head: String.fromCharCode(...head),
      };
    }, tab.url());
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await tab.close();
    await expect.poll(() => stepsLogged(4)).toBeGreaterThan(0);

    // When the store stops issuing them, the server's message is shown and the empty tab closes.
    const [store] = await portal.database.db
      .select({ id: stores.id, agreement: stores.boletoAgreement })
      .from(stores)
      .where(eq(stores.id, alfa.loj_codigo));
    await portal.database.db.update(stores).set({ boletoAgreement: null }).where(eq(stores.id, store!.id));
    try {
      const [failed] = await Promise.all([page.waitForEvent('popup'), button.click()]);
      await expectModal(page, 'Erro', 'Esta loja não emite 2ª via de boleto pelo portal.');
      await expect.poll(() => failed.isClosed()).toBe(true);
    } finally {
      await portal.database.db
        .update(stores)
        .set({ boletoAgreement: store!.agreement })
        .where(eq(stores.id, store!.id));
    }
  });

  it('phone: the details table stacks each instalment, so every 2ª via is on screen without scrolling sideways', async () => {
    const page = await open('demo');
    await loginMaria(page);
    const data = await openMyDebits(page);
    const alfa = data.dividas.find((d) => d.loja.loj_emite_segunda_via_boleto_recupera === 'S')!;
    const card = cardOf(page, data, alfa);
    await card.getByTestId('debt-toggle').click();
    await card.getByTestId('panel-details').click();
    const buttons = card.getByTestId('second-copy-pdf');
    await buttons.first().waitFor();
    // Five columns need 475 px, more than a 390 px phone's card: the table used to hide its last two to the right.
    const regions = await card
      .locator('.table-scroll')
      .evaluateAll((all) => all.map((region) => region.scrollWidth - region.clientWidth));
    expect(regions).toEqual(regions.map(() => 0));
    for (const button of await buttons.all()) {
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Each cell is still named by its column to a screen reader.
    const first = alfa.contratos[0]!.parcelas[0]!;
    await card
      .getByRole('cell', { name: formatMoney(first.corrigido), exact: true })
      .first()
      .waitFor();
    await card.getByRole('columnheader', { name: 'Valor' }).first().waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    await shot(page, 'second-copy-details-phone');
  });

  it('senff: the card panel lists the second copies to copy, open or send by SMS or e-mail', async () => {
    const page = await open('senff');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginMariaWithSmsToken(page, portal);
    await page.waitForURL('**/menu');
    const data = await openMyDebits(page);
    const debt = data.dividas[0]!;
    const card = cards(page).first();
    await card.getByTestId('debt-toggle').click();
    await card.getByRole('button', { name: '2ª via de fatura', exact: true }).click();
    const items = card.getByTestId('second-copy-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(debt.contratos.flatMap((c) => c.parcelas).length);
    await expectNoAxeViolations(page);
    await shot(page, 'second-copy-panel-phone');

    const item = items.first();
    const line = await item.getByTestId('second-copy-line').inputValue();
    expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    await item.getByTestId('second-copy-line-copy').click();
    await page.getByTestId('snackbar').getByText('Linha digitável copiada.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    await expect.poll(() => stepsLogged(102)).toBeGreaterThan(0);
    await item.getByTestId('second-copy-pix-copy').click();
    await page.getByTestId('snackbar').getByText('Código PIX copiado.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    // The PDF is fetched first (a refusal would be a modal) and shown in the tab opened by the tap.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      item.getByTestId('second-copy-open').click(),
    ]);
    await tab.waitForURL(/^blob:/);
    await tab.close();
    // Refused (paid meanwhile from another phone): the tab closes and the modal gives the server's reason (spec 001 §8).
    const paidMeanwhile = { retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' };
    await page.route(/\.pdf/, (route) => route.fulfill({ status: 409, json: paidMeanwhile }));
    const [refused] = await Promise.all([
      page.waitForEvent('popup'),
      item.getByTestId('second-copy-open').click(),
    ]);
    await expectModal(page, 'Erro', 'Esta parcela já foi paga.');
    expect(refused.isClosed()).toBe(true);
    await page.unroute(/\.pdf/);

    // Send by SMS: a short number is refused in the form; a mobile number gets the stored line.
    await item.getByTestId('second-copy-send-open').click();
    await item.getByTestId('second-copy-channel').getByText('SMS', { exact: true }).click();
    const phone = item.getByLabel('Celular', { exact: true });
    await phone.fill('(11) 9876-543');
    await item.getByTestId('second-copy-send').click();
    await item.getByText('Digite um celular válido', { exact: true }).waitFor();
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    await phone.fill('11912345678');
    await item.getByTestId('second-copy-send').click();
    await expectModal(
      page,
      'Sucesso',
      'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
    );
    const sms = await portal.latestMessage('sms');
    expect(sms).toMatchObject({ recipient: '11912345678' });
    expect(sms!.bodyText).toContain(line);
    await expect.poll(() => stepsLogged(100)).toBeGreaterThan(0);

    // By e-mail: the spec's message for a bad address, then the success text.
    await item.getByTestId('second-copy-send-open').click();
    const email = item.getByRole('textbox', { name: 'E-mail', exact: true });
    await email.fill('maria@exemplo.');
    await item.getByTestId('second-copy-send').click();
    await item.getByText('Digite um e-mail válido', { exact: true }).waitFor();
    await email.fill('maria@exemplo.com.br');
    await item.getByTestId('second-copy-send').click();
    await expectModal(page, 'Sucesso', 'E-mail enviado com sucesso.');
    expect(await portal.latestMessage('email')).toMatchObject({ recipient: 'maria@exemplo.com.br' });
    await expect.poll(() => stepsLogged(101)).toBeGreaterThan(0);

    // The same button closes the panel (spec 001 §4).
    await card.getByRole('button', { name: '2ª via de fatura', exact: true }).click();
    expect(await card.getByTestId('second-copy-item').count()).toBe(0);
  });

  it('senff: choosing pay in full offers the second copy or instalments (spec 001 §4)', async () => {
    const page = await open('senff', { viewport: DESKTOP });
    await loginMariaWithSmsToken(page, portal);
    await page.waitForURL('**/menu');
    await openMyDebits(page);
    const card = cards(page).first();
    await card.getByTestId('panel-paymentOptions').click();
    const mode = card.getByTestId('po-mode');
    await mode.getByText('Parcelado', { exact: true }).click();
    await mode.getByText('À vista', { exact: true }).click();
    const dialog = page.getByTestId('modal');
    await dialog.getByRole('heading', { name: 'Atenção', exact: true }).waitFor();
    expect(await dialog.locator('.modal__text').textContent()).toBe(
      'Esta fatura já tem 2ª via para pagar o valor total. Você pode pagar pela 2ª via ou parcelar a dívida.',
    );
    await dialog.getByRole('button', { name: 'Parcelar' }).click();
    expect(await mode.getByRole('radio', { name: 'Parcelado' }).isChecked()).toBe(true);
    await mode.getByText('À vista', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Ver 2ª via' }).click();
    await card.getByTestId('second-copy-item').first().waitFor();
    expect(await card.getByTestId('payment-options').count()).toBe(0);
  });
});
