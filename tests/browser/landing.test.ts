import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { partnerSections, partners } from '../../apps/server/src/db/schema';
import { header, mimeParts } from '../../apps/server/test/smtp-peer';
import { MARIA, solveRobotCheck } from './debtor-login';
import { axeViolations, connectChromium, landingAppRunning, type Portal, startPortal } from './harness';

const SCREENSHOTS = new URL('../../bench-results/screenshots/', import.meta.url).pathname;

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

async function open(
  partner: string | null,
  options: { width?: number; bypassCSP?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: 844 },
    bypassCSP: options.bypassCSP ?? false,
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  await page.goto(portal.url(partner));
  return page;
}

/**
 * Scrolled just into view (where someone scrolling down to it would stop) and at the end of the page, the element is
 * what a tap at its centre reaches: the fixed cookie banner does not cover it.
 */
async function expectAboveBanner(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  const reached = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
  await page.evaluate(() => window.scrollTo(0, 0));
  await target.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
  expect(await reached(), 'scrolled into view').toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await reached(), 'at the end of the page').toBe(true);
}

const cssVariable = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe('partner landing pages (spec 000 §2)', () => {
  it('brands the default partner and shows every configured section', async () => {
    const page = await open(null, { width: 1280 });
    await expect.poll(() => page.title()).toBe('Portal Demo');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Negocie aqui suas dívidas',
    );
    expect(await cssVariable(page, '--color-primary')).toBe('#00c0fb');
    for (const id of ['sobre', 'como-funciona', 'contato'])
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    expect(await page.locator('#como-funciona button').count()).toBe(4);
    const creditor = page.getByRole('link', { name: /Acesso credor/ });
    expect(await creditor.getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('whatsapp-float').count()).toBe(1);
    expect(await page.getByText('Segunda a Sexta').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /Trabalhe conosco/ }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}demo-desktop.png`, fullPage: true });
  });

  it('brands another partner from its subdomain with its own colours and menu', async () => {
    const page = await open('acme');
    await expect.poll(() => page.title()).toBe('Acme Cobranças');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await cssVariable(page, '--color-primary')).toBe('#e4572e');
    expect(await page.getByRole('link', { name: /Acesso credor/ }).count()).toBe(0);
    expect(await page.getByTestId('whatsapp-float').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}acme-mobile.png`, fullPage: true });

    const negocie = await context.newPage();
    await negocie.goto(portal.url('negocie'));
    await negocie.getByRole('heading', { level: 1 }).waitFor();
    await negocie.setViewportSize({ width: 1280, height: 800 });
    expect(await negocie.getByRole('link', { name: /Trabalhe conosco/ }).count()).toBe(1);
  });

  it('fits a 240 px screen without horizontal scrolling', async () => {
    const page = await open(null, { width: 240 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}demo-240.png`, fullPage: true });
  });

  it('shows the spec message for an unknown partner and returns to the default landing page', async () => {
    const page = await open('xyz');
    await page.getByText('Subdomínio não encontrado!').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}not-found.png` });
    await page.waitForURL((url) => !url.hostname.startsWith('xyz.'), { timeout: 15_000 });
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Portal Demo');
  });

  it('shows the critical error when the configuration cannot load', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A known partner's page carries its configuration: only a page without one (a host the server does not know)
    // asks for it, and that request fails here.
    await page.route('**/api/parceiro/*/info', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(portal.url('xyz'));
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Erro Crítico');
    expect(await modal.textContent()).toContain('Erro crítico ao carregar dados do portal.');
  });

  it('shows the fatal error when the company token is null, and again on a search: no way to a login', async () => {
    const page = await open('inativo');
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Erro Fatal');
    expect(await modal.textContent()).toContain('Portal não está funcionando!');
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    await landingAppRunning(page);
    await page.getByTestId('search-input').fill(MARIA.cpf);
    await page.getByTestId('search-submit').click();
    await modal.getByText('Portal não está funcionando!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('login-form').count()).toBe(0);
  });

  it('a switched-off portal refuses the login on the server too, whatever the page believes', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    // A page that missed the start-up answer (a stale tab, a tampered script): it believes the portal works.
    await page.route('**/api.php?a=portal&b=retornarTokenEmpresa', (route) =>
      route.fulfill({ json: { retorno: true, dados: 'token', mensagem: '' } }),
    );
    await page.goto(portal.url('inativo'));
    await landingAppRunning(page);
    await page.getByTestId('search-input').fill(MARIA.cpf);
    await page.getByTestId('search-submit').click();
    await page.waitForURL('**/confirmar-dados');
    // This partner's login asks for the birth date only (no flags in its configuration).
    const form = page.getByTestId('login-form');
    await form.getByLabel('Data de nascimento', { exact: true }).fill(MARIA.birthDate);
    await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
    await solveRobotCheck(page);
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
    const modal = page.getByTestId('modal');
    await modal.getByRole('heading', { name: 'Erro Fatal', exact: true }).waitFor();
    expect(await modal.textContent()).toContain('Portal não está funcionando!');
    expect(new URL(page.url()).pathname).toBe('/confirmar-dados');
    expect((await context.cookies()).some((cookie) => cookie.name === 'portal_sessao')).toBe(false);
  });
});

