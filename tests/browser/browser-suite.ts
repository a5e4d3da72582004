import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';

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
    [suite.portal, suite.browser] = await Promise.all([startPortal(settings), connectChromium()]);
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

/**
 * A browser context in Brazilian Portuguese at this viewport (desktop by default), with the cookie banner answered
 * (refused) so it covers nothing.
 */
export async function portugueseContext(
  browser: Browser,
  width = 1280,
  height = 800,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true, locale: 'pt-BR' });
  await refuseCookiesBeforehand(context);
  return context;
}

/** The test's own context (closed after the test) at this viewport, and a page in it. */
export async function openPage(suite: BrowserSuite, width = 1280, height = 800): Promise<Page> {
  suite.context = await portugueseContext(suite.browser, width, height);
  return suite.context.newPage();
}
