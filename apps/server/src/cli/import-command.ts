import { createReadStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dataDirHolder } from '../db/data-dir-lock';
import { type Env, loadEnv } from '../env';
import { findPartnerByCompanyCode, findPartnerByIdentifier } from '../repositories/partner-repository';
import type { TableCount } from '../repositories/portfolio-repository';
import { type ImportOutcome, type ImportSummary, importPortfolio } from '../services/import/import-portfolio';
import type { ImportIssue } from '../services/import/validate-portfolio';
import { openCommandDatabase } from './command-database';
import type { CommandIo } from './command-io';
import { importThroughServer } from './import-through-server';
import { formatCount, isTerminal, ProgressBar } from './progress-bar';

// The operator of a collection agency runs this, so what it prints is in Portuguese (docs/import.md).

const USAGE = 'uso: npm run import -- <arquivo.csv> --partner <identificador ou emp_codigo>';

function describeIssue(issue: ImportIssue): string {
  return `linha ${issue.line}${issue.column ? `, coluna ${issue.column}` : ''}: ${issue.message}`;
}

function describeTable(name: string, count: TableCount): string {
  return `${name} ${formatCount(count.total)} (inclusões ${formatCount(count.inserted)}, alterações ${formatCount(count.updated)})`;
}

export function describeSummary(summary: ImportSummary): string {
  const seconds = summary.seconds.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const perSecond = formatCount(summary.rows / Math.max(summary.seconds, 0.001));
  return [
    `${formatCount(summary.rows)} linhas em ${seconds} s (${perSecond} linhas/s)`,
    describeTable('pessoas', summary.persons),
    describeTable('lojas', summary.stores),
    describeTable('contratos', summary.contracts),
    describeTable('parcelas', summary.instalments),
    `lojas novas no parceiro ${formatCount(summary.storesLinked)}`,
  ].join(' · ');
}

/**
 * `npm run import -- <file.csv> --partner <identificador | emp_codigo>`: imports into the database the server uses
 * (DATABASE_URL, else PGlite in DATA_DIR), after applying the migrations as the server start does, without the demo
 * seed. Returns the exit code: 0 imported, 1 nothing written (usage, unknown partner or bad lines).
 */
export async function runImportCommand(argv: string[], io: CommandIo): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`${message}\n`);
    return 1;
  };
  let file: string | undefined;
  let partnerRef: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { partner: { type: 'string', short: 'p' } },
      allowPositionals: true,
    });
    if (positionals.length !== 1) throw new Error('informe um arquivo');
    file = positionals[0];
    partnerRef = values.partner;
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    return fail(`${option ? `opção inválida: ${option}` : 'informe um arquivo'}\n${USAGE}`);
  }
  if (!file || !partnerRef) return fail(USAGE);
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return fail(`não é um arquivo: ${file}`);
    size = stats.size;
  } catch {
    return fail(`arquivo não encontrado: ${file}`);
  }

  const env = loadEnv(io.env);
  // The embedded database of a running server is reached through that server (decision 028).
  const server = env.DATABASE_URL ? null : dataDirHolder(env.DATA_DIR);
  const imported = server
    ? await importThroughServer({ file, size, partnerRef, env, io, pid: server })
    : await importHere(file, size, partnerRef, env, io);
  if (typeof imported === 'string') return fail(imported);
  const { outcome, partner } = imported;
  if (!outcome.ok) {
    for (const issue of outcome.issues) io.stderr.write(`${describeIssue(issue)}\n`);
    const unlisted = outcome.issueCount - outcome.issues.length;
    if (unlisted > 0) io.stderr.write(`… e mais ${formatCount(unlisted)} problemas\n`);
    return fail(
      `${formatCount(outcome.issueCount)} problema(s) em ${file}: nada foi gravado. Corrija o arquivo e importe de novo.`,
    );
  }
  io.stdout.write(`${describeSummary(outcome.summary)} (parceiro ${partner})\n`);
  return 0;
}

/** Imports by opening the database itself (no server holds the embedded one, or PostgreSQL). */
async function importHere(
  file: string,
  size: number,
  partnerRef: string,
  env: Env,
  io: CommandIo,
): Promise<{ outcome: ImportOutcome; partner: string } | string> {
  const database = await openCommandDatabase(env, 'importe de novo');
  if (typeof database === 'string') return database;
  try {
    const partner = /^\d+$/.test(partnerRef)
      ? await findPartnerByCompanyCode(database.db, Number(partnerRef))
      : await findPartnerByIdentifier(database.db, partnerRef);
    if (!partner) return `parceiro não encontrado: ${partnerRef}`;

    const input = createReadStream(file, { highWaterMark: 1024 * 1024 });
    const bar = isTerminal(io.stderr) ? new ProgressBar(io.stderr, size) : null;
    const outcome = await importPortfolio(database, {
      input,
      partnerId: partner.id,
      onProgress: (progress) => {
        if (progress.phase === 'reading') bar?.reading(input.bytesRead, progress.rows);
        else bar?.writing(progress.rows);
      },
    }).finally(() => bar?.finish());
    return { outcome, partner: partner.identifier };
  } finally {
    await database.close();
  }
}
