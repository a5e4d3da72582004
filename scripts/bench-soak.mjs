// npm run bench:soak: the debtor calls of npm run bench:api in turn on every connection (passo_1, passo_2_novo,
// passo_3_novo, passo_5, the PIX webhook) for BENCH_SOAK_MINUTES (30) minutes at BENCH_SOAK_CONNECTIONS (20)
// connections, on PostgreSQL (a scratch database as bench:api's, with BENCH_DEBTORS generated debtors). The server
// reports its memory every BENCH_MEMORY_SECONDS (10) s (scripts/bench-memory-probe.mjs); the script prints it a
// line a minute, and the trend of RSS and heap after the first fifth (warm-up): the least-squares slope in MB an
// hour and the median of the last third against the first third's. Asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, median, scratchDatabase } from './bench-load.mjs';
import { addDebtors, debtorCalls, probe, startServer } from './bench-portal.mjs';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 20);
const MB = 1024 * 1024;

/** RSS and heap used over the run after the warm-up: slope (MB/h) and last third's median against the first's. */
function trend(samples, key) {
  const kept = samples.slice(Math.floor(samples.length / 5));
  const xs = kept.map((s) => (s.at - kept[0].at) / 3_600_000);
  const ys = kept.map((s) => s[key] / MB);
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  const mx = mean(xs);
  const my = mean(ys);
  const slope =
    xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) /
    xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  const third = Math.max(1, Math.floor(ys.length / 3));
  const first = median(ys.slice(0, third));
  const last = median(ys.slice(-third));
  return {
    memory: key,
    'first third MB': first.toFixed(1),
    'last third MB': last.toFixed(1),
    'change %': (((last - first) / first) * 100).toFixed(1),
    'slope MB/h': slope.toFixed(1),
    // Growth: the last third more than 10% above the first, still rising.
    trend: last > first * 1.1 && slope > 0 ? 'growing' : 'flat',
  };
}

const dir = mkdtempSync(join(tmpdir(), 'portal-soak-'));
const memoryFile = join(dir, 'memory.jsonl');
const scratch = await scratchDatabase('bench_soak');
let result;
try {
  const server = await startServer(scratch.url, {
    nodeOptions: ['--import', new URL('bench-memory-probe.mjs', import.meta.url).href],
    env: { BENCH_MEMORY_FILE: memoryFile },
  });
  try {
    await addDebtors(scratch.url);
    const calls = (await debtorCalls(server.port, scratch.url)).filter(
      (call) => !call.name.startsWith('passo_4'),
    );
    for (const call of calls) await probe(server.port, call);
    const requests = calls.map(({ path, host, cookie, headers, body, requests: [custom] = [] }) => ({
      path,
      method: 'POST',
      headers: { host, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
      ...custom,
    }));
    console.error(`soak: ${MINUTES} min, ${CONNECTIONS} connections, ${calls.map((c) => c.name).join(', ')}`);
    result = await load(server.port, { path: '/', requests }, CONNECTIONS, MINUTES * 60);
  } finally {
    await server.stop();
  }
  const samples = readFileSync(memoryFile, 'utf8').trim().split('\n').map(JSON.parse);
  const start = samples[0].at;
  console.log(`\nsoak: ${MINUTES} min at ${CONNECTIONS} connections on PostgreSQL`);
  const { total, ...figures } = result;
  console.table([{ requests: total, ...figures }]);
  console.table(
    samples
      .filter(
        (s, i) =>
          i === 0 || Math.floor((s.at - start) / 60_000) > Math.floor((samples[i - 1].at - start) / 60_000),
      )
      .map((s) => ({
        minute: ((s.at - start) / 60_000).toFixed(1),
        'RSS MB': (s.rss / MB).toFixed(1),
        'heap used MB': (s.heapUsed / MB).toFixed(1),
        'heap total MB': (s.heapTotal / MB).toFixed(1),
        'external MB': (s.external / MB).toFixed(1),
      })),
  );
  console.table([trend(samples, 'rss'), trend(samples, 'heapUsed')]);
} finally {
  await scratch.drop();
  rmSync(dir, { recursive: true, force: true });
}
