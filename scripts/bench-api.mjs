// npm run bench:api: req/s and p50/p99 latency of passo_1, passo_2_novo, passo_3_novo, passo_5 and a PDF of 12 ticked
// boletos at 100 connections, on the
// embedded PGlite and, when DATABASE_URL is set (or --pg), on PostgreSQL in a scratch database. The server runs in
// its own process with the demo seed; identification limits are raised for the load generator's address only.
// --pg-only skips the PGlite run (quicker iterations on PostgreSQL); BENCH_CALLS=passo_2_novo,... picks calls.
// BENCH_PROCESSES=2 runs two server processes on PostgreSQL (SERVER_PROCESSES; Redis at REDIS_URL or 127.0.0.1).
// --wrk drives the load with wrk (Debian package wrk, written in C) instead of autocannon, which runs in this
// Node process and itself takes a large share of the two cores (the 'load CPU ms/req' column).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loginMaria, MARIA, request } from './bench-session.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const pgOnly = process.argv.includes('--pg-only');
const useWrk = process.argv.includes('--wrk');
const pgUrl =
  process.env.DATABASE_URL ??
  (process.argv.includes('--pg') || pgOnly ? 'postgres://root@127.0.0.1:5432/test' : null);

// CPU time (ms) used so far by the server process and by every PostgreSQL process, from /proc (Linux; null
// elsewhere). Divided by the requests served, it compares runs on a machine where other work competes for the
// cores better than throughput does.
const TICK_MS = 10;
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid);
    } catch {}
  }
  return total;
}
/** CPU of the server process and its workers (SERVER_PROCESSES > 1). */
function serverCpuMs(pid) {
  let total = cpuMs(pid);
  for (const child of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid))
        total += cpuMs(child);
    } catch {}
  }
  return total;
}
function cpuSnapshot(serverPid) {
  try {
    return { server: serverCpuMs(serverPid), postgres: postgresCpuMs() };
  } catch {
    return null;
  }
}

async function startServer(label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  // BENCH_PROFILE_DIR: the server writes a CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...profile, 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // BENCH_PROCESSES > 1 runs that many server processes (PostgreSQL and Redis only, as in production).
      SERVER_PROCESSES: databaseUrl ? (process.env.BENCH_PROCESSES ?? '1') : '1',
      REDIS_URL: process.env.REDIS_URL ?? (process.env.BENCH_PROCESSES > 1 ? 'redis://127.0.0.1:6379' : ''),
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      LIMIT_LOGIN_PER_IP: '100000000',
      LIMIT_LOGIN_PER_DOCUMENT: '100000000',
      LIMIT_SMS_PER_PHONE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const health = await request(port, '/healthz', { host: 'localhost' }).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`${label}: server did not become ready`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openSession(port) {
  const host = 'demo.portal.localhost';
  const cookie = await loginMaria(port, host);
  const debts = JSON.parse(
    (
      await request(port, '/api.php?a=negociacao_robo&b=passo_2_novo', {
        method: 'POST',
        host,
        body: {},
        cookie,
      })
    ).text,
  );
  const negotiable = debts.dados.dividas.filter((d) => d.tipo_necociacao === 'S');
  const card = negotiable[0];
  // An agreement in instalments on a card of a store without second copies (its contracts' second copies would
  // stop), so passo_5 lists one with its documents.
  const agreed = negotiable.find((d) => d !== card && d.loja.loj_emite_segunda_via_boleto_recupera === 'N');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const quote = JSON.parse(
    (
      await request(port, '/api.php?a=negociacao_robo&b=passo_3_novo', {
        method: 'POST',
        host,
        cookie,
        body: {
          lojCodigo: agreed.loj_codigo,
          preCodigo: agreed.pre_codigos.join(','),
          primeiroVencimento: today,
          pagamentoAvistaPrazo: 'P',
          metodoPagamento: 'boleto',
        },
      })
    ).text,
  );
  const plan = quote.dados.pre_acordo.at(-1);
  const saved = await request(port, '/api.php?a=negociacao_robo&b=passo_4_novo', {
    method: 'POST',
    host,
    cookie,
    body: { praCodigo: plan.pra_codigo, formaDePagamento: 'boleto', primeiroVencimento: today },
  });
  if (JSON.parse(saved.text).retorno !== true)
    throw new Error(`agreement failed: ${saved.text.slice(0, 200)}`);
  // Twelve boletos to print together: second copies of the open instalments of the stores that issue them (the
  // same renderer, a page per boleto, as an agreement's ticked instalments).
  const boletos = [];
  for (const store of debts.dados.dividas.filter(
    (d) => d.loja.loj_emite_segunda_via_boleto_recupera === 'S',
  )) {
    const copies = await request(
      port,
      '/api.php?a=negociacao_robo&b=emitir_segunda_via_boleto_recupera_sysopen',
      {
        method: 'POST',
        host,
        body: { loj_codigo: store.loj_codigo, con_codigos: store.pre_codigos.join(',') },
        cookie,
      },
    );
    boletos.push(...JSON.parse(copies.text).dados.segundas_vias.map((copy) => copy.codigo));
  }
  if (boletos.length < 12) throw new Error(`only ${boletos.length} boletos to print`);
  return { host, cookie, card, boletos: boletos.slice(0, 12) };
}

// wrk prints latencies as 812.00us, 12.34ms or 1.20s.
function wrkMs(text) {
  const [, value, unit] = /([\d.]+)(us|ms|s)\b/.exec(text) ?? [];
  if (!value) return null;
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
}

/** The same load as autocannon's, from wrk: POST with the body (or GET) and headers, latency percentiles. */
function runWrk(port, title, { host, body, cookie, method = 'POST' }) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-wrk-'));
  const script = join(dir, 'post.lua');
  const headers = { Host: host, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
  writeFileSync(
    script,
    [
      `wrk.method = "${method}"`,
      ...(method === 'POST' ? [`wrk.body = ${JSON.stringify(JSON.stringify(body))}`] : []),
      ...Object.entries(headers).map(
        ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
      ),
      // Counts answers that are not 2xx, as autocannon's non2xx does.
      'non2xx = 0',
      'response = function(status) if status >= 300 then non2xx = non2xx + 1 end end',
      'done = function() io.write("non2xx " .. non2xx .. "\\n") end',
    ].join('\n'),
  );
  const args = ['-t', '1', '-c', String(CONNECTIONS), '-d', `${DURATION}s`, '--latency', '-s', script];
  return new Promise((resolve, reject) => {
    execFile('wrk', [...args, `http://127.0.0.1:${port}${title.path}`], (error, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      if (error) return reject(error);
      const line = (pattern) => stdout.split('\n').find((l) => pattern.test(l)) ?? '';
      const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      resolve({
        requests: { total, average: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0) },
        latency: {
          p50: wrkMs(line(/^\s+50%/)),
          p99: wrkMs(line(/^\s+99%/)),
          p99_9: null,
        },
        errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
        timeouts: errors ? Number(errors[4]) : 0,
        non2xx: Number(/non2xx (\d+)/.exec(stdout)?.[1] ?? 0),
      });
    });
  });
}