/** A page on a phone-sized screen, with the errors it logs or throws. */
async function phonePageWithErrors(): Promise<{ page: Page; errors: string[] }> {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, errors };
}

/**
 * Counts the elements matching `selector` taken out of the page from its start: hydration must adopt the server's
 * elements, not replace them.
 */
async function countRemovals(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.addInitScript((watched) => {
    const w = window as unknown as { removals: number };
    w.removals = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches(watched) || node.querySelector(watched)))
            w.removals += 1;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { removals: number }).removals);
}

describe('server-rendered first screen', () => {
  it('arrives in the HTML and is hydrated in place, without errors', async () => {
    const html = (
      await portal.app.inject({ method: 'GET', url: '/', headers: { host: 'acme.portal.localhost' } })
    ).body;
    expect(html).toContain('Negocie aqui suas dívidas');
    expect(html).toContain('hero__img');
    expect(html).toContain('<style>');
    // The partner's colours are in the head: the first paint is already branded, before the app runs.
    expect(html).toContain('<style>:root{--color-primary:#e4572e;');

    const { page, errors } = await phonePageWithErrors();
    // Hydration adopts the server's hero image instead of replacing it.
    const removedHeroImages = await countRemovals(page, '.hero__img');
    await page.goto(portal.url('acme'));
    // The below-the-fold sections appear once the app runs.
    await page.locator('#contato').waitFor();
    expect(await removedHeroImages()).toBe(0);
    expect(errors).toEqual([]);
    // The boot script starts the app's entry only once the header image is painted (boot.js): the entry's request
    // comes after the image's paint, so it does not compete with it. Times are from the navigation's start.
    const { heroPainted, entryRequested } = await page.evaluate(
      () =>
        new Promise<{ heroPainted: number; entryRequested: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const hero = list
              .getEntries()
              .find((e) => (e as PerformanceEntry & { identifier: string }).identifier === 'hero');
            const entry = performance
              .getEntriesByType('resource')
              .find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name));
            if (hero && entry) resolve({ heroPainted: hero.startTime, entryRequested: entry.startTime });
          }).observe({ type: 'element', buffered: true });
        }),
    );
    expect(heroPainted).toBeGreaterThan(0);
    // Or by the boot script's 3 s timer, when a loaded machine painted the image later than that.
    expect(
      entryRequested > heroPainted || entryRequested >= 3_000,
      `entry requested at ${entryRequested} ms, image painted at ${heroPainted} ms`,
    ).toBe(true);
  });

  it('a debtor page paints the cookie banner from the server and keeps it through hydration', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const removedBanners = await countRemovals(page, '.cookie-banner');
    // Without a session the debts page sends the visitor to the landing page, after hydrating.
    await page.goto(portal.url('demo', '/minhas-dividas'));
    await page.waitForURL(portal.url('demo', '/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await removedBanners()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('Meus Acordos and the privacy portal come with the cookie banner in the HTML (their first paint)', async () => {
    for (const url of ['/meus-acordos', '/portal-de-privacidade']) {
      const html = (
        await portal.app.inject({ method: 'GET', url, headers: { host: 'acme.portal.localhost' } })
      ).body;
      expect(html, url).toContain('data-testid="cookie-banner"');
    }
  });

  it('the privacy portal paints its heading and introduction from the server and hydrates them in place', async () => {
    const html = (
      await portal.app.inject({
        method: 'GET',
        url: '/portal-de-privacidade',
        headers: { host: 'acme.portal.localhost' },
      })
    ).body;
    expect(html).toMatch(/<h1[^>]*>Portal de privacidade<\/h1>/);
    expect(html).toContain('class="privacy__intro"');
    // The tabs and the form come with the app: the server cannot read ?aba=, and a form sent before the app runs
    // would put the person's data in the address.
    expect(html).not.toContain('data-testid="privacy-form"');

    const { page, errors } = await phonePageWithErrors();
    const removedIntros = await countRemovals(page, '.privacy__intro');
    await page.goto(portal.url('acme', '/portal-de-privacidade?aba=seusDireitos'));
    await page.getByRole('tab', { name: 'Seus direitos', selected: true }).waitFor();
    await page.getByTestId('privacy-form').waitFor({ state: 'attached' });
    expect(await removedIntros()).toBe(0);
    expect(errors).toEqual([]);
  });

  /**
   * The landing page, then the privacy portal opened from its cookie banner (a second entry of the same document),
   * as a browser keeps a page's entries when it reloads the page from its history (a phone short of memory).
   */
  async function landingThenPrivacyPortal(page: Page): Promise<void> {
    await page.goto(portal.url('acme'));
    await landingAppRunning(page);
    await page.getByTestId('cookie-banner').getByRole('link', { name: 'Portal de privacidade' }).click();
    await page.getByRole('heading', { level: 1, name: 'Portal de privacidade' }).waitFor();
  }

  it('a Back before the app has started renders the page Back went to, not the painted one (no mismatch)', async () => {
    const { page, errors } = await phonePageWithErrors();
    await landingThenPrivacyPortal(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await released;
      await route.continue();
    });
    // The reloaded privacy portal is painted by the server; Back moves to the landing page before its app starts.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.history.back());
    await page.waitForURL(portal.url('acme', '/'), { waitUntil: 'commit' });
    release();
    await page.getByTestId('search-input').waitFor();
    await landingAppRunning(page);
    expect(await page.getByRole('heading', { level: 1, name: 'Portal de privacidade' }).count()).toBe(0);
    // Hydrating the portal's markup as the landing page failed with React error #418.
    expect(errors).toEqual([]);
  });

  it("Forward on a landing page reloaded from the history opens that entry's page", async () => {
    const { page, errors } = await phonePageWithErrors();
    await landingThenPrivacyPortal(page);
    await page.goBack();
    await page.reload();
    await landingAppRunning(page);
    await page.goForward();
    expect(new URL(page.url()).pathname).toBe('/portal-de-privacidade');
    // The landing page, which starts without the router, stayed on screen under the portal's address.
    await page.getByRole('heading', { level: 1, name: 'Portal de privacidade' }).waitFor();
    expect(await page.getByTestId('search-input').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("Forward the moment the reloaded landing page has hydrated still opens that entry's page", async () => {
    const { page, errors } = await phonePageWithErrors();
    await landingThenPrivacyPortal(page);
    await page.goBack();
    // Forward as soon as React has attached to the search box: before the page's effects have run.
    await page.addInitScript(() => {
      // A message channel, as React's scheduler uses: this check runs between its hydration tasks.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const box = document.querySelector('[data-testid="search-input"]');
        if (box && Object.keys(box).some((key) => key.startsWith('__reactProps'))) {
          window.history.forward();
          // A slow phone: the Forward arrives while the page is still busy starting.
          const until = performance.now() + 300;
          while (performance.now() < until);
        } else channel.port2.postMessage(null);
      };
      channel.port2.postMessage(null);
    });
    await page.reload();
    await page.waitForURL(portal.url('acme', '/portal-de-privacidade'));
    await page.getByRole('heading', { level: 1, name: 'Portal de privacidade' }).waitFor();
    expect(await page.getByTestId('search-input').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows a partner edit at once (the page parts follow the partner cache)', async () => {
    const db = portal.database.db;
    const [acme] = await db.select().from(partners).where(eq(partners.identifier, 'acme'));
    const where = and(eq(partnerSections.partnerId, acme!.id), eq(partnerSections.name, 'header'));
    const [section] = await db.select().from(partnerSections).where(where);
    const page = () =>
      portal.app.inject({ method: 'GET', url: '/', headers: { host: 'acme.portal.localhost' } });
    expect((await page()).body).toContain('Negocie aqui suas dívidas');
    await db
      .update(partnerSections)
      .set({ fields: { ...section!.fields, title: 'Quite suas contas' } })
      .where(where);
    try {
      portal.app.partnerCache.invalidate(acme!.id);
      expect((await page()).body).toContain('Quite suas contas');
    } finally {
      await db.update(partnerSections).set({ fields: section!.fields }).where(where);
      portal.app.partnerCache.invalidate(acme!.id);
    }
  });
});

describe('cookie banner (spec 000 §4)', () => {
  const analyticsScripts = (page: Page) =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll('script[src]'))
          .map((s) => (s as HTMLScriptElement).src)
          .filter((src) => /facebook|hotjar/.test(src)).length,
    );
  // A choice made before the app runs posts the banner's form and reloads the page (decision 006); the app then
  // copies it into local storage. Read again until it is there.
  const storedChoice = (page: Page, key: string) =>
    expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key).catch(() => null)).not.toBeNull();

  it('loads the partner analytics only after acceptance and remembers the choice', async () => {
    const page = await open(null);
    await page.getByTestId('cookie-banner').waitFor();
    expect(await analyticsScripts(page)).toBe(0);
    await page.getByTestId('cookie-accept').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await storedChoice(page, 'acceptCookies');
    await expect.poll(() => analyticsScripts(page).catch(() => 0)).toBe(2);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);

    // The choice can be changed at any time (LGPD art. 8 §5), from the privacy portal's 'Seus direitos': the banner
    // asks again, and the analytics are gone.
    await page.goto(portal.url(null, '/portal-de-privacidade?aba=seusDireitos'));
    await page.getByRole('button', { name: 'Mudar minha escolha de cookies' }).click();
    await page.getByTestId('cookie-banner').waitFor();
    expect(await analyticsScripts(page)).toBe(0);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('acceptCookies'),
        document.cookie.includes('cookieChoice'),
      ]),
    ).toEqual([null, false]);
    await page.getByRole('heading', { level: 2, name: 'Seus direitos' }).waitFor();
    await page.getByTestId('cookie-refuse').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await storedChoice(page, 'refuseCookies');
  });

  it("changing the choice deletes the analytics' cookies, on the portal's host and on its parent domain", async () => {
    const page = await open('demo');
    await page.getByTestId('cookie-accept').click();
    await storedChoice(page, 'acceptCookies');
    // What Meta Pixel and Hotjar leave behind.
    await context.addCookies([
      { name: '_fbp', value: 'fb.1.1700000000000.123', domain: 'demo.portal.localhost', path: '/' },
      { name: '_hjSessionUser_1', value: 'eyJpZCI6IjEifQ', domain: '.portal.localhost', path: '/' },
    ]);
    await page.goto(portal.url('demo', '/portal-de-privacidade?aba=seusDireitos'));
    expect(await page.evaluate(() => document.cookie)).toContain('_hjSessionUser_1=');
    await page.getByRole('button', { name: 'Mudar minha escolha de cookies' }).click();
    await page.getByTestId('cookie-banner').waitFor();
    expect(
      (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^_(fb|hj)/.test(name)),
    ).toEqual([]);
  });

  it('is in the first paint, without the script, until a choice is made; the choice travels in a cookie', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/', '/menu', '/minhas-dividas']) {
      await page.goto(portal.url('demo', path));
      expect(await page.getByTestId('cookie-banner').isVisible()).toBe(true);
    }
    // Opened by another system with the CPF in the path: no banner (spec 001 §2).
    await page.goto(portal.url('demo', '/menu/52998224725'));
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await context.addCookies([{ name: 'cookieChoice', value: 'refused', url: portal.url('demo', '/') }]);
    await page.goto(portal.url('demo', '/menu'));
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
  });

  it('covers neither the login robot check nor the privacy form Enviar on a phone (390x844)', async () => {
    const page = await open(null);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await landingAppRunning(page);
    await page.getByTestId('search-input').fill(MARIA.cpf);
    await page.getByTestId('search-submit').click();
    await page.waitForURL('**/confirmar-dados');
    await expectAboveBanner(page, page.getByTestId('altcha'));
    await page.screenshot({ path: `${SCREENSHOTS}banner-login-390.png` });
    await page.goto(portal.url(null, '/portal-de-privacidade'));
    await banner.waitFor();
    await expectAboveBanner(page, page.getByRole('button', { name: 'Enviar', exact: true }));
    await page.screenshot({ path: `${SCREENSHOTS}banner-privacy-390.png` });
  });

  it('loads nothing when refused', async () => {
    const page = await open(null);
    await page.getByTestId('cookie-refuse').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await storedChoice(page, 'refuseCookies');
    expect(await page.evaluate(() => document.cookie)).toContain('cookieChoice=refused');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(await analyticsScripts(page)).toBe(0);
  });
});

