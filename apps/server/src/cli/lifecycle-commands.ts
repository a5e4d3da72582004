import { formatBrDate, formatMoney, isValidIsoDate } from '@portal/domain';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createPixServices } from '../integrations/payments/pix-api/pix-services';
import { findPaymentsAfterCancellation } from '../repositories/lifecycle-repository';
import { SCHEDULED_JOBS } from '../scheduler/jobs';
import { runDueJobs } from '../scheduler/run-due-jobs';
import type { JobLog } from '../scheduler/scheduled-job';
import { openCommandDatabase } from './command-database';

// `npm run payments -- run-jobs [--today AAAA-MM-DD]` and `npm run payments -- late-payments` (README "Scheduled
// jobs"): the scheduled jobs run now, as a server process would, and the payments staff must settle by hand.

export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

export interface PaymentsCommand {
  name: string;
  usage: string;
  run(args: readonly string[], io: CommandIo): Promise<number>;
}

/** Runs `work` on the server's database (closed afterwards); 1 with the reason when the database is in use. */
export async function withCommandDatabase(io: CommandIo, work: (database: Database) => Promise<number>) {
  const database = await openCommandDatabase(loadEnv(io.env), 'rode o comando de novo');
  if (typeof database === 'string') {
    io.stderr.write(`erro: ${database}\n`);
    return 1;
  }
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export const lineLog = (io: CommandIo): JobLog => {
  const write = (level: string) => (fields: object, message: string) =>
    io.stderr.write(`${level}: ${message} ${JSON.stringify(fields)}\n`);
  return { info: write('info'), warn: write('aviso'), error: write('erro') };
};

const runJobs: PaymentsCommand = {
  name: 'run-jobs',
  usage: 'run-jobs [--today AAAA-MM-DD]',
  async run(args, io) {
    const at = args.indexOf('--today');
    const today = at >= 0 ? args[at + 1] : undefined;
    if (today !== undefined && !isValidIsoDate(today)) {
      io.stderr.write('erro: --today espera uma data AAAA-MM-DD\n');
      return 2;
    }
    return withCommandDatabase(io, async (database) => {
      // A day given by hand is run at its noon in Brasília (-03:00 all year since 2019).
      const now = today ? new Date(`${today}T12:00:00-03:00`) : new Date();
      const log = lineLog(io);
      // The payment providers as the server builds them (their PIX at the local PSP or the store's).
      const pix = await createPixServices({ db: database.db, env: loadEnv(io.env), log });
      const reports = await runDueJobs(
        { database, providers: pix.providers, log },
        SCHEDULED_JOBS,
        now,
        today,
      ).finally(pix.close);
      for (const { name, dates, busy } of reports)
        io.stdout.write(
          `${name}: ${busy ? 'em execução em outro processo' : dates.length ? dates.join(', ') : 'nada a fazer'}\n`,
        );
      return 0;
    });
  },
};

const latePayments: PaymentsCommand = {
  name: 'late-payments',
  usage: 'late-payments',
  async run(_args, io) {
    return withCommandDatabase(io, async ({ db }) => {
      const rows = await findPaymentsAfterCancellation(db);
      if (rows.length === 0) io.stdout.write('nenhum pagamento recebido depois de um acordo cancelado\n');
      for (const row of rows)
        io.stdout.write(
          `acordo ${row.agreementId} parcela ${row.instalmentNumber}: ${formatMoney(row.amountCents ?? 0)} em ` +
            `${formatBrDate(row.occurredOn)} (${row.cause}), depois do cancelamento (${row.cancelCause})\n`,
        );
      return 0;
    });
  },
};

export const lifecycleCommands: readonly PaymentsCommand[] = [runJobs, latePayments];
