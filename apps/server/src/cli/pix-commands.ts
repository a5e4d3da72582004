import { centsFromPixApiAmount, formatMoney } from '@portal/domain';
import type { Env } from '../env';
import { COBV_PROVIDERS, createPixServices } from '../integrations/payments/pix-api/pix-services';
import { reconcilePixCharges } from '../services/payments/reconcile-pix-charges';
import type { CommandIo } from './command-io';
import { lineLog, type PaymentsSubcommand } from './payments-subcommand';

// `npm run payments -- reconcile`: asks the PSPs about PIX charges still open (a lost webhook is caught here; the
// scheduled jobs can call the same use case). `npm run payments -- pay-pix <txid or copied PIX code>`: the local PSP
// of the running server pays the charge as a payer's bank would and sends the real webhook (demonstration; never in
// production). README "Pagar o PIX de demonstração", decision 020.

const reconcile: PaymentsSubcommand = {
  usage: '',
  async run(_args, { db, env, io }) {
    const log = lineLog(io);
    const pix = await createPixServices({ db, env, log });
    try {
      const report = await reconcilePixCharges(
        db,
        {
          providers: COBV_PROVIDERS,
          gatewayFor: pix.gatewayFor,
          afterMinutes: env.PIX_RECONCILE_AFTER_MINUTES,
          // A person running it waits for the whole answer; a PSP that fails is asked once per run anyway.
          maxRunMs: Number.POSITIVE_INFINITY,
        },
        log,
      );
      io.stdout.write(
        `${report.checked} cobranças PIX consultadas: ${report.paid} pagamentos registrados, ` +
          `${report.unapplied} valores não aplicados, ${report.closed} encerradas no PSP, ` +
          `${report.failed} falhas\n`,
      );
      return report.failed > 0 ? 1 : 0;
    } finally {
      await pix.close();
    }
  },
};

/** The charge a pay-pix argument names: a txid, or a PIX copia e cola whose location names it. */
const chargeReference = (argument: string) =>
  /\/qr\/v2\/cobv\/([0-9a-f]{32})/.exec(argument)?.[1] ?? argument;

async function payPix(env: Env, io: CommandIo, argument: string): Promise<number> {
  if (env.NODE_ENV === 'production') {
    io.stderr.write('erro: o pagamento de demonstração não existe em produção\n');
    return 1;
  }
  const url = `http://127.0.0.1:${env.PORT}/psp-local/sandbox/pay/${encodeURIComponent(chargeReference(argument))}`;
  const response = await fetch(url, { method: 'POST', headers: { host: `localhost:${env.PORT}` } }).catch(
    () => null,
  );
  if (!response) {
    io.stderr.write(`erro: o servidor não responde em ${url}: inicie-o com npm start\n`);
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    pix?: { endToEndId: string; valor: string };
    webhook?: number | null;
    mensagem?: string;
  };
  if (!response.ok || !answer.pix) {
    io.stderr.write(`erro: o PSP local recusou: ${answer.mensagem ?? response.status}\n`);
    return 1;
  }
  // The PSP answers the amount as the PIX API writes it ('2311.40'); the person reads it as the portal shows money.
  const cents = centsFromPixApiAmount(answer.pix.valor);
  const amount = cents === null ? answer.pix.valor : formatMoney(cents);
  io.stdout.write(
    `PIX ${answer.pix.endToEndId} de ${amount} pago; webhook: ${answer.webhook ?? 'não registrado'}\n`,
  );
  return 0;
}

const PAY_PIX_USAGE = "<txid ou 'PIX copia e cola'>";

const payPixCommand: PaymentsSubcommand = {
  usage: PAY_PIX_USAGE,
  target: 'server',
  async run(args, { env, io }) {
    if (args.length !== 1 || !args[0]) {
      io.stderr.write(`uso: npm run payments -- pay-pix ${PAY_PIX_USAGE}\n`);
      return 2;
    }
    return payPix(env, io, args[0]);
  },
};

export const PIX_COMMANDS: Readonly<Record<string, PaymentsSubcommand>> = {
  reconcile,
  'pay-pix': payPixCommand,
};
