// The web benchmarks' server: a checkout's web app built, served in production mode on a fresh embedded database
// with the demo data (bench:web, bench:long-tasks).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensurePortFree, servedBy } from './bench-load.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/** Builds the web app of the checkout at `root` (apps/web/dist); exits when the build fails. */
export function buildWebApp(root) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit', cwd: root });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Starts the server of the checkout at `root` on `port` (its web app built) and waits until it answers. */
export async function startWebServer(root, port) {
  await ensurePortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-do-benchmark',
      SEED_DEMO: 'force',
    },
    stdio: 'inherit',
  });
  // The demo seed on a fresh embedded database takes a minute or more on a busy machine.
  const ready = async () => (await fetch(`http://localhost:${port}/healthz`)).ok;
  return servedBy(server, port, ready, {
    seconds: 240,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

/** This checkout on `port`, and BENCH_COMPARE_DIR's (another checkout) on the next port when it is set. */
export function checkoutsToCompare(port) {
  const other = process.env.BENCH_COMPARE_DIR;
  if (other) refuseBorrowedPackages(other);
  return [
    { name: 'this checkout', root: new URL('..', import.meta.url).pathname, port },
    ...(other ? [{ name: other, root: other, port: port + 1 }] : []),
  ];
}

/**
 * The other checkout must run its own packages: with a node_modules linked from this one, `@portal/domain` (a
 * workspace link) resolves to this checkout's packages/domain, and both sides would run the same domain code.
 */
function refuseBorrowedPackages(other) {
  const domain = realpathSync(join(other, 'node_modules', '@portal', 'domain'));
  if (!domain.startsWith(`${realpathSync(other)}/`))
    throw new Error(
      `BENCH_COMPARE_DIR ${other} resolves @portal/domain to ${domain}: run npm install in that checkout`,
    );
}

/** Builds and serves every checkout, runs `measure` with the system Chromium, then stops the browser and servers. */
export async function withServedCheckouts(checkouts, measure) {
  for (const checkout of checkouts) buildWebApp(checkout.root);
  const servers = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const checkout of checkouts) servers.push(await startWebServer(checkout.root, checkout.port));
    await measure(browser);
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}
