// Shared by npm run bench:api and bench:soak (run with `node --import tsx`): the portal's server in its own process
// on a PostgreSQL database with the demo seed and BENCH_DEBTORS generated debtors, and the debtor calls under load
// with their requests (a logged-in session, a quoted plan, a saved agreement with a PIX charge).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generatePortfolio } from '../apps/server/src/cli/bench-portfolio.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { importPortfolio } from '../apps/server/src/services/import/import-portfolio.ts';
import { pixWebhookToken } from '../apps/server/src/services/payments/pix-webhook-token.ts';
import { ensurePortFree, servedBy } from './bench-load.mjs';
import { loginDebtor, MARIA, request } from './bench-session.mjs';

const PIX_WEBHOOK_SECRET = 'segredo-dos-webhooks-do-benchmark';
export const DEBTORS = Number(process.env.BENCH_DEBTORS ?? 100_000);

/**
 * Starts the server (NODE_ENV test, silent logs, identification limits raised for the load generator's address).
 * `nodeOptions` go before the entry (a CPU profile, a preloaded probe).
 */
export async function startServer(databaseUrl, { nodeOptions = [], env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  await ensurePortFree(port);
  // BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...profile, ...nodeOptions, 'apps/server/src/server.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        // BENCH_PROCESSES > 1 runs that many server processes (with Redis, as in production).
        SERVER_PROCESSES: process.env.BENCH_PROCESSES ?? '1',
        REDIS_URL: process.env.REDIS_URL ?? (process.env.BENCH_PROCESSES > 1 ? 'redis://127.0.0.1:6379' : ''),
        PIX_WEBHOOK_SECRET,
        RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
        LIMIT_LOGIN_PER_IP: '100000000',
        LIMIT_LOGIN_PER_DOCUMENT: '100000000',
        LIMIT_SMS_PER_PHONE: '100000000',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const ready = async () => (await request(port, '/healthz', { host: 'localhost' })).status === 200;
  return servedBy(child, port, ready, {
    seconds: 180,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

/** Imports BENCH_DEBTORS generated debtors (1 contract of 1 to 3 instalments each) into the demo partner. */
export async function addDebtors(databaseUrl) {
  if (!DEBTORS) return;
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-debtors-'));
  const database = await openDatabase({ url: databaseUrl });
  try {
    const file = join(dir, 'carteira.csv');
    await generatePortfolio(file, { persons: DEBTORS, maxContracts: 1, maxInstalments: 3 });
    const outcome = await importPortfolio(database, {
      input: createReadStream(file),
      partnerId: (await firstRowOf(databaseUrl, "select id from partners where identificador = 'demo'")).id,
    });
    if (!outcome.ok)
      throw new Error(`generated debtors refused: ${JSON.stringify(outcome.issues.slice(0, 3))}`);
    console.error(
      `${outcome.summary.persons.total} generated debtors imported in ${outcome.summary.seconds} s`,
    );
    // The steady state a server with autovacuum reaches soon after an import; this machine's PostgreSQL runs with
    // autovacuum off, and without statistics the planner scans every contract per listing.
    await firstRowOf(databaseUrl, 'analyze');
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one statement on its own connection; its first row, if any. */
async function firstRowOf(databaseUrl, text) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return (await client.query(text).finally(() => client.end())).rows[0];
}

const today = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const post = (port, host, cookie, action, body, headers) =>
  request(port, `/api.php?a=negociacao_robo&b=${action}`, {
    method: 'POST',
    host,
    cookie,
    body,
    headers,
  }).then((answer) => JSON.parse(answer.text));

/**
 * The demo debtor's session with an agreement in instalments (passo_5 lists it with its documents; its PIX charge
 * is what the webhook pays), and the requests of every call under load.
 */
export async function debtorCalls(port, databaseUrl) {
  const host = 'demo.portal.localhost';
  const cookie = await loginDebtor(port, host);
  const debts = await post(port, host, cookie, 'passo_2_novo', {});
  const negotiable = debts.dados.dividas.filter((d) => d.tipo_necociacao === 'S');
  const card = negotiable[0];
  // An agreement on a store without second copies (its contracts' second copies would stop).
  const agreed = negotiable.find((d) => d !== card && d.loja.loj_emite_segunda_via_boleto_recupera === 'N');
  const quote = await post(port, host, cookie, 'passo_3_novo', {
    lojCodigo: agreed.loj_codigo,
    preCodigo: agreed.pre_codigos.join(','),
    primeiroVencimento: today(),
    pagamentoAvistaPrazo: 'P',
    metodoPagamento: 'pix',
  });
  const agreement = {
    praCodigo: quote.dados.pre_acordo.at(-1).pra_codigo,
    formaDePagamento: 'pix',
    primeiroVencimento: today(),
  };
  // passo_4_novo under load is the retried confirmation (the same Idempotency-Key): the stored agreement again.
  const idempotency = { 'idempotency-key': `bench-${Date.now()}` };
  const saved = await post(port, host, cookie, 'passo_4_novo', agreement, idempotency);
  if (saved.retorno !== true) throw new Error(`agreement failed: ${JSON.stringify(saved).slice(0, 200)}`);
  // The agreement's charges are issued when it is first listed.
  await post(port, host, cookie, 'passo_5', {});
  const charge = await firstRowOf(
    databaseUrl,
    'select store_id, txid, valor from payment_charges where txid is not null order by id desc limit 1',
  );
  let delivery = 0;
  const pixBody = () => ({
    pix: [
      {
        endToEndId: `E00000000${Date.now()}${String(++delivery).padStart(8, '0')}`,
        txid: charge.txid,
        valor: (Number(charge.valor) / 100).toFixed(2),
        horario: new Date().toISOString(),
      },
    ],
  });
  const session = { host, cookie };
  return [
    // The token partner skips the robot check: the lookup, the checks and a pending session, as a login does.
    {
      name: 'passo_1',
      floor: 'insert',
      path: '/api.php?a=negociacao_robo&b=passo_1',
      host: 'senff.portal.localhost',
      body: MARIA,
    },
    {
      name: 'passo_2_novo',
      floor: 'select',
      path: '/api.php?a=negociacao_robo&b=passo_2_novo',
      ...session,
      body: {},
    },
    {
      name: 'passo_3_novo',
      floor: 'insert',
      path: '/api.php?a=negociacao_robo&b=passo_3_novo',
      ...session,
      body: {
        lojCodigo: card.loj_codigo,
        preCodigo: card.pre_codigos.join(','),
        primeiroVencimento: today(),
        pagamentoAvistaPrazo: 'P',
        metodoPagamento: 'boleto',
      },
    },
    {
      name: 'passo_4_novo (retry)',
      floor: 'select',
      path: '/api.php?a=negociacao_robo&b=passo_4_novo',
      ...session,
      headers: idempotency,
      body: agreement,
    },
    { name: 'passo_5', floor: 'select', path: '/api.php?a=negociacao_robo&b=passo_5', ...session, body: {} },
    {
      // Each delivery a new payment of the same charge: the first pays it, the rest are kept as unapplied money.
      name: 'PIX webhook',
      floor: 'insert',
      path: `/webhooks/pix/${pixWebhookToken(PIX_WEBHOOK_SECRET, charge.store_id)}/pix`,
      host: 'localhost',
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(pixBody()) }) }],
      probeBody: pixBody,
    },
  ];
}

/** One request of a call first: a benchmark of refusals measures nothing. */
export async function probe(port, call) {
  const answer = await request(port, call.path, {
    method: 'POST',
    host: call.host,
    cookie: call.cookie,
    headers: call.headers,
    body: call.probeBody ? call.probeBody() : call.body,
  });
  const refused = answer.status !== 200 || (answer.text && JSON.parse(answer.text).retorno === false);
  if (refused) throw new Error(`${call.name} answered ${answer.status} ${answer.text.slice(0, 300)}`);
}
