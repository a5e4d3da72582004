import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { loadEnv } from '../../apps/server/src/env';
import { smtpTransport } from '../../apps/server/src/integrations/mail/mail-transport';
import { prepareDatabase } from '../../apps/server/src/prepare-database';
import { startSmtpPeer } from '../../apps/server/test/smtp-peer';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Portal {
  app: FastifyInstance;
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  /** http://{partner}.portal.localhost:{port}{path}: Chromium resolves *.localhost to loopback. */
  url(partner: string | null, path?: string): string;
  close(): Promise<void>;
}

/** The whole product as a user gets it: built web app, server, embedded database with the demo, SMTP peer. */
export async function startPortal(): Promise<Portal> {
  const smtp = await startSmtpPeer();
  const database = await openDatabase({});
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '200',
    OUTBOX_RETRY_BASE_MS: '500',
    WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
  });
  await prepareDatabase(database, env);
  const app = await buildApp({ env, database, mailTransport: smtpTransport(smtp.url) });
  app.readiness.ready = true;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    smtp,
    url: (partner, path = '/') => `http://${partner ? `${partner}.portal.` : ''}localhost:${port}${path}`,
    close: async () => {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (the context must be created with bypassCSP so the script can be injected). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}
