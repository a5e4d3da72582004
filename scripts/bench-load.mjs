// Shared by npm run bench:api, bench:floor and bench:soak: the load (autocannon in this process, with the p50, p95
// and p99 of every answer's time), a scratch PostgreSQL database, the bare floor server, and the CPU and memory of
// processes read from /proc (Linux; null elsewhere).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Connection counts of one run: BENCH_CONNECTIONS=10,100,200 (the default). */
export const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,100,200').split(',').map(Number);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * BENCH_ENCODING='br, gzip' sends the Accept-Encoding a browser sends, so the portal compresses its larger answers
 * (the floor never does: the goals compare uncompressed answers). Unset, nothing is compressed.
 */
const ACCEPT_ENCODING = process.env.BENCH_ENCODING;
/** TEST_DATABASE_URL, else DATABASE_URL, else the local server: the run creates its own database there. */
export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export async function scratchDatabase(prefix) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.ceil((p / 100) * sorted.length) - 1] : null);

/**
 * `connections` connections on `path` for `duration` s. An answer of 300 or more, a socket error and a timeout are
 * errors. `requests` (autocannon's) replaces the single request, e.g. to change the body of each.
 */
export async function load(
  port,
  { path, method = 'POST', host, cookie, headers = {}, body, requests },
  connections,
  duration = DURATION,
) {
  const times = [];
  let failed = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method,
    connections,
    duration,
    headers: {
      ...(host ? { host } : {}),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
      ...headers,
    },
    ...(method === 'POST' && body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(requests ? { requests } : {}),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    if (status >= 300) failed++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': round(percentile(times, 50)),
    'p95 ms': round(percentile(times, 95)),
    'p99 ms': round(percentile(times, 99)),
    errors: failed + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** The bare Fastify routes of scripts/bench-floor-server.mjs, each doing only the statement a portal call needs. */
export const FLOORS = [
  { name: 'floor: answer only', path: '/floor/none', body: {} },
  { name: 'floor: one select', path: '/floor/select', body: {} },
  { name: 'floor: one insert', path: '/floor/insert', body: {} },
];

export async function startFloorServer(databaseUrl) {
  const scratch = new pg.Client({ connectionString: databaseUrl });
  await scratch.connect();
  await scratch.query(
    'create table if not exists floor_rows (id bigserial primary key, token text not null unique)',
  );
  await scratch.end();
  const port = 3900 + Math.floor(Math.random() * 90);
  await ensurePortFree(port);
  const child = spawn(process.execPath, [new URL('bench-floor-server.mjs', import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      FLOOR_POOL: process.env.BENCH_POOL ?? '10',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/floor/none`, { method: 'POST' })).ok;
  return servedBy(child, port, ready, { seconds: 30 });
}

/**
 * Throws when something already listens on `port`: a server left by an interrupted run would answer in place of the
 * one about to start, which then fails to listen, and the figures would be that old server's.
 */
export async function ensurePortFree(port) {
  const taken = await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (taken)
    throw new Error(
      `port ${port} is already in use (a server left by an earlier run? ss -ltnp | grep ${port})`,
    );
}

/** The child process once `ready()` answers true (within `seconds`), with `stop` (then `cleanup`). */
export async function servedBy(child, port, ready, { seconds, cleanup = () => {} }) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null)
      throw new Error(`the server for port ${port} exited (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      cleanup();
    },
  };
}

const TICK_MS = 10;
function stat(pid) {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}
function cpuMs(pid) {
  try {
    const fields = stat(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/**
 * CPU time (ms) so far of a process and its children, and of each PostgreSQL backend connected to `database` by
 * process id (their process title names the database; other sessions' databases on the same server are not counted).
 */
export function cpuSnapshot(pid, database) {
  try {
    let server = cpuMs(pid);
    const postgres = new Map();
    for (const other of pids()) {
      try {
        if (stat(other)[1] === String(pid)) server += cpuMs(other);
        const title = readFileSync(`/proc/${other}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.split(' ').includes(database))
          postgres.set(other, cpuMs(other));
      } catch {}
    }
    return { server, postgres };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL CPU between two snapshots, backend by backend: one that connected in between counts from zero, one that
 * ended in between (a pool closes idle clients: 10 s by default, 30 s in the portal) is not counted, since its time
 * is gone with its process. Summing the two totals instead went negative whenever a backend ended.
 */
function postgresCpuMs(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** One call under load on a started server: its figures and the CPU per request of the server and its database. */
export async function measure(server, call, connections, database) {
  console.error(`${connections} connections: ${call.name}`);
  const before = cpuSnapshot(server.pid, database);
  const { total, ...figures } = await load(server.port, call, connections);
  return {
    connections,
    call: call.name,
    ...figures,
    ...cpuPerRequest(before, cpuSnapshot(server.pid, database), total),
  };
}

/** CPU ms per request of the server and of PostgreSQL between two snapshots. */
export function cpuPerRequest(before, after, requests) {
  const per = (ms) => (before && after && requests ? Number((ms() / requests).toFixed(2)) : null);
  return {
    'server CPU ms/req': per(() => after.server - before.server),
    'PG CPU ms/req': per(() => postgresCpuMs(before.postgres, after.postgres)),
  };
}
