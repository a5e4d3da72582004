// Preloaded into the server by npm run bench:soak (node --import): appends the process's memory (RSS, V8 heap
// used and total, external) as a JSON line to BENCH_MEMORY_FILE every BENCH_MEMORY_SECONDS (10) seconds.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
const every = Number(process.env.BENCH_MEMORY_SECONDS ?? 10) * 1000;
if (file)
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external })}\n`);
  }, every).unref();
