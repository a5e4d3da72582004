// npm run bench:long-tasks: the main thread's long tasks while the logged-in debtor pages load (menu, Minhas
// Dívidas, Meus Acordos), at 4x CPU throttling in the system Chromium (DevTools throttling, not Lighthouse's
// simulation): Lighthouse's total blocking time swings too much between runs to show a change of a few tens of
// milliseconds. Builds and serves this checkout on a fresh embedded database; with BENCH_COMPARE_DIR=<another
// checkout> it serves that one too and alternates the two, page by page, so both see the same machine. Each of
// BENCH_RUNS (8) rounds loads every page once per checkout in a fresh browser context. Prints the medians of the
// blocking time (the long tasks' time over 50 ms each), the script time and the main thread's task time per page
// load. Asserts nothing (budgets in GUIDE.md). The other checkout needs its own `npm install` (checked).

import { median } from './bench-load.mjs';
import { JOAO, loginDebtor } from './bench-session.mjs';
import { checkoutsToCompare, withServedCheckouts } from './bench-web-server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 8);
const PAGES = [
  { path: '/menu', debtor: 'maria' },
  { path: '/minhas-dividas', debtor: 'maria' },
  { path: '/meus-acordos', debtor: 'joao' },
];
const checkouts = checkoutsToCompare(3320);

/** One page load in a fresh context: its long tasks and the main thread's metrics. */
async function load(browser, checkout, page) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'pt-BR' });
  try {
    const [name, value] = checkout.cookies[page.debtor].split('=');
    await context.addCookies([{ name, value, domain: 'localhost', path: '/' }]);
    await context.addInitScript(() => {
      window.localStorage.setItem('refuseCookies', 'true');
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await tab.goto(`http://localhost:${checkout.port}${page.path}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1000);
    const longTasks = await tab.evaluate(() => window.__longTasks);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (key) => metrics.find((m) => m.name === key).value * 1000;
    return {
      blocking: longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
      script: metric('ScriptDuration'),
      task: metric('TaskDuration'),
    };
  } finally {
    await context.close();
  }
}

await withServedCheckouts(checkouts, async (browser) => {
  for (const checkout of checkouts) {
    checkout.cookies = {
      maria: await loginDebtor(checkout.port, 'localhost'),
      joao: await loginDebtor(checkout.port, 'localhost', JOAO),
    };
    checkout.loads = new Map(PAGES.map((page) => [page.path, []]));
  }
  for (let run = 0; run < runs; run++)
    for (const page of PAGES) {
      // Each round alternates which checkout goes first.
      const order = run % 2 === 0 ? checkouts : [...checkouts].reverse();
      for (const checkout of order) checkout.loads.get(page.path).push(await load(browser, checkout, page));
    }
  const rows = [];
  for (const page of PAGES)
    for (const checkout of checkouts) {
      const loads = checkout.loads.get(page.path);
      rows.push({
        page: page.path,
        checkout: checkout.name,
        'blocking ms (median)': Math.round(median(loads.map((l) => l.blocking))),
        'blocking ms (each load)': loads.map((l) => Math.round(l.blocking)).join(' '),
        'script ms (median)': Math.round(median(loads.map((l) => l.script))),
        'task ms (median)': Math.round(median(loads.map((l) => l.task))),
      });
    }
  console.log(`\n${runs} loads per page and checkout, 4x CPU throttling, fresh context each`);
  console.table(rows);
});
