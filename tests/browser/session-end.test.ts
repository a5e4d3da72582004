import { SESSION_EXPIRED } from '@portal/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-suite';
import { JOAO, loginDebtor, loginMaria, openPaymentOptions } from './debtor-login';
import { refuseCookiesBeforehand } from './harness';

// A debtor session that ends mid-flow (expired, its cookie cleared): from whatever the person was doing, they read
// the server's message once and land on the partner's landing page, with nothing of the session left on screen.
// Someone who never had a session in the tab lands there too, without a message.

const suite = browserSuite('/tmp/session-end-screens', { LIMIT_LOGIN_PER_DOCUMENT: '100' });

async function open(): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  suite.context = context;
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(suite.portal.url('demo', '/'));
  return page;
}

/** The session ends on the server's side of the browser: its cookie is gone. */
async function endSession(): Promise<void> {
  await suite.context!.clearCookies({ name: 'portal_sessao' });
}

/** The landing page of demo, one modal with the session message over it, and nothing of the person's. */
async function expectSentToLanding(page: Page): Promise<void> {
  await page.waitForURL(suite.portal.url('demo', '/'));
  const dialog = page.getByTestId('modal');
  await dialog.getByRole('heading', { name: 'Erro', exact: true }).waitFor();
  expect(await dialog.locator('.modal__text').textContent()).toBe(SESSION_EXPIRED);
  expect(await page.getByText('Não foi possível').count()).toBe(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Once: no second modal follows, and the landing page is usable.
  await page.waitForTimeout(300);
  expect(await page.getByTestId('modal').count()).toBe(0);
  expect(await page.getByTestId('loading-overlay').count()).toBe(0);
  expect(await page.getByTestId('debts-greeting').count()).toBe(0);
  await page.getByTestId('search-input').waitFor();
}

/** Maria's Minhas Dívidas with the payment options of Banco Horizonte open and searched. */
async function paymentOptions(page: Page): Promise<Locator> {
  await loginMaria(page);
  const panel = await openPaymentOptions(
    page,
    suite.portal.url('demo', '/minhas-dividas'),
    'Banco Horizonte',
  );
  await panel.getByTestId('po-plan-list').getByRole('radio').first().waitFor();
  return panel;
}

describe('a debtor page opened without a session', () => {
  it('never logged in in this tab: the landing page, with no message that anything expired', async () => {
    const page = await open();
    for (const path of ['/minhas-dividas', '/meus-acordos', '/menu']) {
      await page.goto(suite.portal.url('demo', path));
      await page.waitForURL(suite.portal.url('demo', '/'));
      await page.getByTestId('search-input').waitFor();
      // The debtor page's own reads (prefetched beside its chunk) have answered 401 by now.
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('modal').count()).toBe(0);
    }
  });

  it('a session this tab had, ended before a reload: the message, once', async () => {
    const page = await open();
    await loginMaria(page);
    await endSession();
    await page.goto(suite.portal.url('demo', '/minhas-dividas'));
    await expectSentToLanding(page);
  });
});

describe('a debtor session that ends mid-flow', () => {
  it('changing a payment option', async () => {
    const page = await open();
    const panel = await paymentOptions(page);
    await endSession();
    // click, not check: the choice sends the person away, so check's look at the radio afterwards could find the
    // landing page instead and wait for the radio until it timed out (seen in CI under load).
    await panel.getByTestId('po-mode').getByRole('radio', { name: 'Parcelado', exact: true }).click();
    await expectSentToLanding(page);
    // The debtor's cached data went with it: Minhas Dívidas asks for the session again and finds none.
    await page.goto(suite.portal.url('demo', '/minhas-dividas'));
    await page.waitForURL(suite.portal.url('demo', '/'));
  });

  it("pressing 'Confirmar acordo'", async () => {
    const page = await open();
    const panel = await paymentOptions(page);
    await panel.getByTestId('po-plan-list').getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    await endSession();
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await expectSentToLanding(page);
  });

  it("'Baixar boletos' and 'Visualizar boletos' in Meus Acordos", async () => {
    const page = await open();
    await loginDebtor(page, JOAO);
    await page.getByRole('link', { name: /^Meus Acordos/ }).click();
    const card = page.getByTestId('agreement-card').first();
    await card.getByTestId('agreement-tick').first().waitFor();
    await card.locator('[data-testid="agreement-tick"]:not([disabled])').first().check();
    await endSession();
    await card.getByTestId('agreement-download').click();
    await expectSentToLanding(page);

    // Viewing opens its tab within the click; the screen it came from is gone, and so is the tab.
    await loginDebtor(page, JOAO);
    await page.getByRole('link', { name: /^Meus Acordos/ }).click();
    await card.locator('[data-testid="agreement-tick"]:not([disabled])').first().check();
    await endSession();
    const [tab] = await Promise.all([page.waitForEvent('popup'), card.getByTestId('agreement-view').click()]);
    await expectSentToLanding(page);
    await expect.poll(() => tab.isClosed()).toBe(true);
  });
});
