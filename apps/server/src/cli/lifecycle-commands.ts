import {
  formatBrDate,
  formatMoney,
  isValidIsoDate,
  PAYMENT_EVENT_LABELS,
  todayInBrasilia,
  unappliedMoneyReasonLabel,
} from '@portal/domain';
import { findPaymentsAfterCancellation } from '../repositories/lifecycle-repository';
import { SCHEDULED_JOBS } from '../scheduler/jobs';
import { runDueJobs } from '../scheduler/run-due-jobs';
import { commandSchedulerDeps } from './command-scheduler';
import { lineLog, type PaymentsSubcommand } from './payments-subcommand';

// `npm run payments -- run-jobs [--today AAAA-MM-DD]` and `npm run payments -- late-payments` (README "Scheduled
// jobs"): the scheduled jobs run now, as a server process would, and the payments staff must settle by hand.

const runJobs: PaymentsSubcommand = {
  usage: '[--today AAAA-MM-DD]',
  async run(args, { database, env, io }) {
    const at = args.indexOf('--today');
    const today = at >= 0 ? args[at + 1] : undefined;
    if (today !== undefined && !isValidIsoDate(today)) {
      io.stderr.write('erro: --today espera uma data AAAA-MM-DD\n');
      return 2;
    }
    // A day to come would be recorded as done (the server would skip its jobs when it comes, and the 5-minute ones
    // until its noon), and its jobs would break agreements before their time.
    if (today !== undefined && today > todayInBrasilia()) {
      io.stderr.write(`erro: --today não pode ser depois de hoje (${todayInBrasilia()})\n`);
      return 2;
    }
    // A day given by hand is run at its noon in Brasília (-03:00 all year since 2019).
    const now = today ? new Date(`${today}T12:00:00-03:00`) : new Date();
    const log = lineLog(io);
    const { deps, close } = await commandSchedulerDeps(database, env, log);
    const reports = await runDueJobs(deps, SCHEDULED_JOBS, now, today).finally(close);
    for (const { name, dates, busy } of reports)
      io.stdout.write(
        `${name}: ${busy ? 'em execução em outro processo' : dates.length ? dates.join(', ') : 'nada a fazer'}\n`,
      );
    return 0;
  },
};

/**
 * One payment recorded after its agreement was cancelled, as `late-payments` lists it; money that paid nothing says
 * why, as the Não aplicados list does (decisions 064, 066).
 */
export function latePaymentLine(
  row: Awaited<ReturnType<typeof findPaymentsAfterCancellation>>[number],
): string {
  const kind =
    row.kind === 'unapplied'
      ? `${PAYMENT_EVENT_LABELS.unapplied}: ${unappliedMoneyReasonLabel(row.unappliedReason)}`
      : PAYMENT_EVENT_LABELS[row.kind];
  return (
    `acordo ${row.agreementId} parcela ${row.instalmentNumber}: ${formatMoney(row.amountCents ?? 0)} em ` +
    `${formatBrDate(row.occurredOn)} (${row.cause}), ${kind}, depois do cancelamento (${row.cancelCause})`
  );
}

const latePayments: PaymentsSubcommand = {
  usage: '',
  async run(_args, { db, io }) {
    const rows = await findPaymentsAfterCancellation(db);
    if (rows.length === 0) io.stdout.write('nenhum pagamento recebido depois de um acordo cancelado\n');
    for (const row of rows) io.stdout.write(`${latePaymentLine(row)}\n`);
    return 0;
  },
};

export const LIFECYCLE_COMMANDS: Readonly<Record<string, PaymentsSubcommand>> = {
  'run-jobs': runJobs,
  'late-payments': latePayments,
};
