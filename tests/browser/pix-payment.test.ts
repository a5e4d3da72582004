import { PassThrough } from 'node:stream';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentsCommand } from '../../apps/server/src/cli/payments-command';
import type { AcordosResposta } from '../../apps/web/src/features/debts/api/types';
import { JOAO, loginDebtor } from './debtor-login';
import { axeViolations, connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';

// Issue 17 item 6: João has the PIX of an instalment on screen, pays it at the local PSP (`npm run payments --
// pay-pix`, the bank's side), the PSP's webhook records it, and Meus Acordos shows PAGO on that row without a reload.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openMyAgreements(): Promise<{ page: Page; data: AcordosResposta }> {
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
    locale: 'pt-BR',
  });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url('demo', '/'));
  await loginDebtor(page, JOAO);
  await page.waitForURL('**/menu');
  const answer = page.waitForResponse(
    (r: Response) => r.url().includes('b=passo_5') && r.request().method() === 'POST',
  );
  await page.getByRole('link', { name: /^Meus Acordos/ }).click();
  await page.waitForURL('**/meus-acordos');
  const { dados } = (await (await answer).json()) as { dados: AcordosResposta };
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  return { page, data: dados };
}

/** What `npm run payments -- pay-pix '<código copiado>'` does against this portal. */
async function payAtTheLocalPsp(copiedCode: string): Promise<string> {
  let out = '';
  const stdout = new PassThrough().on('data', (chunk) => {
    out += chunk;
  });
  const port = new URL(portal.url(null)).port;
  const code = await runPaymentsCommand(['pay-pix', copiedCode], {
    stdout,
    stderr: new PassThrough(),
    env: { PORT: port, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
  });
  expect(code).toBe(0);
  return out;
}

/** João's Meus Acordos and the first instalment with a PIX still to pay, with its row. */
async function firstPixToPay() {
  const { page, data } = await openMyAgreements();
  const agreement = data.acordos[0]!.dadosAcordo;
  const index = agreement.parcelas.findIndex((p) => p.status !== 'P' && p.pix_copia_cola !== null);
  const instalment = agreement.parcelas[index]!;
  const row = page.getByTestId('agreement-card').first().getByTestId('agreement-row').nth(index);
  return { page, instalment, row };
}

describe('a PIX paid at the PSP shows PAGO on Meus Acordos', () => {
  it('João opens the PIX, pays it, and the row turns PAGO without a reload; axe clean', async () => {
    const { page, instalment, row } = await firstPixToPay();
    expect(await row.textContent()).not.toContain('PAGO');

    await row.getByTestId('agreement-pix').click();
    const dialog = page.getByTestId('pix-dialog');
    await dialog.getByRole('heading', { name: 'Pagar com PIX' }).waitFor();
    expect(await dialog.getByTestId('pix-code').inputValue()).toBe(instalment.pix_copia_cola);
    expect(await axeViolations(page)).toEqual([]);

    // The person copies the code, closes the modal and pays in the bank's app: the list keeps being read every 5 s
    // for 3 minutes after the modal closes, so PAGO arrives on the row with no navigation.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    expect(await payAtTheLocalPsp(instalment.pix_copia_cola!)).toContain('webhook: 200');

    await expect.poll(async () => row.textContent(), { timeout: 15_000, interval: 500 }).toContain('PAGO');
    expect(navigations).toEqual([]);
    expect(await row.getByTestId('agreement-pix').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('paid with the modal still open (scanned from another phone), the modal says it is paid', async () => {
    const { page, instalment, row } = await firstPixToPay();
    await row.getByTestId('agreement-pix').click();
    const dialog = page.getByTestId('pix-dialog');
    await dialog.getByTestId('pix-qr').waitFor();
    expect(await payAtTheLocalPsp(instalment.pix_copia_cola!)).toContain('webhook: 200');
    await dialog.getByTestId('pix-paid').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('pix-paid').textContent()).toBe(
      'Pagamento recebido. Esta parcela está paga: não é preciso pagar de novo.',
    );
    expect(await dialog.getByTestId('pix-qr').count()).toBe(0);
    expect(await dialog.getByTestId('pix-code').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
