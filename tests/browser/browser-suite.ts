import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, type Portal, startPortal } from './harness';

export interface BrowserSuite {
  portal: Portal;
  browser: Browser;
  /** The context a test opened; closed after each test. */
  context: BrowserContext | null;
}

/**
 * A browser test file's lifecycle: the portal (with `settings`) and Chromium started once, the screenshots' folder
 * made, each test's browser context closed after it, everything closed at the end.
 */
export function browserSuite(shots: string, settings: Record<string, string> = {}): BrowserSuite {
  const suite = { context: null } as BrowserSuite;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    [suite.portal, suite.browser] = await Promise.all([startPortal(settings), launchChromium()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.portal?.close();
  });
  afterEach(async () => {
    await suite.context?.close();
    suite.context = null;
  });
  return suite;
}

/** A desktop browser context in Portuguese with the cookie banner answered (refused), as a staff member opens one. */
export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    locale: 'pt-BR',
  });
  await context.addInitScript(() => window.localStorage.setItem('refuseCookies', 'true'));
  return context;
}

/** The test's own desktop context (closed after the test) and a page in it. */
export async function openDesktopPage(suite: BrowserSuite): Promise<Page> {
  suite.context = await desktopContext(suite.browser);
  return suite.context.newPage();
}
