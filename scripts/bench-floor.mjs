// npm run bench:floor: the floor alone (npm run bench:api measures it in the same run as the portal's calls): a bare
// Fastify route with no database work, one PostgreSQL select, or one insert, at each of BENCH_CONNECTIONS
// (10,100,200) connections, BENCH_SECONDS (10) each, in a scratch database on TEST_DATABASE_URL / DATABASE_URL.
import * as bench from './bench-load.mjs';

const scratch = await bench.scratchDatabase('bench_floor');
try {
  const floor = await bench.startFloorServer(scratch.url);
  const rows = [];
  try {
    for (const connections of bench.CONNECTION_LEVELS)
      for (const call of bench.FLOORS) rows.push(await bench.measure(floor, call, connections, scratch.name));
  } finally {
    await floor.stop();
  }
  console.log(`\n${bench.DURATION} s each, pool of ${process.env.BENCH_POOL ?? 10}, load from autocannon`);
  console.table(rows);
} finally {
  await scratch.drop();
}
