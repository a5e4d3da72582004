// npm run bench:api: the debtor calls (passo_1, passo_2_novo, passo_3_novo, passo_4_novo retried, passo_5, the PIX
// webhook) and the floor (npm run bench:floor's bare routes: answer only, one select, one insert) in ONE run, at
// each of BENCH_CONNECTIONS (10,100,200) connections, BENCH_SECONDS (10) per call, on PostgreSQL: a scratch
// database on TEST_DATABASE_URL / DATABASE_URL (else postgres://root@127.0.0.1:5432/postgres) with the demo seed
// and BENCH_DEBTORS (100,000) generated debtors, dropped afterwards. Prints req/s, p50, p95, p99, errors, the CPU
// per request of the server and of PostgreSQL, and each call's req/s as a ratio to its floor (GUIDE "Performance
// budgets"). Asserts nothing. BENCH_CALLS=passo_1,passo_2_novo picks calls; BENCH_PROCESSES=2 runs two server
// processes (with Redis); BENCH_ENCODING='br, gzip' asks for compressed answers (bench-load.mjs).
import {
  CONNECTION_LEVELS,
  DURATION,
  FLOORS,
  measure,
  scratchDatabase,
  startFloorServer,
} from './bench-load.mjs';
import { addDebtors, DEBTORS, debtorCalls, probe, startServer } from './bench-portal.mjs';

const only = process.env.BENCH_CALLS?.split(',');
const scratch = await scratchDatabase('bench_api');
const rows = [];
try {
  console.error('starting the server');
  const server = await startServer(scratch.url);
  const floor = await startFloorServer(scratch.url);
  try {
    await addDebtors(scratch.url);
    const calls = (await debtorCalls(server.port, scratch.url)).filter(
      (call) => !only || only.some((name) => call.name.startsWith(name)),
    );
    for (const call of calls) await probe(server.port, call);
    for (const connections of CONNECTION_LEVELS) {
      for (const call of FLOORS) rows.push(await measure(floor, call, connections, scratch.name));
      for (const call of calls) {
        const row = await measure(server, call, connections, scratch.name);
        const floorRow = rows.find(
          (r) => r.connections === connections && r.call === `floor: one ${call.floor}`,
        );
        rows.push({
          ...row,
          'of floor': `${Math.round((row['req/s'] / floorRow['req/s']) * 100)}% of one ${call.floor}`,
          'p99/p50': Number((row['p99 ms'] / row['p50 ms']).toFixed(1)),
        });
      }
    }
  } finally {
    await floor.stop();
    await server.stop();
  }
} finally {
  await scratch.drop();
}
console.log(
  `\nPostgreSQL, ${DEBTORS} generated debtors, ${DURATION} s per call, load from autocannon; budgets (GUIDE): ` +
    'passo_1 and passo_3_novo >= 50% of one insert, passo_2_novo >= 50% of one select, p99 <= 3 x p50, no errors',
);
console.table(rows);
