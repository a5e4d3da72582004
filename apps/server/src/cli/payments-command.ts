import type { Writable } from 'node:stream';
import { loadEnv } from '../env';
import { COBV_PROVIDERS, createPixServices } from '../integrations/payments/pix-api/pix-services';
import { reconcilePixCharges } from '../services/payments/reconcile-pix-charges';
import type { PaymentsLog } from '../services/payments/record-pix-payments';
import { openCommandDatabase } from './command-database';

// `npm run payments -- reconcile`: asks the PSPs about PIX charges still open (a lost webhook is caught here; the
// scheduled-job runner calls the same use case). `npm run payments -- pay-pix <txid or copied PIX code>`: the local PSP of the running
// server pays the charge as a payer's bank would and sends the real webhook (demonstration; never in production).

const USAGE = "uso: npm run payments -- reconcile | pay-pix <txid ou 'PIX copia e cola'>";

export interface PaymentsCommandIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

async function reconcile(io: PaymentsCommandIo): Promise<number> {
  const env = loadEnv(io.env);
  const database = await openCommandDatabase(env, 'rode a conciliação de novo');
  if (typeof database === 'string') {
    io.stderr.write(`${database}\n`);
    return 1;
  }
  const line = (level: string) => (fields: unknown, message?: string) =>
    void io.stderr.write(
      `${JSON.stringify({ level, ...(typeof fields === 'object' ? fields : { message: fields }), message }, (_key, value) => (value instanceof Error ? value.message : value))}\n`,
    );
  const log = { warn: line('warn'), error: line('error') } as unknown as PaymentsLog;
  const pix = await createPixServices({ db: database.db, env, log });
  try {
    const report = await reconcilePixCharges(
      database.db,
      {
        providers: COBV_PROVIDERS,
        gatewayFor: pix.gatewayFor,
        afterMinutes: env.PIX_RECONCILE_AFTER_MINUTES,
      },
      log,
    );
    io.stdout.write(
      `${report.checked} cobranças PIX consultadas: ${report.paid} pagamentos registrados, ` +
        `${report.unapplied} valores não aplicados, ${report.failed} falhas\n`,
    );
    return report.failed > 0 ? 2 : 0;
  } finally {
    await pix.close();
    await database.close();
  }
}

/** The charge a pay-pix argument names: a txid, or a PIX copia e cola whose location names it. */
const chargeReference = (argument: string) =>
  /\/qr\/v2\/cobv\/([0-9a-f]{32})/.exec(argument)?.[1] ?? argument;

async function payPix(io: PaymentsCommandIo, argument: string): Promise<number> {
  const txid = chargeReference(argument);
  const env = loadEnv(io.env);
  if (env.NODE_ENV === 'production') {
    io.stderr.write('o pagamento de demonstração não existe em produção\n');
    return 1;
  }
  const url = `http://127.0.0.1:${env.PORT}/psp-local/sandbox/pay/${encodeURIComponent(txid)}`;
  const response = await fetch(url, { method: 'POST', headers: { host: `localhost:${env.PORT}` } }).catch(
    () => null,
  );
  if (!response) {
    io.stderr.write(`o servidor não responde em ${url}: inicie-o com npm start\n`);
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    pix?: { endToEndId: string; valor: string };
    webhook?: number | null;
    detail?: string;
  };
  if (!response.ok || !answer.pix) {
    io.stderr.write(`o PSP local recusou: ${answer.detail ?? response.status}\n`);
    return 1;
  }
  io.stdout.write(
    `PIX ${answer.pix.endToEndId} de R$ ${answer.pix.valor.replace('.', ',')} pago; webhook: ${answer.webhook ?? 'não registrado'}\n`,
  );
  return 0;
}

export async function runPaymentsCommand(args: readonly string[], io: PaymentsCommandIo): Promise<number> {
  const [command, argument] = args;
  if (command === 'reconcile' && args.length === 1) return reconcile(io);
  if (command === 'pay-pix' && argument && args.length === 2) return payPix(io, argument);
  io.stderr.write(`${USAGE}\n`);
  return 64;
}
