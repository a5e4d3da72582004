import { CARD_FORM_MESSAGES, CARD_OUTCOME_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreements, cardPayments } from '../../apps/server/src/db/schema';
import { SANDBOX_TEST_CARDS } from '../../apps/server/src/integrations/card-gateway/sandbox-gateway';
import {
  type CardsUsed,
  cardDataInLog,
  cardDataStoredSince,
  type StoredTexts,
  storedTexts,
} from '../../apps/server/test/card-scan';
import { browserSuite } from './browser-suite';
import { JOAO, loginDebtor } from './debtor-login';
import { axeViolations, downloadedBytes, refuseCookiesBeforehand } from './harness';

// Issue 17 item 3, spec 001 §2-§5, §7-§9: João pays an agreement by card through the built web app, the real
// server and its sandbox gateway; the card goes from the browser to the gateway, the portal gets a token.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/card-payment-screens';
const STORE = 'Bela Casa';
// The security codes typed below, looked for with the cards afterwards.
const CVVS = ['987', '654', '321', '741'];
const USED: CardsUsed = { numbers: Object.values(SANDBOX_TEST_CARDS), cvvs: CVVS };
// Every test logs in again; the per-document login limit has its own server tests. The server logs as in
// production (info) so that the scan at the end reads what it would write.
const suite = browserSuite(SHOTS, {
  LIMIT_LOGIN_PER_DOCUMENT: '100',
  PARTNER_CACHE_SECONDS: '0',
  LOG_LEVEL: 'info',
  // The slow test card answers after the portal has stopped waiting: the charge stays pending.
  CARD_GATEWAY_TIMEOUT_MS: '3000',
  SANDBOX_GATEWAY_SLOW_MS: '6000',
});

let before: StoredTexts;
beforeAll(async () => {
  before = await storedTexts(suite.portal.database);
});

async function open(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: PHONE, locale: 'pt-BR', acceptDownloads: true });
  suite.context = context;
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(suite.portal.url('demo', '/'));
  return page;
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');

/** João opens the card plans of STORE's debt and the confirmation of its first plan, with the card form. */
async function cardConfirmation(page: Page): Promise<Locator> {
  await loginDebtor(page, JOAO);
  await page.waitForURL('**/menu');
  await page.goto(suite.portal.url('demo', '/minhas-dividas'));
  const card = page
    .getByTestId('debt-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: STORE, exact: true }) })
    .first();
  // On a phone the card opens with its toggle, which exists once the debts are listed.
  await page.getByTestId('debt-card').first().waitFor();
  const toggle = card.getByTestId('debt-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await card.getByTestId('panel-paymentOptions').click();
  const panel = card.getByTestId('payment-options');
  await expect.poll(() => panel.getByTestId('po-plans').getAttribute('aria-busy')).toBe('false');
  await panel.getByTestId('po-method').getByRole('radio', { name: 'Cartão de crédito', exact: true }).check();
  await expect.poll(() => panel.getByTestId('po-plans').getAttribute('aria-busy')).toBe('false');
  await panel.getByTestId('po-plan-list').getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'Continuar' }).click();
  const confirm = panel.getByTestId('po-confirm');
  await confirm.getByTestId('po-card-fields').waitFor();
  // The card is charged on confirmation: no first due date to pay by.
  expect(await text(confirm.getByTestId('po-summary-charge'))).toBe('Ao confirmar o acordo');
  expect(await confirm.getByTestId('po-summary-due').count()).toBe(0);
  return confirm;
}

