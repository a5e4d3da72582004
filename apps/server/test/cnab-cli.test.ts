import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRemessa, writeRetorno } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentsCommand } from '../src/cli/payments-command';
import { type DatabaseOptions, openDatabase } from '../src/db/client';
import { paymentCharges, paymentEvents, stores } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { prepareDatabase } from '../src/prepare-database';
import { cnabBeneficiary } from '../src/services/payments/cnab-files';
import { captureStream } from './capture-stream';
import { issueBoleto, joaoInstalmentRows } from './cnab-helpers';
import { commandDatabase } from './test-app';

// `npm run payments -- remessa | retorno | pay-boleto` (issue 17 items 2 and 6) against the server's database.

const NOW = new Date('2026-11-25T15:00:00Z');

let dir: string;
let env: Record<string, string>;
let dbOptions: DatabaseOptions;
let dropScratch: (() => Promise<void>) | null = null;
let line: string;
let ourNumber: string;
let instalmentId: number;

async function withDb<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(dbOptions);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cnab-'));
  const scratch = await commandDatabase(dir);
  env = { ...scratch.env, SEED_DEMO: 'off' };
  dbOptions = scratch.options;
  dropScratch = scratch.drop;
  const database = await openDatabase(dbOptions);
  try {
    await prepareDatabase(database, loadEnv({ ...scratch.env, NODE_ENV: 'test', SEED_DEMO: 'auto' }));
    const [, first] = await joaoInstalmentRows(database.db);
    const charge = await issueBoleto(database.db, first!.id);
    [line, ourNumber, instalmentId] = [charge.digitableLine!, charge.ourNumber!, first!.id];
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await dropScratch?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], extraEnv: Record<string, string> = {}) {
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await runPaymentsCommand(
    argv,
    { stdout: stdout.stream, stderr: stderr.stream, env: { ...env, ...extraEnv } },
    NOW,
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('npm run payments', () => {
  it('prints the subcommands when none is given', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'uso: npm run payments -- remessa [--store <código da loja>] [--dir <pasta>]',
    );
    expect(result.stderr).toContain('uso: npm run payments -- pay-boleto <linha digitável ou nosso número>');
    expect(result.stderr).toContain('uso: npm run payments -- run-jobs [--today AAAA-MM-DD]');
  });

  it('remessa writes the file with the new boleto to the directory; a second run the same day writes none', async () => {
    const out = join(dir, 'out');
    const first = await run(['remessa', '--dir', out]);
    expect(first.code).toBe(0);
    const path = /: (\S+\.rem)\n/.exec(first.stdout)?.[1];
    expect(path).toBeDefined();
    expect(path!.startsWith(out)).toBe(true);
    const read = readRemessa(readFileSync(path!, 'latin1'));
    expect(read.ok && read.titles.map((t) => t.ourNumber)).toEqual([ourNumber]);
    expect(await run(['remessa', '--dir', out])).toEqual({
      code: 0,
      stdout: 'Nenhum boleto novo para registrar: nenhuma remessa gerada.\n',
      stderr: '',
    });
  });

  it('pay-boleto writes the bank retorno for the printed line and imports it: the instalment is paid', async () => {
    const out = join(dir, 'bank');
    const result = await run(['pay-boleto', ...line.split(' '), '--dir', out]);
    expect(result.code).toBe(0);
    const path = /escrito em (\S+\.ret)\n/.exec(result.stdout)?.[1];
    expect(existsSync(path!)).toBe(true);
    expect(result.stdout).toMatch(
      new RegExp(`linha 3: 06 Liquidação, nosso número ${ourNumber}: Pago R\\$\\s[\\d.,]+ em 25/11/2026`),
    );
    const events = await withDb((db) =>
      db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalmentId)),
    );
    expect(events).toMatchObject([
      { kind: 'paid', occurredOn: '2026-11-25', cause: expect.stringMatching(/^cnab:\d+:3$/) },
    ]);

    // The same file loaded again from the CLI changes nothing.
    const again = await run(['retorno', path!]);
    expect(again.stdout).toContain('Este retorno já foi importado; nada foi alterado.');
    expect(
      await withDb((db) =>
        db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalmentId)),
      ),
    ).toHaveLength(1);
  });

  it('retorno replaces the boletos its file refused at once, as the staff upload does (decision 065)', async () => {
    const refused = await withDb(async (db) => {
      const [, , second] = await joaoInstalmentRows(db);
      const charge = await issueBoleto(db, second!.id);
      const [store] = await db.select().from(stores).where(eq(stores.id, charge.storeId));
      return { charge, store: store! };
    });
    const path = join(dir, 'refused.ret');
    writeFileSync(
      path,
      writeRetorno(
        {
          beneficiary: cnabBeneficiary(refused.store),
          sequence: 77,
          generatedOn: '2026-11-25',
          generatedAt: '120000',
        },
        [
          {
            movement: '03',
            ourNumber: refused.charge.ourNumber!,
            documentNumber: String(refused.charge.id),
            dueDate: refused.charge.dueDate,
            amountCents: refused.charge.amountCents,
            feeCents: 0,
            reasons: ['48'],
            payer: { document: '39053344705', name: 'JOAO' },
            interestCents: 0,
            discountCents: 0,
            rebateCents: 0,
            iofCents: 0,
            paidCents: 0,
            netCents: 0,
            occurredOn: '2026-11-25',
            creditOn: null,
          },
        ],
      ),
    );
    const result = await run(['retorno', path]);
    expect(result.code, result.stderr).toBe(0);
    // Not left to a server's job 5 minutes later: the refused boleto is ended and the instalment's next one issued.
    const issues = await withDb((db) =>
      db
        .select({ id: paymentCharges.id })
        .from(paymentCharges)
        .where(eq(paymentCharges.instalmentId, refused.charge.instalmentId)),
    );
    expect(issues).toHaveLength(2);
  });

  it('retorno refuses a broken file and lists the errors by line', async () => {
    const path = join(dir, 'broken.ret');
    writeFileSync(path, `${'0'.repeat(240)}\r\nshort\r\n`);
    const result = await run(['retorno', path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'O arquivo de retorno tem erros e nada foi importado. Corrija as linhas indicadas.\n' +
        'linha 1: arquivo sem lote (mínimo 4 linhas)\nlinha 2: tamanho 5, esperado 240 posições\n',
    );
  });

  it('pay-boleto does not exist in production: nothing is paid', async () => {
    // A production environment as it must be set (the webhook secret is required there).
    const result = await run(['pay-boleto', ourNumber, '--dir', join(dir, 'prod')], {
      NODE_ENV: 'production',
      PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-producao',
    });
    expect(result).toMatchObject({
      code: 1,
      stderr: 'erro: o pagamento de demonstração não existe em produção\n',
    });
    expect(existsSync(join(dir, 'prod'))).toBe(false);
  });

  it('pay-boleto names an unknown boleto', async () => {
    expect(await run(['pay-boleto', '99999990000000001'])).toMatchObject({
      code: 1,
      stderr: 'Boleto não encontrado.\n',
    });
  });
});
