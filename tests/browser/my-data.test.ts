import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginMaria, MARIA } from './debtor-login';
import {
  axeViolations,
  brokenWords,
  connectChromium,
  downloadedBytes,
  type Portal,
  startPortal,
} from './harness';

// "Meus dados" (issue 6 item 1, docs/decisions/010): the identified person's summary, downloads and erasure.
const SCREENSHOTS = '/tmp/my-data-screens/';

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(path = '/', width = 390): Promise<Page> {
  context = await browser.newContext({
    viewport: { width, height: 844 },
    bypassCSP: true,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(portal.url(null, path));
  return page;
}

describe('Meus dados', () => {
  it('tells a visitor who has not identified how to do it, with a way to the search', async () => {
    const page = await open('/meus-dados');
    const box = page.getByTestId('my-data-unidentified');
    await box.waitFor();
    expect(await box.textContent()).toContain('digite o seu CPF ou CNPJ');
    expect(await page.getByTestId('download-json').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}nao-identificado.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Ir para a página inicial e informar o CPF/CNPJ' }).click();
    await page.getByTestId('search-input').waitFor();
  });

  it("keeps 'e-mail' on one line on narrow phones (no 'e-' at a line's end)", async () => {
    const page = await open('/', 320);
    await loginMaria(page);
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(portal.url(null, '/meus-dados'));
      await page.getByTestId('my-data-person').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}resumo-${width}.png`, fullPage: true });
      expect(await brokenWords(page), `${width} px`).toEqual([]);
    }
  });

  it('shows the summary, downloads the JSON and the PDF, and erases on confirmation by keyboard', async () => {
    const page = await open('/');
    await loginMaria(page);
    // The debtor area's side menu leads there.
    await page.screenshot({ path: `${SCREENSHOTS}menu.png` });
    await page.getByTestId('debts-my-data').click();
    await page.waitForURL('**/meus-dados');
    const person = page.getByTestId('my-data-person');
    await person.waitFor();
    expect(await person.textContent()).toContain('Maria da Silva Santos');
    expect(await person.textContent()).toContain(MARIA.cpf);
    expect(await page.getByTestId('my-data-summary').textContent()).toMatch(
      /Contratos\d+ contratos, \d+ parcelas/,
    );
    await page.screenshot({ path: `${SCREENSHOTS}resumo.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-json').click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^meus-dados-demo-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse((await downloadedBytes(json)).toString('utf8'));
    expect(data.titular).toMatchObject({ nome: 'Maria da Silva Santos', cpfCnpj: MARIA.digits });
    expect(data.contratos.length).toBeGreaterThan(0);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Correction and consent withdrawal go to the rights request form with the type already chosen.
    for (const [testId, type] of [
      ['ask-correction', 'Correção de dados'],
      ['ask-consent-withdrawal', 'Revogação de consentimento'],
    ] as const) {
      await page.getByTestId(testId).click();
      await page.waitForURL('**/portal-de-privacidade?tipo=*');
      const form = page.getByTestId('privacy-form');
      await form.waitFor();
      expect(await form.getByLabel('Tipo de solicitação *').inputValue()).toBe(type);
      await page.goBack();
      await page.getByTestId('my-data-person').waitFor();
    }

    // The dialog by keyboard: it opens on Cancelar, Escape closes it and gives the focus back.
    const opener = page.getByTestId('erasure-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Eliminar meus dados?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancelar');
    expect(await dialog.textContent()).toContain('contratos, parcelas, acordos e segundas vias de boleto');
    await page.screenshot({ path: `${SCREENSHOTS}confirmacao.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'erasure-open',
    );

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Eliminar meus dados');
    // A double click erases once: the second call would have found the session ended and hidden the protocol.
    await dialog.getByRole('button', { name: 'Eliminar meus dados', exact: true }).dblclick();
    const receipt = page.getByTestId('erasure-receipt');
    await receipt.waitFor();
    const protocol = (await page.getByTestId('erasure-protocol').textContent()) ?? '';
    expect(protocol).toMatch(/^LGPD-\d{8}-[0-9A-Z]{6}$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'erasure-receipt',
    );
    expect(await receipt.textContent()).toContain('a sua sessão foi encerrada');
    // Maria is also served by other partners' portals: her registration stays for them, and the receipt says so.
    expect(await receipt.textContent()).toContain('Ficaram guardados: data de nascimento');
    await page.screenshot({ path: `${SCREENSHOTS}protocolo.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The confirmation reaches the SMTP peer; the session is over.
    await expect
      .poll(
        () =>
          portal.smtp.received.some(
            (mail) => mail.to.includes('demo@example.com') && mail.raw.includes(protocol),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await page.reload();
    await page.getByTestId('my-data-unidentified').waitFor();
  });
});
