import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, connectChromium, type Portal, startPortal } from './harness';

// TermsLGPD (spec 002 §1, §2, §9) at /politica-de-privacidade.
const SCREENSHOTS = '/tmp/legal-screens/';

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

async function open(partner: string | null, path = '/politica-de-privacidade', width = 390): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 844 }, bypassCSP: true, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(portal.url(partner, path));
  await page.getByRole('tablist').waitFor();
  return page;
}

const favicon = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href'));

describe('terms and privacy page (TermsLGPD)', () => {
  it('opens on the terms of use, switches tabs by keyboard and states every fact', async () => {
    const page = await open(null, '/politica-de-privacidade', 1280);
    const terms = page.getByRole('tab', { name: 'Termos de uso' });
    const policy = page.getByRole('tab', { name: 'Política de privacidade' });
    expect(await terms.getAttribute('aria-selected')).toBe('true');
    expect(await policy.getAttribute('aria-selected')).toBe('false');
    expect(await policy.getAttribute('tabindex')).toBe('-1');
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('aba-termoDeUso');
    const termsText = (await page.locator('main').textContent()) ?? '';
    for (const fact of [
      '18 anos',
      '1.1',
      '01/01/2022',
      '08:00 às 18:00',
      'horário de Brasília',
      'comarca de',
    ])
      expect(termsText, fact).toContain(fact);
    await expect.poll(() => page.title()).toBe('Portal Demo - Termos de uso e política de privacidade');
    await page.screenshot({ path: `${SCREENSHOTS}demo-termos-desktop.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await terms.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => policy.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('aba-politicaDePrivacidade');
    expect(new URL(page.url()).searchParams.get('aba')).toBe('politicaDePrivacidade');
    const policyText = (await page.getByRole('tabpanel').textContent()) ?? '';
    for (const fact of [
      '5 anos',
      '15 dias',
      '6 meses',
      '12 meses',
      'Não vendemos',
      'endereço IP',
      'identificador da sessão',
      '18 anos',
    ])
      expect(policyText, fact).toContain(fact);
    await page.screenshot({ path: `${SCREENSHOTS}demo-politica-desktop.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => terms.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await expect.poll(() => policy.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => terms.getAttribute('aria-selected')).toBe('true');
  });

  it("shows the demo partner's own company data (sessoes.contact)", async () => {
    const page = await open(null);
    const company = page.getByTestId('legal-company');
    const text = (await company.textContent()) ?? '';
    expect(text).toContain('Portal Demo Serviços de Cobrança Ltda.');
    expect(text).toContain('contato@demo.example.com');
    expect(text).toContain('(11) 4002-8922');
    expect(text).toContain('Av. Paulista, 1000');
    expect(text).toContain('08:00 às 18:00');
    expect(text).not.toContain('Negocie Aqui');
    await page.screenshot({ path: `${SCREENSHOTS}demo-mobile.png`, fullPage: true });
  });

  it("uses the fixed company, title and the logo as favicon for 'aqui', and opens a tab from the address", async () => {
    const page = await open('aqui', '/politica-de-privacidade?aba=politicaDePrivacidade');
    expect(
      await page.getByRole('tab', { name: 'Política de privacidade' }).getAttribute('aria-selected'),
    ).toBe('true');
    const text = (await page.getByTestId('legal-company').textContent()) ?? '';
    expect(text).toContain('Negocie Aqui Intermediação de Negócios Ltda.');
    expect(text).toContain('privacidade@negocieaqui.example.com');
    expect(text).not.toContain('contato@aqui.example.com');
    await expect.poll(() => page.title()).toBe('Negocie Aqui - Negociação de dívidas');
    const logoUrl = await page.evaluate(() =>
      fetch('/api/parceiro/aqui/info')
        .then((r) => r.json())
        .then((json: { data: { logo: string | null; favicon: string | null } }) => json.data.logo),
    );
    expect(logoUrl).toBeTruthy();
    await expect.poll(() => favicon(page), { timeout: 10_000 }).toBe(logoUrl);
    await page.screenshot({ path: `${SCREENSHOTS}aqui-politica-mobile.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is reached from the landing page footer', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(portal.url('acme'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Termos de uso e política de privacidade' }).click();
    await page.getByRole('tablist').waitFor();
    expect(new URL(page.url()).pathname).toBe('/politica-de-privacidade');
    await expect.poll(() => page.title()).toBe('Acme Cobranças - Termos de uso e política de privacidade');
    // The footer's 'Portal de privacidade' opens the privacy portal (tests/browser/privacy-portal.test.ts).
    await page.goto(portal.url('acme'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portal de privacidade' }).click();
    await page.getByRole('tab', { name: 'Solicitação de direitos', selected: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal-de-privacidade');
  });
});
