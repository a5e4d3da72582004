import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Database, type DatabaseOptions, openDatabase } from '../src/db/client';
import { loadEnv } from '../src/env';
import type { MailTransport } from '../src/integrations/mail/mail-transport';
import type { SmsSender } from '../src/integrations/sms/sms-sender';
import { prepareDatabase } from '../src/prepare-database';
import { createMigratedPglite, openPreparedPglite } from './prepared-pglite';

// Server tests run on an in-memory PGlite, or, when TEST_DATABASE_URL is set, on a scratch database created on
// that PostgreSQL server for this test file and dropped afterwards.

/** A CV folder that does not exist, for tests that run scheduled jobs whose CVs they do not look at. */
export const NO_CVS = join(tmpdir(), 'portal-test-no-cvs', String(process.pid));

export async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database of its own for a command under test (commands open the server's database from its settings): a scratch
 * PostgreSQL database when TEST_DATABASE_URL is set, else a PGlite folder `data` in `dir`.
 */
export async function commandDatabase(
  dir: string,
): Promise<{ env: Record<string, string>; options: DatabaseOptions; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await scratchPostgres(adminUrl);
    // DATA_DIR too: its default (./data) is where a developer's server keeps its files, CVs the jobs would sweep.
    return {
      env: { DATABASE_URL: scratch.url, DATA_DIR: join(dir, 'data') },
      options: { url: scratch.url },
      drop: scratch.drop,
    };
  }
  const dataDir = join(dir, 'data');
  return { env: { DATA_DIR: dataDir }, options: { dataDir }, drop: async () => undefined };
}

/**
 * A command's database with the migrations already applied (the commands apply them, and seed nothing). A new
 * embedded database's initdb and migrations took 40-140 s on a loaded machine, in the first command a test ran:
 * this one starts from the run's migrated template instead.
 */
export async function migratedCommandDatabase(dir: string): ReturnType<typeof commandDatabase> {
  const scratch = await commandDatabase(dir);
  if (scratch.options.dataDir) await createMigratedPglite(scratch.options.dataDir);
  else {
    const database = await openDatabase(scratch.options);
    await database.migrate().finally(() => database.close());
  }
  return scratch;
}

/** A web build stand-in with the placeholders the real index.html carries. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta name="portal-partner" content="%PORTAL_PARTNER%"></head><body></body></html>',
  );
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    mailTransport?: MailTransport | null;
    smsSender?: SmsSender | null;
    env?: Record<string, string>;
    /** Receives the log lines (with env LOG_LEVEL set: tests run silent). */
    logStream?: { write(line: string): void };
    /** A database the test owns (commandDatabase), instead of a scratch one dropped by close(). */
    database?: DatabaseOptions;
  } = {},
): Promise<TestApp> {
  const scratch =
    !options.database && process.env.TEST_DATABASE_URL
      ? await scratchPostgres(process.env.TEST_DATABASE_URL)
      : null;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '3600000',
    OUTBOX_RETRY_BASE_MS: '1000',
    // Scheduled jobs run when a test runs them (app.scheduler.runOnce, runDueJobs).
    SCHEDULER_POLL_MS: '0',
    WEB_DIST_DIR: fakeWebDist(),
    PARTNER_HOSTS: 'www.negocieaqui.com.br=aqui',
    ...options.env,
  });
  // An in-memory embedded database starts from the run's prepared template; any other is prepared here.
  const ownDatabase = options.database ?? (scratch ? { url: scratch.url } : null);
  let database: Database;
  if (ownDatabase) {
    database = await openDatabase(ownDatabase);
    await prepareDatabase(database, env);
  } else {
    database = await openPreparedPglite(env);
  }
  const app = await buildApp({
    env,
    database,
    mailTransport: options.mailTransport ?? null,
    smsSender: options.smsSender ?? null,
    logStream: options.logStream,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      // A test may already have closed the database to simulate an outage.
      await database.close().catch(() => undefined);
      await scratch?.drop();
    },
  };
}

export const CONTACT_ACTION = '/api.php?a=portal&b=enviarContato';

export function validContact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Souza',
    email: 'ana@example.com',
    identification: '529.982.247-25',
    text: 'Gostaria de negociar a minha dívida em parcelas.',
    agreement: true,
    ...overrides,
  };
}
