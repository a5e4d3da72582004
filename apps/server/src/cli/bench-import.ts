// npm run bench:import: generates a portfolio file of BENCH_IMPORT_ROWS instalments (default 1,000,000; the same
// file every run), imports it into a fresh PGlite and, when DATABASE_URL is set, into a scratch database created
// on that PostgreSQL server and dropped afterwards, and prints rows/s. Each target is imported twice: a first load
// into empty tables, then the same file again (every row unchanged). A measurement, never an assertion.

import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { cnpjCheckDigits, cpfCheckDigits, maskCnpj, maskCpf } from '@portal/domain';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { partners } from '../db/schema';
import { importPortfolio } from '../services/import/import-portfolio';
import { PORTFOLIO_COLUMNS } from '../services/import/validate-portfolio';
import { describeSummary } from './import-command';
import { formatCount } from './progress-bar';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const STORES = 25;

// mulberry32: a tiny seeded generator, so every run imports the same file.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nunes',
];
const ORIGINS = ['Crediário', 'Cartão', 'Empréstimo', 'Serviços'];

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function money(centavos: number): string {
  const reais = String(Math.floor(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${pad(centavos % 100)}`;
}

/** Persons with 1 to 3 contracts of 1 to 12 instalments in 25 stores, until `rows` instalment lines. */
async function generatePortfolio(file: string, rows: number): Promise<void> {
  const next = random(2024);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const stores = Array.from({ length: STORES }, (_, i) => {
    const base = `${pad(10 + i)}${pad(i * 7, 6)}0001`;
    return { document: maskCnpj(base + cnpjCheckDigits(base)), name: `Loja ${pad(i + 1)}` };
  });
  const out = createWriteStream(file);
  let buffer = `${PORTFOLIO_COLUMNS.join(';')}\n`;
  let written = 0;
  for (let person = 0; written < rows; person++) {
    const base = String(100_000_000 + person * 7);
    const cpf = maskCpf(base + cpfCheckDigits(base));
    const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
    const birth = `${pad(1 + Math.floor(next() * 28))}/${pad(1 + Math.floor(next() * 12))}/${1950 + Math.floor(next() * 55)}`;
    const phone = `(${10 + Math.floor(next() * 89)}) 9${pad(Math.floor(next() * 1e8), 8)}`;
    const personColumns = `${cpf};${name};${birth};${phone};pessoa${person}@example.com`;
    const contracts = 1 + Math.floor(next() * 3);
    for (let contract = 0; contract < contracts && written < rows; contract++) {
      const store = pick(stores);
      const contractColumns = `${store.document};${store.name};${store.name} Ltda.;${base}-${contract};${pick(ORIGINS)};R${contract}`;
      const instalments = 1 + Math.floor(next() * 12);
      const value = 2_000 + Math.floor(next() * 200_000);
      for (let instalment = 1; instalment <= instalments && written < rows; instalment++) {
        const due = `${pad(1 + Math.floor(next() * 28))}/${pad(1 + ((instalment - 1) % 12))}/${2023 + Math.floor(instalment / 12)}`;
        const paid = next() < 0.2;
        buffer += `${personColumns};${contractColumns};${instalment};${due};${money(value)};${money(paid ? 0 : value)};${next() < 0.1 ? 'S' : 'N'};${paid ? 'S' : 'N'}\n`;
        written++;
      }
    }
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await finished(out);
}

async function benchTarget(label: string, database: Database, file: string): Promise<void> {
  await database.migrate();
  const [partner] = await database.db
    .insert(partners)
    .values({
      identifier: 'bench',
      name: 'Bench',
      companyCode: 1,
      style: { corPrimaria: '#0b5394', corSecundaria: '#ffffff' },
    })
    .returning({ id: partners.id });
  for (const run of ['first import', 're-import (unchanged)']) {
    const outcome = await importPortfolio(database, {
      input: createReadStream(file),
      partnerId: partner!.id,
    });
    if (!outcome.ok) throw new Error(`bench file rejected: ${JSON.stringify(outcome.issues.slice(0, 3))}`);
    const perSecond = outcome.summary.rows / outcome.summary.seconds;
    console.log(`${label}, ${run}: ${formatCount(perSecond)} rows/s`);
    console.log(`  ${describeSummary(outcome.summary)}`);
  }
}

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_import_${process.pid}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
try {
  const file = join(dir, 'carteira.csv');
  const started = performance.now();
  await generatePortfolio(file, ROWS);
  console.log(
    `generated ${formatCount(ROWS)} instalment lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const pglite = await openDatabase({ dataDir: join(dir, 'pglite') });
  await benchTarget('PGlite', pglite, file).finally(() => pglite.close());

  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL);
    try {
      const postgres = await openDatabase({ url: scratch.url });
      await benchTarget('PostgreSQL', postgres, file).finally(() => postgres.close());
    } finally {
      await scratch.drop();
    }
  } else console.log('PostgreSQL: skipped (set DATABASE_URL to measure it)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
