import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { prepareDatabase } from './prepare-database';

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  onPoolError: (error) => console.error('database pool error:', error.message),
});
const app = await buildApp({ env, database });

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

// Listen first so /healthz can answer 503 while migrations and the seed run.
await app.listen({ port: env.PORT, host: env.HOST });
const started = Date.now();
const seed = await prepareDatabase(database, env);
app.readiness.ready = true;
app.log.info(
  { database: database.kind, seed, ms: Date.now() - started },
  `portal ready on http://localhost:${env.PORT} (demo partner: http://localhost:${env.PORT}, others: http://acme.portal.localhost:${env.PORT})`,
);
