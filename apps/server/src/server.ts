import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { type Env, loadEnv } from './env';
import { prepareDatabase } from './prepare-database';

// One process by default. SERVER_PROCESSES > 1 (PostgreSQL and Redis only) forks that many workers sharing the
// port: the primary prepares the database once, hands every worker the same robot-check secret and relays partner
// edits between them so each worker's partner cache forgets an edit made in another (docs/performance.md).

const env = loadEnv();
const openConfiguredDatabase = (settings: Env) =>
  openDatabase({
    url: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    onPoolError: (error) => console.error('database pool error:', error.message),
  });

/** A partner edit made in one worker, to be forgotten by the others: its id, or null for every partner. */
interface PartnerChange {
  partnerChanged: number | null;
}
const isPartnerChange = (message: unknown): message is PartnerChange =>
  typeof message === 'object' && message !== null && 'partnerChanged' in message;

if (env.SERVER_PROCESSES > 1 && cluster.isPrimary) await runPrimary(env);
else await runServer(env);

async function runPrimary(settings: Env): Promise<void> {
  const database = await openConfiguredDatabase(settings);
  const seed = await prepareDatabase(database, settings);
  await database.close();
  // Challenges signed by one worker are checked by whichever worker receives the answer.
  const workerEnv = { CAPTCHA_HMAC_SECRET: settings.CAPTCHA_HMAC_SECRET ?? randomBytes(32).toString('hex') };
  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  cluster.on('message', (from, message) => {
    if (!isPartnerChange(message)) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < settings.SERVER_PROCESSES; i += 1) fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(
    JSON.stringify({
      database: database.kind,
      seed,
      processes: settings.SERVER_PROCESSES,
      port: settings.PORT,
    }),
  );
}

async function runServer(settings: Env): Promise<void> {
  const database = await openConfiguredDatabase(settings);
  // Migrations and the demo seed before the app: its scheduled jobs start at once and read the tables they make.
  const started = Date.now();
  const seed = cluster.isWorker
    ? 'prepared by the primary process'
    : await prepareDatabase(database, settings);
  const app = await buildApp({ env: settings, database });

  if (cluster.isWorker) {
    app.partnerCache.relay = (partnerId) =>
      process.send?.({ partnerChanged: partnerId } satisfies PartnerChange);
    process.on('message', (message) => {
      if (isPartnerChange(message)) app.partnerCache.forget(message.partnerChanged);
    });
  }

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The port opens only once migrations and the demo seed are done (a worker's primary ran them), so nobody meets a
  // half-started portal.
  await app.listen({ port: settings.PORT, host: settings.HOST });
  app.log.info(
    { database: database.kind, seed, ms: Date.now() - started, host: settings.HOST },
    `portal ready on http://localhost:${settings.PORT} (demo partner: http://localhost:${settings.PORT}, others: http://acme.portal.localhost:${settings.PORT})`,
  );
}
