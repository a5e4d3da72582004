import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';
import { loadEnv } from '../../apps/server/src/env';
import { smtpTransport } from '../../apps/server/src/integrations/mail/mail-transport';
import { listeningOnFreePort } from '../../apps/server/test/free-port';
import { openPreparedPglite } from '../../apps/server/test/prepared-pglite';
import { startSmtpPeer } from '../../apps/server/test/smtp-peer';

/** A row of the outbox (`outbound_messages`) as the development mailbox lists it. */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  template: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  status: string;
}

export interface Portal {
  app: FastifyInstance;
  database: Database;
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  /** The server's log lines, kept when the settings give a LOG_LEVEL (the card test scans them). */
  logLines: string[];
  /** http://{partner}.portal.localhost:{port}{path}: Chromium resolves *.localhost to loopback. */
  url(partner: string | null, path?: string): string;
  /**
   * The newest message of `channel` in the outbox, read from the development mailbox (/dev/mailbox.json), the
   * way someone trying the demo reads an SMS: the harness has no SMS sender, so SMS stay in the outbox.
   */
  latestMessage(channel: 'email' | 'sms'): Promise<OutboxMessage | undefined>;
  close(): Promise<void>;
}

/**
 * The whole product as a user gets it: built web app, server, embedded database with the demo, SMTP peer.
 * `overrides` are extra settings (environment variables) for the server.
 */
export async function startPortal(overrides: Record<string, string> = {}): Promise<Portal> {
  const smtp = await startSmtpPeer();
  // The port is chosen before the server starts so that links in e-mails (PUBLIC_URL_TEMPLATE) point at this
  // server, as they point at the real site in production; it is made again for another port when that one was taken.
  const logLines: string[] = [];
  const {
    made: { app, database },
    port,
  } = await listeningOnFreePort(
    async (candidate) => {
      logLines.length = 0;
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        OUTBOX_POLL_MS: '200',
        OUTBOX_RETRY_BASE_MS: '500',
        WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
        PUBLIC_URL_TEMPLATE: `http://{partner}.portal.localhost:${candidate}`,
        // A small ALTCHA counter: the widget's proof of work in Chromium then takes milliseconds.
        CAPTCHA_MAX_NUMBER: '2000',
        // Not ./data, a developer's server's: the scheduled jobs would sweep its CV files against this database.
        DATA_DIR: join(tmpdir(), `portal-browser-${process.pid}-${candidate}`),
        ...overrides,
      });
      const database = await openPreparedPglite(env);
      const app = await buildApp({
        env,
        database,
        mailTransport: smtpTransport(smtp.url),
        logStream: { write: (line) => void logLines.push(line) },
      });
      return { app, database };
    },
    ({ app }, candidate) => app.listen({ port: candidate, host: '127.0.0.1' }),
    async ({ app, database }) => {
      await app.close();
      await database.close();
    },
  );
  const url = (partner: string | null, path = '/') =>
    `http://${partner ? `${partner}.portal.` : ''}localhost:${port}${path}`;
  return {
    app,
    database,
    smtp,
    logLines,
    url,
    latestMessage: async (channel) => {
      const response = await fetch(url(null, '/dev/mailbox.json'));
      const { data } = (await response.json()) as { data: OutboxMessage[] };
      return data.find((message) => message.channel === channel);
    },
    close: async () => {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}

/** A download's bytes, streamed from the shared Chromium (its files are on the browser's side of the connection). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Uncaught errors of the portal's pages ("address: message"), for page-errors-setup.ts to fail the test that opened
 * them. Pages that are not the portal's (about:blank, Chromium's error pages) run only the tests' own scripts; a PDF
 * tab runs Chromium's PDF viewer, whose own script can fail when a test closes the tab while it starts ("Cannot read
 * properties of null (reading 'setItem')" on a loaded machine).
 */
export const pageErrors: string[] = [];

const isPortalPage = (url: string) => url.startsWith('http') && !/\.pdf$/.test(new URL(url).pathname);

function recordPageErrors(context: BrowserContext): BrowserContext {
  context.on('page', (page) =>
    page.on('pageerror', (error) => {
      if (isPortalPage(page.url())) pageErrors.push(`${page.url()}: ${error.message}`);
    }),
  );
  return context;
}

/**
 * The run's one Chromium (chromium-setup.ts); closing what this returns closes only this file's contexts. Every
 * context it opens records its pages' uncaught errors (pageErrors).
 */
export async function connectChromium(): Promise<Browser> {
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => recordPageErrors(await newContext(options));
  return browser;
}

/** A returning visitor who has already refused cookies (spec 000 §4's key): the banner covers nothing. */
export async function refuseCookiesBeforehand(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Only the portal's HTML pages have its storage (not about:blank, nor Chromium's PDF viewer over a PDF).
    if (location.protocol.startsWith('http') && document.contentType === 'text/html')
      window.localStorage.setItem('refuseCookies', 'true');
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (the context must be created with bypassCSP so the script can be injected), and checks
 * what axe does not: WCAG 2.1 1.4.10 Reflow, no sideways scrolling of the page itself (a wide table scrolls inside
 * its own region).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    const violations = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (sideways > 0)
      violations.push({
        id: 'reflow',
        impact: 'serious',
        help: `The page scrolls sideways by ${sideways} px at ${document.documentElement.clientWidth} px wide`,
        nodes: [],
      });
    return violations;
  });
}

/**
 * The words of the page's text that a line break cuts between two letters: the page's 'overflow-wrap: anywhere'
 * lets a box narrower than a word (a phone at 200% zoom) break it anywhere rather than widen the page. A word here
 * ends at a space, after a hyphen or at a <wbr>, where a line may break, except 'e-mail', which must not break at
 * its hyphen (components/ui/KeepWords). Text in a region that scrolls sideways is left out: its width is its own
 * (a table's), not the screen's.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (element: Element | null): boolean =>
      element !== null &&
      (['auto', 'scroll'].includes(getComputedStyle(element).overflowX) || scrolls(element.parentElement));
    const broken: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
      if (scrolls(node.parentElement)) continue;
      for (const word of node.data.matchAll(/\be-mails?\b|[^\s-]+-?/gi)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/**
 * Waits until the app has taken over the server-rendered landing page (React has attached to its search box).
 * Tests of what comes after the search start from there; the first screen before the app runs has its own tests
 * (landing.test.ts).
 */
export async function landingAppRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid="search-input"]');
    return box !== null && Object.keys(box).some((key) => key.startsWith('__reactProps'));
  });
}

/** The boxes of `locators` (one element each) overlap nowhere: nothing on the screen covers another. */
export async function expectApart(locators: Locator[]): Promise<void> {
  const boxes = await Promise.all(locators.map(async (locator) => (await locator.boundingBox())!));
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, JSON.stringify([a, b])).toBe(true);
    }
  });
}
