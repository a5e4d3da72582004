// npm run bench:floor: what this machine gives at the load of npm run bench:api (100 connections, autocannon in this
// process) for a bare Fastify route that does no portal work: no database, one PostgreSQL select, or one insert. No
// portal call can do better than the row with the statements it cannot avoid, so these rows show how much of the
// API budget (GUIDE: p99 <= 50 ms) is left for the portal's own work on this machine.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const POOL = process.env.BENCH_POOL ?? '10';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

async function measure(work) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['scripts/bench-floor-server.mjs'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: scratchUrl, FLOOR_WORK: work, FLOOR_POOL: POOL },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`http://127.0.0.1:${port}/floor`, { method: 'POST' }).catch(() => null);
      if (ready?.ok) break;
      if (tries > 100) throw new Error(`${work}: the floor server did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/floor`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return {
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'bytes/answer': Math.round(result.throughput.total / result.requests.total),
      errors: result.errors + result.non2xx,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
const name = `bench_floor_${Date.now()}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(pgUrl);
url.pathname = `/${name}`;
const scratchUrl = url.toString();
try {
  const scratch = new pg.Client({ connectionString: scratchUrl });
  await scratch.connect();
  await scratch.query('create table floor_rows (id bigserial primary key, token text not null unique)');
  await scratch.end();
  const rows = [];
  for (const [work, label] of [
    ['none', 'answer only'],
    ['select', 'one PostgreSQL select'],
    ['insert', 'one PostgreSQL insert'],
    ['insertAsync', 'one insert, asynchronous commit'],
  ]) {
    console.error(`floor: ${label}`);
    rows.push({ 'bare Fastify route': label, ...(await measure(work)) });
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, pool of ${POOL}, load from autocannon`);
  console.table(rows);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
