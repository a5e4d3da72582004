import { mkdirSync } from 'node:fs';
import {
  AGREEMENT_CONTACT_MESSAGES,
  addDays,
  agreementContactSchema,
  CARD_FORM_MESSAGES,
  CARD_NAME_MAX_LENGTH,
  formatBrDate,
  formatMoney,
  formErrors,
  nextBusinessDay,
  todayInBrasilia,
} from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agreementInstalments, agreements, preAgreements, stepLogs } from '../../apps/server/src/db/schema';
import { planOfCode } from '../../apps/server/src/repositories/plan-repository';
import type { PlanosPedido, PlanosResposta, PreAcordo } from '../../apps/web/src/features/debts/api/types';
import { loginMaria, loginMariaWithSmsToken, MARIA } from './debtor-login';
import {
  axeViolations,
  connectChromium,
  expectApart,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';

// Spec 001 §2 "Payment options", §4, §5, §8 and §9: the plans of a debt card and the agreement confirmation,
// through the built web app, the real server and the demo seed.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const SHOTS = '/tmp/payment-options-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(partner: string, viewport = DESKTOP): Promise<Page> {
  context = await browser.newContext({ viewport, bypassCSP: true, locale: 'pt-BR' });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url(partner, '/'));
  return page;
}

/** Maria logs in, then opens MyDebits. */
async function openMyDebits(page: Page, partner: string): Promise<void> {
  await loginMaria(page);
  await page.goto(portal.url(partner, '/minhas-dividas'));
  await page.getByTestId('debt-card').first().waitFor();
}

const isPlanSearch = (request: Request) => request.url().includes('b=passo_3_novo');
const planAnswer = (page: Page) => page.waitForResponse((r: Response) => isPlanSearch(r.request()));

/** The next plan search: what the page sent and what the server answered. */
async function nextSearch(
  page: Page,
  act: () => Promise<unknown>,
): Promise<{ sent: PlanosPedido; retorno: boolean; mensagem: string; dados: PlanosResposta }> {
  const answer = planAnswer(page);
  await act();
  const response = await answer;
  const body = (await response.json()) as { retorno: boolean; mensagem: string; dados: PlanosResposta };
  return { sent: response.request().postDataJSON() as PlanosPedido, ...body };
}