/** Types the card as a person does (the masks format it), accepts the terms and confirms. */
async function payWith(page: Page, confirm: Locator, number: string, cvv: string) {
  const fields = confirm.getByTestId('po-card-fields');
  await fields.getByLabel('Número do cartão').pressSequentially(number);
  await fields.getByLabel('Validade (mm/aa)').pressSequentially('1230');
  await fields.getByLabel('Código de segurança (CVV)').fill(cvv);
  await fields.getByLabel('Nome impresso no cartão').fill('JOAO P LIMA');
  expect(await fields.getByLabel('Número do cartão').inputValue()).toBe(
    number.replace(/(\d{4})(?=\d)/g, '$1.'),
  );
  await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
  const tokenised = page.waitForRequest((r) => r.url().includes('/sandbox-gateway/core/v5/tokens'));
  const saved = page.waitForResponse((r) => r.url().includes('b=passo_4_novo'));
  await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
  // The card went to the gateway; the portal got the token, brand and last four only.
  expect((await tokenised).postDataJSON()).toMatchObject({ card: { number, cvv } });
  const sent = (await saved).request().postData() ?? '';
  expect(sent).not.toContain(number);
  expect(sent).not.toContain(`"${cvv}"`);
  expect(JSON.parse(sent).dadosDoCartao).toEqual({
    token: expect.stringMatching(/^token_/),
    bandeira: 'VISA',
    ultimos_digitos: number.slice(-4),
  });
}

/**
 * Demo has no cardReturnStates (spec 001 §4): the card's outcome is told where the person confirmed, styled as Meus
 * Acordos styles it (`style`: the modal's class).
 */
async function expectOutcome(page: Page, title: string, message: string, style: string) {
  const modal = page.getByTestId('modal');
  await modal.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(await text(modal.locator('.modal__text'))).toBe(message);
  expect(await modal.getAttribute('class')).toContain(`modal--${style}`);
  await modal.getByRole('button', { name: 'OK' }).click();
  await modal.waitFor({ state: 'detached' });
}

