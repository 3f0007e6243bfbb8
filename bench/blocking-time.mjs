#!/usr/bin/env node
// Total blocking time estimated from CPU time, for comparing builds on a loaded machine (decision 0053).
//
//   node bench/blocking-time.mjs http://localhost:3410 [runs=3]      env PAGES=home,search to choose pages
//
// Lighthouse's mobile preset observes each main-thread task unthrottled and counts it 4x slower; on a machine whose
// other work preempts the browser, the observed (wall) durations swell and TBT scatters by more than a change makes.
// This loads each page in Chromium (phone viewport, no throttling), records a trace, and sums, over the main
// thread's tasks from the first contentful paint on, max(0, 4 x CPU time - 50 ms): CPU time (`tdur`) is what the
// load inflates least. Compare two builds served side by side in the same minutes; it is an estimate, not
// Lighthouse's figure (Lantern also simulates the network and stops at TTI).
import { loadavg } from 'node:os';
import { chromium } from 'playwright';

const [base, runsArg = '3'] = process.argv.slice(2);
if (!base) throw new Error('usage: node bench/blocking-time.mjs <base url> [runs]');
const pages = {
  home: '/',
  search: '/search?q=cement',
  item: '/item/192/republic-portland-cement-type-1p-40kg',
  shop: '/shop/kapampangan-steel-cement',
  category: '/category/2',
};
const only = process.env.PAGES?.split(',');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });

async function measure(path) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(base + path, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(8000);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const events = trace.traceEvents ?? trace;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${path}: no first contentful paint in the trace`);
  let blocking = 0;
  const longTasks = [];
  for (const task of events) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.pid !== fcp.pid || task.tid !== fcp.tid) continue;
    const slowed = ((task.tdur ?? task.dur) / 1000) * 4;
    if (task.ts < fcp.ts || slowed <= 50) continue;
    blocking += slowed - 50;
    longTasks.push(Math.round(slowed));
  }
  return { blocking: Math.round(blocking), longTasks };
}

for (const [name, path] of Object.entries(pages)) {
  if (only && !only.includes(name)) continue;
  const results = [];
  for (let run = 0; run < Number(runsArg); run++) results.push(await measure(path));
  const median = [...results].sort((a, b) => a.blocking - b.blocking)[Math.floor(results.length / 2)];
  console.log(
    `${name.padEnd(8)} ${String(median.blocking).padStart(4)} ms (runs ${results.map((r) => r.blocking).join(' ')}; median run's long tasks at 4x: ${median.longTasks.join(' ') || 'none'})`,
  );
}
console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`,
);
await browser.close();
