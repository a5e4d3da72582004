import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBrDate, type PlanosResposta } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../src/cli/backup-command';
import { type Db, openDatabase } from '../src/db/client';
import { captureStream } from './capture-stream';
import { quotePlans } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { commandDatabase, createTestApp } from './test-app';

// Backups (issue 20 item 6; README "Backups"; decision 036): `npm run backup` of the server's database, PGlite or
// PostgreSQL (TEST_DATABASE_URL) as the settings say, and `npm run restore` into an empty one give back every money
// and audit row, byte for byte.

/** The money and audit tables a restore must give back whole. */
const TABLES = [
  'agreements',
  'agreement_contracts',
  'agreement_instalments',
  'agreement_status_events',
  'payment_charges',
  'payment_events',
  'audit_log',
] as const;

/** Each table's row count and an md5 of all its rows in order. */
async function fingerprint(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const entries = await Promise.all(
    TABLES.map(async (table) => {
      const result = await db.execute<{ rows: number; md5: string }>(
        sql`select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5
            from ${sql.identifier(table)} t`,
      );
      return [table, result.rows[0]!] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function run(verb: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await runBackupCommand([verb, file], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: { NODE_ENV: 'test', ...env },
  });
  return { code, out: stdout.text(), err: stderr.text() };
}

const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
let source: Awaited<ReturnType<typeof commandDatabase>>;
let target: Awaited<ReturnType<typeof commandDatabase>>;
let before: Awaited<ReturnType<typeof fingerprint>>;

beforeAll(async () => {
  source = await commandDatabase(join(dir, 'source'));
  target = await commandDatabase(join(dir, 'target'));
  const t = await createTestApp({ database: source.options });
  try {
    // A new agreement (the demo's João already has one, with a paid entry) and staff reads in the audit trail.
    const maria = await login(t, MARIA);
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
    const [card] = debts.json().dados.dividas;
    const plans = await quotePlans(t, card, { cookie: maria, partner: 'demo' });
    const [plan] = (plans.json().dados as PlanosResposta).pre_acordo;
    const confirmed = await call(
      t,
      'negociacao_robo/passo_4_novo',
      {
        praCodigo: plan!.pra_codigo,
        formaDePagamento: 'boleto',
        primeiroVencimento: formatBrDate(plan!.pra_primeiro_vcto),
      },
      { host: hostOf('demo'), cookie: maria },
    );
    expect(confirmed.json().retorno, confirmed.body).toBe(true);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'Demo@2026' },
    });
    const authorization = `Bearer ${staff.json().access_token}`;
    expect((await t.app.inject({ url: '/api/gestao/acordos', headers: { authorization } })).statusCode).toBe(
      200,
    );
    before = await fingerprint(t.database.db);
  } finally {
    await t.close();
  }
}, 120_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe('npm run backup and npm run restore', () => {
  it('restores into an empty database every agreement, payment and audit row', async () => {
    expect(before.agreements!.rows).toBeGreaterThanOrEqual(2);
    expect(before.payment_events!.rows).toBeGreaterThan(0);
    expect(before.audit_log!.rows).toBeGreaterThan(0);

    const file = join(dir, 'portal.backup');
    const backup = await run('backup', file, source.env);
    expect(backup, backup.err).toMatchObject({ code: 0, out: expect.stringContaining(file) });
    // It holds people's data: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A second backup never overwrites the first.
    expect(await run('backup', file, source.env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('já existe'),
    });

    const restore = await run('restore', file, target.env);
    expect(restore, restore.err).toMatchObject({ code: 0 });
    const restored = await openDatabase(target.options);
    try {
      expect(await fingerprint(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    // Restoring again would mix two databases: a restore only fills an empty one.
    expect(await run('restore', file, target.env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('não está vazio'),
    });
  }, 120_000);

  it('refuses a file that is not a backup of this kind of database', async () => {
    const file = join(dir, 'not-a-backup.txt');
    writeFileSync(file, 'nada');
    const other = await commandDatabase(join(dir, 'other'));
    try {
      expect(await run('restore', file, other.env)).toMatchObject({
        code: 1,
        err: expect.stringContaining('não é uma cópia'),
      });
    } finally {
      await other.drop();
    }
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('a backup of the embedded database', () => {
  it('waits for the server to stop: a copy of a data directory in use would not be consistent', async () => {
    const dataDir = join(dir, 'in-use');
    mkdirSync(dataDir);
    // A server: another live process holding the directory's lock.
    const server = spawn('sleep', ['60']);
    writeFileSync(join(dataDir, 'portal.lock'), String(server.pid));
    try {
      const answer = await run('backup', join(dir, 'in-use.backup'), { DATA_DIR: dataDir });
      expect(answer).toMatchObject({
        code: 1,
        err: expect.stringContaining(`em uso pelo processo ${server.pid}`),
      });
      expect(existsSync(join(dir, 'in-use.backup'))).toBe(false);
    } finally {
      server.kill();
    }
  });
});