describe('card payment on demo (João, Bela Casa)', () => {
  it('a wrong name on the card is told as it is typed: the tap on the terms checkbox, leaving the field, lands on it', async () => {
    const page = await open();
    const confirm = await cardConfirmation(page);
    const name = confirm.getByTestId('po-card-fields').getByLabel('Nome impresso no cartão');
    await name.pressSequentially('JOAO 2');
    const message = confirm.getByText(CARD_FORM_MESSAGES.nameCharacters, { exact: true });
    const terms = confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' });
    const before = (await terms.boundingBox())!;
    // The finger goes down where the checkbox is: the name field loses the focus, and nothing moves under it.
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    expect(await terms.isChecked()).toBe(true);
    expect((await terms.boundingBox())!.y).toBe(before.y);
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(false);
    expect(await message.isVisible()).toBe(true);
  });

  it('REJECTED: the card screen passes axe; the refusal is told and no agreement is kept', async () => {
    const page = await open();
    const confirm = await cardConfirmation(page);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await confirm.getByText('Informe um número de cartão válido.').waitFor();
    await page.screenshot({ path: `${SHOTS}/card-form-errors.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).uncheck();
    await payWith(page, confirm, SANDBOX_TEST_CARDS.rejected, CVVS[0]!);
    await expectOutcome(page, 'Erro', CARD_OUTCOME_MESSAGES.REJECTED, 'danger');
    // The rejected plan was spent on the cancelled agreement: the person is back at new card plans, where another
    // card reaches the gateway (not 'Esta simulação expirou...').
    const panel = page.getByTestId('payment-options');
    await panel.getByTestId('po-plan-list').waitFor();
    expect(await confirm.count()).toBe(0);
    await expect.poll(() => panel.getByTestId('po-plans').getAttribute('aria-busy')).toBe('false');
    expect(
      await panel
        .getByTestId('po-method')
        .getByRole('radio', { name: 'Cartão de crédito', exact: true })
        .isChecked(),
    ).toBe(true);
    await panel.getByTestId('po-plan-list').getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    await payWith(page, panel.getByTestId('po-confirm'), SANDBOX_TEST_CARDS.voided, CVVS[2]!);
    await expectOutcome(page, 'Erro', CARD_OUTCOME_MESSAGES.VOIDED, 'danger');
    const [refused] = await suite.portal.database.db
      .select({ status: agreements.status })
      .from(cardPayments)
      .innerJoin(agreements, eq(agreements.id, cardPayments.agreementId))
      .where(eq(cardPayments.lastFour, '0028'));
    expect(refused?.status).toBe('cancelled');
  });

  it('VOIDED: the cancelled charge is told', async () => {
    const page = await open();
    const confirm = await cardConfirmation(page);
    await payWith(page, confirm, SANDBOX_TEST_CARDS.voided, CVVS[1]!);
    await expectOutcome(page, 'Erro', CARD_OUTCOME_MESSAGES.VOIDED, 'danger');
  });

  it('PENDING: a charge the operator has not confirmed is told as in processing, not as a success', async () => {
    const page = await open();
    const confirm = await cardConfirmation(page);
    await payWith(page, confirm, SANDBOX_TEST_CARDS.slow, CVVS[3]!);
    await expectOutcome(page, 'Pagamento em processamento', CARD_OUTCOME_MESSAGES.PENDING, 'info');
    // The agreement stands (Meus Acordos follows); it is set aside so the paid card below has the store again.
    await page.waitForURL('**/meus-acordos');
    const [pending] = await suite.portal.database.db
      .select({ agreementId: cardPayments.agreementId })
      .from(cardPayments)
      .where(eq(cardPayments.lastFour, '0044'));
    await suite.portal.database.db
      .update(agreements)
      .set({ status: 'cancelled' })
      .where(eq(agreements.id, pending!.agreementId));
  });

  it('PAID: success, the agreement settled with every instalment PAGO, the receipt dialog and its PDF', async () => {
    const page = await open();
    const confirm = await cardConfirmation(page);
    await payWith(page, confirm, SANDBOX_TEST_CARDS.paid, CVVS[2]!);
    await expectOutcome(page, 'Parabéns', CARD_OUTCOME_MESSAGES.PAID, 'success');
    await page.waitForURL('**/meus-acordos');
    const card = page
      .getByTestId('agreement-card')
      .filter({ has: page.getByRole('heading', { level: 2, name: STORE, exact: true }) })
      .first();
    // allTextContents does not wait: the list may still be loading.
    await card.getByTestId('agreement-status').first().waitFor();
    const statuses = await card.getByTestId('agreement-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['PAGO']));
    await card.getByTestId('agreement-card-receipt').first().click();
    const dialog = page.getByTestId('card-receipt');
    await dialog.getByRole('heading', { name: 'Comprovante de pagamento' }).waitFor();
    expect(await text(dialog)).toContain('**** **** **** 0010');
    expect(await text(dialog)).toContain('Visa');
    expect(await text(dialog)).toContain('390.***.***-05');
    await page.screenshot({ path: `${SHOTS}/card-receipt.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await dialog.getByTestId('card-receipt-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^comp_cartao_\d+\.pdf$/);
    const pdf = await downloadedBytes(file);
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(pdfText).toContain('390.***.***-05');
    expect(pdfText).toContain('**** **** **** 0010');
    const [payment] = await suite.portal.database.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.lastFour, '0010'));
    expect(payment).toMatchObject({ brand: 'VISA', lastFour: '0010' });
  });
});

// Issue 20 item 10, with the server tests' scanner (card-scan.ts, its own tests plant what it must find).
describe('after the card payments in the browser', () => {
  it('no card number (Luhn-valid 13-19 digit run) or CVV typed is in the database, the outbox or the server log', async () => {
    const after = await storedTexts(suite.portal.database);
    expect(after.texts.has('outbound_messages.body_text')).toBe(true);
    expect(cardDataStoredSince(before, after, USED)).toEqual([]);
    // The log has the card calls in it: the scan read the run, not an empty log.
    expect(suite.portal.logLines.some((line) => line.includes('b=passo_4_novo'))).toBe(true);
    expect(cardDataInLog(suite.portal.logLines, USED)).toEqual([]);
  });
});
