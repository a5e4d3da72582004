import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatBrDate, formatMoney, RETORNO_OUTCOME_TEXTS } from '@portal/domain';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { AppError } from '../errors';
import { REISSUE_BOLETOS_JOB, SCHEDULED_JOBS } from '../scheduler/jobs';
import { runJobNow } from '../scheduler/run-due-jobs';
import { generateRemessa } from '../services/payments/generate-remessa';
import { importRetorno, type RetornoReport, retornoText } from '../services/payments/import-retorno';
import { payDemoBoleto } from '../services/payments/pay-demo-boleto';
import type { CommandIo } from './command-io';
import { commandSchedulerDeps } from './command-scheduler';
import { lineLog, type PaymentsSubcommand } from './payments-subcommand';

// CNAB 240 subcommands of `npm run payments` (issue 17 items 2 and 6): write the day's remessas to a directory,
// import a bank's retorno, and pay a demo boleto as the bank would (a real retorno file, imported).

const directoryOf = (dir: string | undefined, dataDir: string) => dir ?? join(dataDir, 'cnab');

/** Prints a retorno's report: one line per title, then the totals. */
function printReport(io: CommandIo, report: RetornoReport): void {
  if (report.alreadyImported) io.stdout.write('Este retorno já foi importado; nada foi alterado.\n');
  io.stdout.write(`retorno ${report.fileName} (arquivo ${report.fileId})\n`);
  for (const line of report.lines) {
    const reasons = line.reasons.map((r) => `${r.code} ${r.text}`).join('; ');
    const paid =
      line.outcome === 'applied'
        ? ` ${formatMoney(line.paidCents)}`
        : line.outcome === 'underpaid'
          ? ` ${formatMoney(line.paidCents)} de ${formatMoney(line.amountCents)}`
          : '';
    const when = line.occurredOn ? ` em ${formatBrDate(line.occurredOn)}` : '';
    const fee = line.feeCents > 0 ? `, tarifa ${formatMoney(line.feeCents)}` : '';
    io.stdout.write(
      `linha ${line.line}: ${line.movement} ${line.movementText}, nosso número ${line.ourNumber}: ` +
        `${RETORNO_OUTCOME_TEXTS[line.outcome]}${paid}${when}${fee}${reasons ? ` (${reasons})` : ''}\n`,
    );
  }
  const totals = Object.entries(report.counts)
    .filter(([, count]) => count > 0)
    .map(
      ([outcome, count]) =>
        `${RETORNO_OUTCOME_TEXTS[outcome as keyof typeof RETORNO_OUTCOME_TEXTS]}: ${count}`,
    );
  io.stdout.write(`${totals.join(', ') || 'nenhum título'}\n`);
}

const remessa: PaymentsSubcommand = {
  usage: '[--store <código da loja>] [--dir <pasta>]',
  async run(args, { db, env, io, now }) {
    const { values } = parseArgs({ args, options: { store: { type: 'string' }, dir: { type: 'string' } } });
    const storeId = values.store === undefined ? undefined : Number(values.store);
    if (storeId !== undefined && !Number.isSafeInteger(storeId)) {
      io.stderr.write('--store: informe o código numérico da loja\n');
      return 1;
    }
    const files = await generateRemessa(db, { storeId, createdBy: 'cli', now });
    if (files.length === 0) {
      io.stdout.write('Nenhum boleto novo para registrar: nenhuma remessa gerada.\n');
      return 0;
    }
    const directory = directoryOf(values.dir, env.DATA_DIR);
    await mkdir(directory, { recursive: true });
    for (const file of files) {
      const path = join(directory, file.fileName);
      await writeFile(path, file.content);
      io.stdout.write(
        `remessa ${file.sequence} (loja ${file.storeId}, convênio ${file.agreement}): ${path}\n`,
      );
    }
    return 0;
  },
};

/**
 * A new file's refused, written-off and short-paid boletos are replaced now, as after the staff upload (decision 065):
 * the `reissue-boletos` job run here under its lock, not left to a server's next run 5 minutes later.
 */
async function reissueNow(database: Database, env: Env, io: CommandIo, now: Date): Promise<void> {
  const job = SCHEDULED_JOBS.find((candidate) => candidate.name === REISSUE_BOLETOS_JOB)!;
  const { deps, close } = await commandSchedulerDeps(database, env, lineLog(io));
  const report = await runJobNow(deps, job, now).finally(close);
  if (report.busy) io.stdout.write(`${REISSUE_BOLETOS_JOB}: em execução em outro processo\n`);
}

const retorno: PaymentsSubcommand = {
  usage: '<arquivo>',
  async run(args, { database, db, env, io, now }) {
    const [path, ...rest] = args;
    if (!path || rest.length > 0) {
      io.stderr.write(`uso: npm run payments -- retorno ${this.usage}\n`);
      return 1;
    }
    try {
      const content = retornoText(await readFile(path));
      const report = await importRetorno(db, { content, fileName: basename(path), createdBy: 'cli', now });
      printReport(io, report);
      if (!report.alreadyImported) await reissueNow(database, env, io, now);
      return 0;
    } catch (error) {
      if (!(error instanceof AppError) || !error.code.startsWith('RETORNO_')) throw error;
      io.stderr.write(`${error.message}\n`);
      for (const e of (error.details as { erros?: { linha: number; mensagem: string }[] } | null)?.erros ??
        [])
        io.stderr.write(`linha ${e.linha}: ${e.mensagem}\n`);
      return 1;
    }
  },
};

const payBoleto: PaymentsSubcommand = {
  usage: '<linha digitável ou nosso número> [--dir <pasta>]',
  async run(args, { db, env, io, now }) {
    // The demo bank pays without money: it must never exist where real boletos are collected.
    if (env.NODE_ENV === 'production') {
      io.stderr.write('erro: o pagamento de demonstração não existe em produção\n');
      return 1;
    }
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { dir: { type: 'string' } },
    });
    // The line may come as printed, in several shell words.
    const reference = positionals.join('');
    if (reference === '') {
      io.stderr.write(`uso: npm run payments -- pay-boleto ${this.usage}\n`);
      return 1;
    }
    const { path, report } = await payDemoBoleto(db, {
      reference,
      directory: directoryOf(values.dir, env.DATA_DIR),
      now,
    });
    io.stdout.write(`retorno do banco escrito em ${path}\n`);
    printReport(io, report);
    return 0;
  },
};

export const CNAB_COMMANDS: Readonly<Record<string, PaymentsSubcommand>> = {
  remessa,
  retorno,
  'pay-boleto': payBoleto,
};
