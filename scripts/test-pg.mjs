// Runs the server suite against a PostgreSQL server and Redis (default: the local one CI provides). Each test file creates
// and drops its own scratch database on it.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
// The production-like run also shares rate-limit counters through Redis.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
console.log(`server suite on PostgreSQL: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync('npx', ['vitest', 'run', 'apps/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