/** Opens the payment options panel of the card of `store` and returns the panel and the first search. */
async function openPaymentOptions(page: Page, store: string) {
  const card = page
    .getByTestId('debt-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: store, exact: true }) })
    .first();
  const toggle = card.getByTestId('debt-toggle');
  if (await toggle.isVisible()) await toggle.click();
  const first = await nextSearch(page, () => card.getByTestId('panel-paymentOptions').click());
  const panel = card.getByTestId('payment-options');
  await settled(panel);
  return { card, panel, first };
}

/** Waits until no search is running in the panel. */
async function settled(panel: Locator): Promise<void> {
  await expect.poll(() => panel.getByTestId('po-plans').getAttribute('aria-busy')).toBe('false');
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');
const planRadios = (panel: Locator) => panel.getByTestId('po-plan-list').getByRole('radio');

/** The label a person reads for a plan (spec wording 'À vista R$ X' / 'Entrada de R$ X + N parcelas de R$ Y'). */
function expectedLabel(plan: PreAcordo): string {
  if (plan.pra_quantidade === 0) return `À vista ${money(plan.valor_total_acordo)}`;
  const count = plan.pra_quantidade === 1 ? '1 parcela' : `${plan.pra_quantidade} parcelas`;
  return `Entrada de ${money(plan.pra_valor_entrada)} + ${count} de ${money(plan.pra_valor_parcela)}`;
}

async function planLabels(panel: Locator): Promise<string[]> {
  const labels = panel.getByTestId('po-plan-list').locator('.choice__label');
  return (await labels.allTextContents()).map((label) => label.replace(/\u00a0/g, ' '));
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** A screenshot of `target`, or of what the screen shows. */
async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  if (target) await target.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const choice = (panel: Locator, group: string, name: string) =>
  panel.getByTestId(group).getByRole('radio', { name, exact: true });

describe('payment options on demo (Maria, Banco Horizonte)', () => {
  it('boleto pay in full by default, then instalments, PIX and card, each one search', async () => {
    const page = await open('demo');
    await openMyDebits(page, 'demo');
    const { panel, first } = await openPaymentOptions(page, 'Banco Horizonte');

    // Spec 001 §4 defaults: boleto, pay in full, first due date today (Brasília).
    expect(first.sent).toMatchObject({
      pagamentoAvistaPrazo: 'A',
      metodoPagamento: 'boleto',
      primeiroVencimento: formatBrDate(todayInBrasilia()),
      lancamentoFuturo: 'N',
    });
    expect(first.sent).not.toHaveProperty('bandeiraCartao');
    expect(first.retorno).toBe(true);
    expect(first.dados.pre_acordo).toHaveLength(1);
    expect(await choice(panel, 'po-mode', 'À vista').isChecked()).toBe(true);
    expect(await choice(panel, 'po-method', 'Boleto').isChecked()).toBe(true);
    expect(await planLabels(panel)).toEqual([expectedLabel(first.dados.pre_acordo[0]!)]);
    expect((await planLabels(panel))[0]).toMatch(/^À vista R\$ \d/);
    await shot(page, 'desktop-pay-in-full', panel);

    // Instalments: several plans, entry + instalments, with total and discount.
    const instalments = await nextSearch(page, () => choice(panel, 'po-mode', 'Parcelado').check());
    await settled(panel);
    expect(instalments.sent).toMatchObject({ pagamentoAvistaPrazo: 'P', metodoPagamento: 'boleto' });
    const plans = instalments.dados.pre_acordo.filter((p, i) => !(i === 0 && p.pra_quantidade === 0));
    expect(plans.length).toBeGreaterThan(1);
    expect(await planLabels(panel)).toEqual(plans.map(expectedLabel));
    expect((await planLabels(panel))[0]).toMatch(/^Entrada de R\$ [\d.,]+ \+ 1 parcela de R\$ /);
    const details = await text(panel.getByTestId('po-plan-list').locator('.choice__detail').first());
    expect(details).toContain(`Total: ${money(plans[0]!.valor_total_acordo)}`);
    if (plans[0]!.valor_desconto > 0)
      expect(details).toContain(`Desconto de ${money(plans[0]!.valor_desconto)}`);
    await shot(page, 'desktop-instalments', panel);

    // The plans are keyboard radios: Tab reaches the list, arrows move the choice.
    await planRadios(panel).first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await planRadios(panel).nth(1).isChecked()).toBe(true);
    expect(await panel.getByTestId('po-continue').isEnabled()).toBe(true);

    // PIX and card: a new search each; card without brand and form on this partner.
    const pix = await nextSearch(page, () => choice(panel, 'po-method', 'PIX').check());
    expect(pix.sent).toMatchObject({ metodoPagamento: 'pix', pagamentoAvistaPrazo: 'P' });
    await settled(panel);
    // A new answer clears the choice made in the old list.
    expect(await panel.getByTestId('po-continue').isDisabled()).toBe(true);
    const card = await nextSearch(page, () => choice(panel, 'po-method', 'Cartão de crédito').check());
    expect(card.sent).toMatchObject({ metodoPagamento: 'cartao' });
    expect(card.sent).not.toHaveProperty('bandeiraCartao');
    await settled(panel);
    expect(await planRadios(panel).count()).toBe(
      card.dados.pre_acordo.filter((p, i) => !(i === 0 && p.pra_quantidade === 0)).length,
    );
    expect(await panel.getByTestId('po-card-brand').count()).toBe(0);

    // Future entries: Maria's Banco Horizonte contract has some; the box sends lancamentoFuturo S.
    const future = await nextSearch(page, () => panel.getByTestId('po-future').check());
    expect(future.sent.lancamentoFuturo).toBe('S');
    await settled(panel);

    // Step 39 (viewed plans) was recorded for Maria.
    await expect
      .poll(
        async () =>
          (
            await portal.database.db
              .select()
              .from(stepLogs)
              .where(and(eq(stepLogs.stepCode, 39), eq(stepLogs.cpfCnpj, MARIA.digits)))
          ).length,
      )
      .toBeGreaterThan(0);
  });

  it('first due date: today .. today + 15 days; a later date resets to the maximum and clears the plans', async () => {
    const page = await open('demo');
    await openMyDebits(page, 'demo');
    const { panel } = await openPaymentOptions(page, 'Banco Horizonte');
    const today = todayInBrasilia();
    const max = addDays(today, 15);
    const date = panel.getByLabel('Data do primeiro vencimento', { exact: true });
    expect(await date.inputValue()).toBe(formatBrDate(today));
    await panel.getByText(`Escolha uma data de ${formatBrDate(today)} até ${formatBrDate(max)}.`).waitFor();

    // A date in range searches again with it.
    const inRange = addDays(today, 3);
    const moved = await nextSearch(page, () => date.fill(formatBrDate(inRange)));
    expect(moved.sent.primeiroVencimento).toBe(formatBrDate(inRange));
    await settled(panel);
    expect(moved.dados.pre_acordo[0]!.pra_primeiro_vcto).toBe(inRange);
    let searches = 0;
    page.on('request', (request) => {
      if (isPlanSearch(request)) searches += 1;
    });
    // The date typed in full searched already: Recalcular right after it sends the same passo_3_novo no second time.
    const shownPlans = await planRadios(panel).count();
    await panel.getByRole('button', { name: 'Recalcular' }).click();
    await settled(panel);
    expect(searches).toBe(0);
    expect(await planRadios(panel).count()).toBe(shownPlans);

    // A day after the maximum: the spec 001 §5 message, the date back at the maximum, no plans, no search.
    await date.fill(formatBrDate(addDays(max, 1)));
    const message = panel.getByTestId('po-message');
    expect(await text(message)).toBe(
      `Data de vencimento passada é inválida, a data máxima possível é: ${formatBrDate(max)}`,
    );
    expect(await date.inputValue()).toBe(formatBrDate(max));
    expect(await planRadios(panel).count()).toBe(0);
    expect(searches).toBe(0);
    await shot(page, 'desktop-date-reset', panel);
    await expectNoAxeViolations(page);

    // Recalcular searches with the maximum, once.
    const again = await nextSearch(page, () => panel.getByRole('button', { name: 'Recalcular' }).click());
    expect(again.sent.primeiroVencimento).toBe(formatBrDate(max));
    await settled(panel);
    expect(searches).toBe(1);
    expect(await planRadios(panel).count()).toBeGreaterThan(0);
    expect(await message.count()).toBe(0);

    // A date before today is out of range too.
    await date.fill(formatBrDate(addDays(today, -1)));
    expect(await text(message)).toBe(
      `Data de vencimento passada é inválida, a data máxima possível é: ${formatBrDate(max)}`,
    );
    expect(await date.inputValue()).toBe(formatBrDate(max));
  });

  it('only the latest search counts: a slow older answer never replaces a newer one', async () => {
    const page = await open('demo');
    await openMyDebits(page, 'demo');
    const { panel } = await openPaymentOptions(page, 'Banco Horizonte');
    // The pay-in-full answer is held back until after the instalments answer has arrived.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api.php?a=negociacao_robo&b=passo_3_novo', async (route) => {
      const body = route.request().postDataJSON() as PlanosPedido;
      if (body.pagamentoAvistaPrazo === 'A') await held;
      await route.continue().catch(() => {});
    });
    await choice(panel, 'po-mode', 'Parcelado').check();
    await choice(panel, 'po-mode', 'À vista').check();
    // While the search runs, the last list stays in place, inert, under the loading status.
    await panel.getByText('Calculando as opções de pagamento…').waitFor();
    await choice(panel, 'po-mode', 'Parcelado').check();
    await settled(panel);
    release();
    await page.waitForTimeout(300);
    expect(await planRadios(panel).count()).toBeGreaterThan(1);
    expect((await planLabels(panel)).every((label) => label.startsWith('Entrada de'))).toBe(true);
    await page.unroute('**/api.php?a=negociacao_robo&b=passo_3_novo');
  });

  it('a plan that expired while its confirmation was open: the message, then new plans, not the spent ones', async () => {
    const page = await open('demo', PHONE);
    await openMyDebits(page, 'demo');
    const { panel, first } = await openPaymentOptions(page, 'Banco Horizonte');
    await planRadios(panel).first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    // The plan's 30 minutes are over (issue 4 §6) while the person read the terms.
    const spent = first.dados.pre_acordo.map((plan) => planOfCode(plan.pra_codigo).searchId);
    await portal.database.db
      .update(preAgreements)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(preAgreements.id, spent));
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    const dialog = page.getByTestId('modal');
    await dialog.getByRole('heading', { name: 'Erro' }).waitFor();
    expect(await text(dialog.locator('.modal__text'))).toBe(
      'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.',
    );
    const fresh = await nextSearch(page, () => dialog.getByRole('button', { name: 'OK' }).click());
    await settled(panel);
    expect(await confirm.count()).toBe(0);
    expect(await choice(panel, 'po-method', 'Boleto').isChecked()).toBe(true);
    // The same search again: boleto, pay in full.
    expect(fresh.sent).toEqual(first.sent);
    // A new plan goes on to the confirmation.
    await planRadios(panel).first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    await confirm.getByRole('heading', { name: 'Confirme o seu acordo' }).waitFor();
  });

  it('confirmation: summary, default text, Confirmar acordo only after the terms, then Parabéns and Meus Acordos', async () => {
    const page = await open('demo', PHONE);
    await openMyDebits(page, 'demo');
    const { panel } = await openPaymentOptions(page, 'Banco Horizonte');
    await shot(page, 'phone-pay-in-full', panel);
    const instalments = await nextSearch(page, () => choice(panel, 'po-mode', 'Parcelado').check());
    await settled(panel);
    await expectNoAxeViolations(page);
    const plans = instalments.dados.pre_acordo.filter((p, i) => !(i === 0 && p.pra_quantidade === 0));
    const plan = plans[2]!;
    await planRadios(panel).nth(2).check();
    await shot(page, 'phone-instalments');
    await panel.getByRole('button', { name: 'Continuar' }).click();

    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('heading', { name: 'Confirme o seu acordo' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Confirme o seu acordo');
    // Reached by the keyboard at the bottom of the screen, the terms line stops above the floating WhatsApp button.
    const termsLine = confirm.getByText('Li e concordo com os termos do acordo.', { exact: true });
    await termsLine.evaluate((element) =>
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - window.innerHeight + 40),
    );
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).focus();
    await expectApart([termsLine, page.getByTestId('whatsapp-float')]);
    expect(await text(confirm.getByTestId('po-summary-plan'))).toBe(expectedLabel(plan));
    expect(await text(confirm)).toContain(money(plan.valor_total_acordo));
    expect(await text(confirm.getByTestId('po-confirm-text'))).toBe(
      'Ao confirmar este acordo, declaro que concordo com os valores, as datas de vencimento, a forma de pagamento ' +
        'e as regras do credor. O portal envia diariamente ao credor as informações dos pagamentos, para que ele ' +
        'cumpra as suas obrigações com os órgãos de proteção ao crédito.',
    );
    // No contact fields on this partner.
    expect(await confirm.getByLabel('E-mail').count()).toBe(0);
    const submit = confirm.getByRole('button', { name: 'Confirmar acordo' });
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, 'phone-confirmation', panel);
    await expectNoAxeViolations(page);

    // Voltar goes back to the plans with the chosen one still ticked and focused.
    await confirm.getByRole('button', { name: 'Voltar' }).click();
    const chosen = planRadios(panel).nth(2);
    expect(await chosen.isChecked()).toBe(true);
    expect(await chosen.evaluate((el) => el === document.activeElement)).toBe(true);
    await panel.getByRole('button', { name: 'Continuar' }).click();

    const terms = confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' });
    await terms.check();
    expect(await submit.isEnabled()).toBe(true);
    await terms.uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await terms.check();

    const saved = page.waitForResponse((r) => r.url().includes('b=passo_4_novo'));
    await submit.click();
    const request = (await saved).request();
    // Issue 16 item 1: a retry of this request would carry the same key, so the server records one agreement.
    expect(request.headers()['idempotency-key']).toMatch(/^[\w-]{8,128}$/);
    const sent = request.postDataJSON();
    expect(sent).toEqual({
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'boleto',
      primeiroVencimento: formatBrDate(todayInBrasilia()),
    });
    const dialog = page.getByTestId('modal');
    await dialog.getByRole('heading', { name: 'Parabéns' }).waitFor();
    expect(await text(dialog.locator('.modal__text'))).toBe('Acordo realizado com sucesso!');
    await shot(page, 'phone-congratulations');
    // Spec 001 §2/§9: 2000 ms later the person is on MyAgreements.
    const started = Date.now();
    await page.waitForURL('**/meus-acordos', { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThan(1000);
    // One agreement for this plan (the seed's agreement of another person has none).
    const rows = await portal.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
    expect(rows.length).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
  });

  it('send proposal opens the proposal form in the panel and comes back', async () => {
    const page = await open('demo');
    await openMyDebits(page, 'demo');
    const { panel } = await openPaymentOptions(page, 'Bela Casa');
    await panel.getByRole('button', { name: 'Enviar proposta' }).click();
    const form = panel.getByTestId('proposal-form');
    await form.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('entrada');
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Voltar às opções de pagamento' }).click();
    await panel.getByTestId('po-plan-list').waitFor();
    expect(
      await panel
        .getByRole('button', { name: 'Enviar proposta' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });
});

describe('partner settings', () => {
  it('a first due date on a Saturday: the confirmation gives the business day the agreement makes it due', async () => {
    const page = await open('demo', PHONE);
    await openMyDebits(page, 'demo');
    const { panel } = await openPaymentOptions(page, 'Bela Casa');
    // Bela Casa's range is today .. today + 7 days; tomorrow .. today + 7 always holds a Saturday, and stays in the
    // range if the run crosses midnight.
    const saturday = Array.from({ length: 7 }, (_, days) => addDays(todayInBrasilia(), days + 1)).find(
      (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6,
    )!;
    const due = nextBusinessDay(saturday);
    const date = panel.getByLabel('Data do primeiro vencimento', { exact: true });
    const search = await nextSearch(page, () => date.fill(formatBrDate(saturday)));
    await settled(panel);
    const plan = search.dados.pre_acordo[0]!;
    await planRadios(panel).first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();

    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('heading', { name: 'Confirme o seu acordo' }).waitFor();
    expect(await text(confirm.getByTestId('po-summary-due'))).toBe(formatBrDate(due));
    await confirm
      .getByText(
        `${formatBrDate(saturday)} não é dia útil: o primeiro pagamento vence em ${formatBrDate(due)}.`,
      )
      .waitFor();
    await shot(page, 'phone-confirmation-weekend', panel);
    await expectNoAxeViolations(page);

    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    const saved = page.waitForResponse((r) => r.url().includes('b=passo_4_novo'));
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    // The date the person chose goes to the server; the schedule moves it.
    expect((await saved).request().postDataJSON().primeiroVencimento).toBe(formatBrDate(saturday));
    await page.getByTestId('modal').getByRole('heading', { name: 'Parabéns' }).waitFor();
    const [agreement] = await portal.database.db
      .select()
      .from(agreements)
      .where(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId));
    const [firstInstalment] = await portal.database.db
      .select()
      .from(agreementInstalments)
      .where(eq(agreementInstalments.agreementId, agreement!.id))
      .orderBy(agreementInstalments.number)
      .limit(1);
    expect(firstInstalment!.dueDate).toBe(due);
  });

  it('negocie: no PIX (flgDesativarPix) and the first due date fixed to today', async () => {
    const page = await open('negocie');
    await openMyDebits(page, 'negocie');
    const { panel, first } = await openPaymentOptions(page, 'Alfa Eletro');
    expect(first.retorno).toBe(true);
    const methods = await panel
      .getByTestId('po-method')
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent));
    expect(methods).toEqual(['Boleto', 'Cartão de crédito']);
    // flgAtivarEscolhaDoVencimento is off here: the date is today, shown as text.
    expect(await panel.getByLabel('Data do primeiro vencimento').count()).toBe(0);
    expect(await text(panel.getByTestId('po-due-date-fixed'))).toContain(formatBrDate(todayInBrasilia()));
    await expectNoAxeViolations(page);
  });

  it('acme: no card (flgDesativarCartaoCredito)', async () => {
    const page = await open('acme');
    await openMyDebits(page, 'acme');
    const { panel } = await openPaymentOptions(page, 'Faculdade Saber');
    const methods = await panel
      .getByTestId('po-method')
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent));
    expect(methods).toEqual(['Boleto', 'PIX']);
  });
});

