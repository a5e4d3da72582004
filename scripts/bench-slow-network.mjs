// npm run bench:slow-network: how long a debtor on a slow network waits for the menu, then for Minhas Dívidas.
// Builds and serves this checkout (and BENCH_COMPARE_DIR's, alternated with it) on a fresh embedded database, logs
// Maria in through the API, and loads /menu in a fresh Chromium context with DevTools' network and CPU emulation
// (BENCH_KBPS 400 kbit/s each way, BENCH_RTT_MS 400 ms, 4x CPU): the time until the menu's tiles show, then, after
// BENCH_READ_MS (3000) of reading, the tap on Minhas Dívidas and the time until its first card shows. BENCH_RUNS
// (4) loads per checkout. Prints each load and the medians; asserts nothing.

import { median } from './bench-load.mjs';
import { loginDebtor } from './bench-session.mjs';
import { checkoutsToCompare, withServedCheckouts } from './bench-web-server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 4);
const kbps = Number(process.env.BENCH_KBPS ?? 400);
const rttMs = Number(process.env.BENCH_RTT_MS ?? 400);
const readMs = Number(process.env.BENCH_READ_MS ?? 3000);
const WAIT = { timeout: 180_000 };
const checkouts = checkoutsToCompare(3330);

/** One visit in a fresh context: milliseconds until the menu's tiles, then from the tap until the first debt card. */
async function visit(browser, checkout) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  try {
    const [name, value] = checkout.cookie.split('=');
    await context.addCookies([{ name, value, domain: 'localhost', path: '/' }]);
    await context.addInitScript(() => window.localStorage.setItem('refuseCookies', 'true'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const bytesPerSecond = (kbps * 1000) / 8;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rttMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const opened = Date.now();
    await page.goto(`http://localhost:${checkout.port}/menu`);
    await page.getByTestId('menu-tiles').waitFor(WAIT);
    const menu = Date.now() - opened;
    await page.waitForTimeout(readMs);
    const tapped = Date.now();
    await page.getByRole('link', { name: /^Minhas Dívidas/ }).click();
    await page.getByTestId('debt-card').first().waitFor(WAIT);
    return { menu, debts: Date.now() - tapped };
  } finally {
    await context.close();
  }
}

await withServedCheckouts(checkouts, async (browser) => {
  for (const checkout of checkouts) {
    checkout.cookie = await loginDebtor(checkout.port, 'localhost');
    checkout.visits = [];
  }
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? checkouts : [...checkouts].reverse();
    for (const checkout of order) checkout.visits.push(await visit(browser, checkout));
  }
  console.log(
    `\n${kbps} kbit/s, ${rttMs} ms round trip, 4x CPU; Minhas Dívidas tapped ${readMs} ms after the menu`,
  );
  console.table(
    checkouts.map((checkout) => ({
      checkout: checkout.name,
      'menu ms (median)': median(checkout.visits.map((v) => v.menu)),
      'menu ms (each)': checkout.visits.map((v) => v.menu).join(' '),
      'debts after tap ms (median)': median(checkout.visits.map((v) => v.debts)),
      'debts after tap ms (each)': checkout.visits.map((v) => v.debts).join(' '),
    })),
  );
});