describe('CPF/CNPJ search box (spec 000 §5)', () => {
  it('rejects an invalid document with the spec message and goes on with a valid one', async () => {
    const page = await open(null);
    const input = page.getByTestId('search-input');
    await input.fill('111.111.111-11');
    await page.getByTestId('search-submit').click();
    await page.getByText('Digite um CPF ou CNPJ válido!').waitFor();
    expect(await input.inputValue()).toBe('111.111.111-11');
    await input.fill('');
    await input.pressSequentially('12abc34501de35');
    expect(await input.inputValue()).toBe('12.ABC.345/01DE-35');
    await input.press('Enter');
    await page.waitForURL(/\/confirmar-dados/);
    expect(await page.getByTestId('confirm-identification').inputValue()).toBe('12.ABC.345/01DE-35');
  });

  it('takes a pasted document whole, spaces around it and all (a maximum length cut its last digit)', async () => {
    const page = await open(null);
    await landingAppRunning(page);
    const input = page.getByTestId('search-input');
    await input.focus();
    // As a paste arrives: one insertion, which the browser cuts at the input's maxlength.
    await page.keyboard.insertText(' 11.222.333/0001-81 ');
    expect(await input.inputValue()).toBe('11.222.333/0001-81');
  });
});

describe('the first screen before the app has started (slow phone)', () => {
  /** The page with its app held back: the entry script (assets/index-*.js) is answered only when `release` is called. */
  async function withAppHeldBack() {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = true;
    await page.route('**/assets/index-*.js', async (route) => {
      if (held) await released;
      await route.continue();
    });
    return {
      page,
      release: () => {
        held = false;
        release();
      },
    };
  }

  it('posts the box to the server, which hands it back to the app: a valid CPF goes on to the login', async () => {
    const { page, release } = await withAppHeldBack();
    await page.goto(portal.url(null), { waitUntil: 'commit' });
    await page.getByTestId('search-input').fill('529.982.247-25');
    const posted = page.waitForResponse((response) => response.url().endsWith('/consulta'));
    await page.getByTestId('search-submit').click();
    expect((await posted).status()).toBe(303);
    release();
    await page.waitForURL(/\/confirmar-dados/);
    expect(await page.getByTestId('confirm-identification').inputValue()).toBe('529.982.247-25');
    // Read once: the cookie is gone.
    expect((await context.cookies()).some((cookie) => cookie.name === 'consulta')).toBe(false);
  });

  it('the cookie banner answered before the app is kept, and the page comes back without it', async () => {
    const { page, release } = await withAppHeldBack();
    await page.goto(portal.url(null, '/menu'), { waitUntil: 'commit' });
    const posted = page.waitForResponse((response) => response.url().endsWith('/escolha-de-cookies'));
    await page.getByTestId('cookie-refuse').click();
    expect((await posted).status()).toBe(303);
    await page.waitForURL((url) => url.pathname === '/menu', { waitUntil: 'commit' });
    release();
    // The app copies the choice into the spec's local storage key.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('refuseCookies'))).not.toBeNull();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookieChoice')?.value).toBe('refused');
  });

  it('hydrates what the server painted when the choice changed meanwhile, then drops the banner', async () => {
    // A Recusar tapped before the app ran posts the form; its answer sets the cookie while this page's app may still
    // start (another tab choosing does the same). Hydration must adopt the painted banner, not the new cookie.
    const { page, release } = await withAppHeldBack();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(portal.url('negocie'), { waitUntil: 'commit' });
    await page.getByTestId('cookie-banner').waitFor();
    await context.addCookies([{ name: 'cookieChoice', value: 'refused', url: portal.url('negocie', '/') }]);
    release();
    await landingAppRunning(page);
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('refuseCookies'))).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it('a switched-off portal takes no early search: its page comes back and says it is not working', async () => {
    const { page, release } = await withAppHeldBack();
    await page.goto(portal.url('inativo'), { waitUntil: 'commit' });
    await page.getByTestId('search-input').fill(MARIA.cpf);
    const posted = page.waitForResponse((response) => response.url().endsWith('/consulta'));
    await page.getByTestId('search-submit').click();
    expect((await posted).headers().location).toBe('/');
    release();
    await page.getByTestId('modal').getByText('Portal não está funcionando!').waitFor();
    await landingAppRunning(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).some((cookie) => cookie.name === 'consulta')).toBe(false);
  });

  it('an invalid document sent early shows the spec message with what was typed', async () => {
    const { page, release } = await withAppHeldBack();
    await page.goto(portal.url('acme'), { waitUntil: 'commit' });
    await page.getByTestId('search-input').fill('111.111.111-11');
    const posted = page.waitForResponse((response) => response.url().endsWith('/consulta'));
    await page.getByTestId('search-input').press('Enter');
    await posted;
    release();
    await page.getByText('Digite um CPF ou CNPJ válido!').waitFor();
    expect(await page.getByTestId('search-input').inputValue()).toBe('111.111.111-11');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('contact form (spec 000 §3, §5, §7)', () => {
  it('shows each field message, keeps Send disabled without consent, and delivers the e-mail', async () => {
    const page = await open(null, { width: 1280 });
    // The form loads as the person scrolls towards its section.
    await page.locator('#contato').scrollIntoViewIfNeeded();
    const form = page.getByTestId('contact-form');
    await form.scrollIntoViewIfNeeded();
    const send = page.getByTestId('contact-submit');
    expect(await send.isDisabled()).toBe(true);
    await form.getByLabel('Nome', { exact: true }).fill('Al');
    await form.getByLabel('E-mail', { exact: true }).fill('maria@');
    await form.getByLabel('CPF ou CNPJ').fill('123');
    await form.getByLabel('Mensagem', { exact: true }).fill('curto');
    await form.getByRole('checkbox').check();
    await send.click();
    for (const message of [
      'Por favor, digite o seu nome completo',
      'E-mail é obrigatório!',
      'CPF/CNPJ é obrigatório!',
      'Seu texto está muito curto.',
    ]) {
      await form.getByText(message).waitFor();
    }
    expect(portal.smtp.received).toHaveLength(0);

    await form.getByLabel('Nome', { exact: true }).fill('Maria Santos');
    await form.getByLabel('E-mail', { exact: true }).fill('maria@example.com');
    await form.getByLabel('CPF ou CNPJ').fill('52998224725');
    await form.getByLabel('Mensagem', { exact: true }).fill('Quero negociar a dívida da loja Alfa Eletro.');
    await send.click();
    const snackbar = page.getByTestId('snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toContain('E-mail enviado com sucesso!');
    await expect.poll(() => portal.smtp.received.length, { timeout: 10_000 }).toBe(1);
    const mail = portal.smtp.received[0]!;
    expect(mail.to).toEqual(['contato@demo.example.com']);
    expect(header(mail, 'Subject')).toBe('[Portal Demo] Nova mensagem de contato pelo portal');
    const text = mimeParts(mail)
      .find((part) => part.contentType === 'text/plain')!
      .content.toString('utf8');
    expect(text).toContain('CPF/CNPJ: 529.982.247-25');
    expect(await form.getByLabel('Nome', { exact: true }).inputValue()).toBe('');
    // Cleared after 5 s (spec 000 §4); the live region itself stays for the next message.
    await snackbar.waitFor({ state: 'hidden', timeout: 8_000 });
    expect(await snackbar.textContent()).toBe('');
  });
});

describe('accessibility (axe-core)', () => {
  it.each([[null], ['acme'], ['negocie']])('the landing page of %s has no violations', async (partner) => {
    const page = await open(partner, { bypassCSP: true });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('cookie-refuse').click();
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
  });
});