describe('card brand and form, contact on confirmation (senff capabilities)', () => {
  it('asks brand and form for card payments, sends them, and requires phone and e-mail to confirm', async () => {
    const page = await open('senff', PHONE);
    // Senff logs in with the birth date and the SMS token (no phone, no robot check).
    await loginMariaWithSmsToken(page, portal);
    await page.goto(portal.url('senff', '/minhas-dividas'));
    await page.getByTestId('debt-card').first().waitFor();

    const { panel } = await openPaymentOptions(page, 'Senff Cartões');
    expect(await panel.getByTestId('po-card-brand').count()).toBe(0);
    const card = await nextSearch(page, () => choice(panel, 'po-method', 'Cartão de crédito').check());
    // Defaults: the first brand and, where the store takes no recurring charges, the one-time form.
    expect(card.sent).toMatchObject({
      metodoPagamento: 'cartao',
      bandeiraCartao: 'MASTERCARD',
      formaCartao: 'avista',
    });
    await settled(panel);
    const brands = await panel
      .getByTestId('po-card-brand')
      .getByRole('radio')
      .evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent));
    expect(brands).toEqual(['MASTERCARD', 'VISA', 'ELO', 'HIPERCARD', 'OUTRA']);
    // Spec 001 §9 card fee texts, only those that fit the mode (decision 073): paying in full, the one-time form.
    expect(await text(panel.getByTestId('po-card-form'))).toContain('taxa de 2,49%');
    expect(await text(panel.getByTestId('po-card-form'))).not.toContain('Parcelado no cartão');
    const hiper = await nextSearch(page, () => choice(panel, 'po-card-brand', 'HIPERCARD').check());
    expect(hiper.sent.bandeiraCartao).toBe('HIPERCOB');
    await settled(panel);
    // In instalments the one-time form gives way to the form in instalments.
    const instalments = await nextSearch(page, () => choice(panel, 'po-mode', 'Parcelado').check());
    expect(instalments.sent).toMatchObject({
      pagamentoAvistaPrazo: 'P',
      bandeiraCartao: 'HIPERCOB',
      formaCartao: 'parcelado',
    });
    await settled(panel);
    expect(await text(panel.getByTestId('po-card-form'))).toContain(
      '2,60% de 2x a 6x e de 2,99% de 7x a 12x',
    );
    expect(await text(panel.getByTestId('po-card-form'))).not.toContain('taxa de 2,49%');
    await shot(page, 'phone-card-brand-form', panel.getByTestId('po-card-form'));
    await expectNoAxeViolations(page);

    await planRadios(panel).first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    const confirm = panel.getByTestId('po-confirm');
    // The card itself (issue 17): the sandbox gateway's paid test card.
    const cardFields = confirm.getByTestId('po-card-fields');
    await cardFields.getByLabel('Número do cartão').fill('4000000000000010');
    await cardFields.getByLabel('Validade (mm/aa)').fill('12/30');
    await cardFields.getByLabel('Código de segurança (CVV)').fill('123');
    await cardFields.getByLabel('Nome impresso no cartão').fill('MARIA SILVA');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().includes('b=passo_4_novo')) saves += 1;
    });
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await confirm.getByText('Telefone é obrigatório', { exact: true }).waitFor();
    await confirm.getByText('E-mail é obrigatório', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('telefone');
    expect(saves).toBe(0);
    await shot(page, 'phone-confirmation-contact', panel);
    await expectNoAxeViolations(page);

    // Filled in wrong, each field says what is wrong rather than that it is missing; the name stops at its limit.
    const name = cardFields.getByLabel('Nome impresso no cartão');
    expect(await name.getAttribute('maxlength')).toBe(String(CARD_NAME_MAX_LENGTH));
    await name.fill('M');
    await confirm.getByLabel('Telefone', { exact: true }).fill('1198765');
    await confirm.getByLabel('E-mail', { exact: true }).fill('demo@example');
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await confirm.getByText(CARD_FORM_MESSAGES.nameShort, { exact: true }).waitFor();
    await confirm.getByText(AGREEMENT_CONTACT_MESSAGES.telefoneInvalid, { exact: true }).waitFor();
    await confirm.getByText(AGREEMENT_CONTACT_MESSAGES.emailInvalid, { exact: true }).waitFor();
    expect(saves).toBe(0);
    // The server, with the same schema, answers the same; a well-formed address over 254 characters is too long
    // there and in the form alike.
    const refusal = (telefone: string, email: string) =>
      page.evaluate(
        async (body) => {
          const response = await fetch('/api.php?a=negociacao_robo&b=passo_4_novo', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return (await response.json()).dados;
        },
        {
          praCodigo: 1,
          formaDePagamento: 'boleto',
          primeiroVencimento: formatBrDate(todayInBrasilia()),
          telefone,
          email,
        },
      );
    expect(await refusal('1198765', 'demo@example')).toEqual({
      telefone: AGREEMENT_CONTACT_MESSAGES.telefoneInvalid,
      email: AGREEMENT_CONTACT_MESSAGES.emailInvalid,
    });
    const longEmail = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(50)}.com`;
    expect(await refusal('11987654321', longEmail)).toEqual({
      email: AGREEMENT_CONTACT_MESSAGES.emailTooLong,
    });
    expect(formErrors(agreementContactSchema, { telefone: '11987654321', email: longEmail })).toEqual({
      email: AGREEMENT_CONTACT_MESSAGES.emailTooLong,
    });
    saves = 0;
    await name.fill('MARIA SILVA');
    await confirm.getByLabel('Telefone', { exact: true }).fill('11987654321');
    await confirm.getByLabel('E-mail', { exact: true }).fill('demo@example.com');
    const saved = page.waitForResponse((r) => r.url().includes('b=passo_4_novo'));
    // Capability cardReturnStates: Meus Acordos reads the outcome from the return parameters (spec 001 §1, §4), then
    // drops them at once; waited for from before the click, so a slow test process cannot miss that address.
    const returned = page.waitForURL('**/meus-acordos?formaDePagamento=cartao&estadoDaTransacao=PAID');
    returned.catch(() => {});
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({
      formaDePagamento: 'cartao',
      telefone: '11987654321',
      email: 'demo@example.com',
    });
    // The charge's outcome as the server gave it: a refusal or an error is named here, not left to the wait below.
    const envelope = (await answer.json()) as {
      retorno: boolean;
      mensagem?: string;
      dados?: { parcelas?: { estado_da_transacao?: string | null }[] } | null;
    };
    expect({ ...envelope, dados: envelope.dados?.parcelas?.[0] }).toMatchObject({
      retorno: true,
      dados: { estado_da_transacao: 'PAID' },
    });
    await returned;
    await page.getByTestId('modal').getByRole('heading', { name: 'Parabéns' }).waitFor();
    await page.getByTestId('modal').getByText('Pagamento realizado com sucesso!').waitFor();
    // Said once: a reload does not say it again.
    await page.waitForURL((url) => url.pathname === '/meus-acordos' && url.search === '');
  });
});