function run(port, title, { host, body, cookie, method = 'POST' }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${title.path}`,
        method,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { host, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function benchDatabase(label, databaseUrl) {
  console.error(`${label}: starting the server`);
  const server = await startServer(label, databaseUrl);
  console.error(`${label}: ready on port ${server.port}`);
  try {
    const { host, cookie, card, boletos } = await openSession(server.port);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const calls = [
      {
        name: 'passo_1',
        path: '/api.php?a=negociacao_robo&b=passo_1',
        // The token partner skips the robot check: the lookup, the checks and a pending session, as a login does.
        options: {
          host: 'senff.portal.localhost',
          body: MARIA,
        },
      },
      {
        name: 'passo_2_novo',
        path: '/api.php?a=negociacao_robo&b=passo_2_novo',
        options: { host, cookie, body: {} },
      },
      {
        name: 'passo_3_novo',
        path: '/api.php?a=negociacao_robo&b=passo_3_novo',
        options: {
          host,
          cookie,
          body: {
            lojCodigo: card.loj_codigo,
            preCodigo: card.pre_codigos.join(','),
            primeiroVencimento: today,
            pagamentoAvistaPrazo: 'P',
            metodoPagamento: 'boleto',
          },
        },
      },
      {
        name: 'passo_5',
        path: '/api.php?a=negociacao_robo&b=passo_5',
        options: { host, cookie, body: {} },
      },
      {
        name: 'boletos PDF x12',
        path: `/api/acordos/boletos.pdf?segundas_vias=${boletos.join(',')}`,
        options: { host, cookie, method: 'GET' },
        pdf: true,
      },
    ];
    const rows = [];
    const only = process.env.BENCH_CALLS?.split(',');
    for (const call of calls.filter((c) => !only || only.includes(c.name))) {
      console.error(`${label}: ${call.name}`);
      // One request first: a benchmark of error answers measures nothing.
      const probe = await request(server.port, call.path, { method: 'POST', ...call.options });
      if (
        probe.status !== 200 ||
        (call.pdf ? !probe.text.startsWith('%PDF') : JSON.parse(probe.text).retorno !== true)
      )
        throw new Error(`${label}: ${call.name} answered ${probe.status} ${probe.text.slice(0, 300)}`);
      const before = cpuSnapshot(server.pid);
      const loadBefore = process.cpuUsage();
      const result = await (useWrk ? runWrk : run)(server.port, call, call.options);
      const load = process.cpuUsage(loadBefore);
      const after = cpuSnapshot(server.pid);
      const perRequest = (key) =>
        before && after && result.requests.total
          ? Number(((after[key] - before[key]) / result.requests.total).toFixed(2))
          : null;
      rows.push({
        database: label,
        call: call.name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'p99.9 ms': result.latency.p99_9,
        'server CPU ms/req': perRequest('server'),
        'PG CPU ms/req': databaseUrl ? perRequest('postgres') : null,
        // autocannon runs in this process and shares the two cores with the server and PostgreSQL.
        'load CPU ms/req':
          !useWrk && result.requests.total
            ? Number(((load.user + load.system) / 1000 / result.requests.total).toFixed(2))
            : null,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

const rows = pgOnly ? [] : [...(await benchDatabase('PGlite', null))];
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `bench_api_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    rows.push(...(await benchDatabase('PostgreSQL', url.toString())));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per call, load from ${useWrk ? 'wrk' : 'autocannon'}`,
);
console.table(rows);
