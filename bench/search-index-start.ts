/**
 * The search index's start (issue 21, decisions 0043 and 0048): starts the API on a seeded database and measures
 * the time until a search is answered from the in-memory index, the process's memory once it is built, and that
 * the app answers other pages meanwhile: a route without the database (/api/v1/config) every 100 ms and a search
 * (answered in SQL until the index is ready) every second, with their latencies during the build.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tibay_scale_1m npx tsx bench/search-index-start.ts --label 1M
 *
 * Options: --port P (3331), --label L (written in the table: e.g. the catalogue's size), --no-write (print only;
 * otherwise the row goes into bench/README.md's table between the search-index-start markers).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { children, percentile, startServer, stopServer } from './load-servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3331' },
    label: { type: 'string', default: '' },
    'no-write': { type: 'boolean', default: false },
  },
  strict: true,
});
const port = Number(values.port);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tibay_search_100k';
const base = `http://127.0.0.1:${port}`;
const words = ['cement', 'plywood', 'paint', 'tile', 'pipe', 'nail', 'roof', 'steel', 'sand', 'wire', 'door', 'lock'];
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

async function timed(p: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(base + p);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${p}: ${response.status}`);
  return performance.now() - started;
}

async function main() {
  const loadBefore = load();
  const spawned = performance.now();
  const app = await startServer('app', port, { BENCH_DATABASE_URL: databaseUrl, BENCH_CACHE_MS: '0' });
  const listening = performance.now() - spawned;
  let readyLine = '';
  app.stdout!.on('data', (chunk: Buffer) => {
    const line = chunk
      .toString()
      .split('\n')
      .find((l) => l.startsWith('index-ready'));
    if (line) readyLine = line;
  });
  // While the index is built: the route without the database every 100 ms, a search (SQL) every second.
  const page: number[] = [];
  const sqlSearch: number[] = [];
  let tick = 0;
  while (!readyLine) {
    page.push(await timed('/api/v1/config'));
    if (tick++ % 10 === 0) sqlSearch.push(await timed(`/api/v1/search?q=${words[tick % words.length]}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ready = performance.now() - spawned;
  const firstSearch = await timed('/api/v1/search?q=cement');
  const answered = performance.now() - spawned;
  // The same route once the index is built, as often: what the machine gives without a build.
  const idle: number[] = [];
  for (let i = 0; i < Math.min(page.length, 100); i++) {
    idle.push(await timed('/api/v1/config'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopServer(app);
  idle.sort((a, b) => a - b);
  page.sort((a, b) => a - b);
  sqlSearch.sort((a, b) => a - b);
  const figure = (pattern: RegExp) => readyLine.match(pattern)?.[1] ?? '?';
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const row = `| ${values.label} | ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${s(listening)} | ${s(Number(figure(/build (\d+) ms/)))} | ${s(Number(figure(/cpu (\d+) ms/)))} | ${s(answered)} (${firstSearch.toFixed(0)} ms) | ${figure(/rss (\d+) MB/)} / ${figure(/heap (\d+) MB/)} / ${figure(/buffers (\d+) MB/)} | ${page.length}: ${percentile(page, 50).toFixed(1)} / ${percentile(page, 95).toFixed(1)} / ${page[page.length - 1]?.toFixed(0)} (after: ${percentile(idle, 50).toFixed(1)} / ${percentile(idle, 95).toFixed(1)} / ${idle[idle.length - 1]?.toFixed(0)}) | ${sqlSearch.length}: ${percentile(sqlSearch, 50).toFixed(0)} / ${percentile(sqlSearch, 95).toFixed(0)} | ${loadBefore} -> ${load()} |`;
  console.log(readyLine);
  console.log(`ready ${s(ready)} s after the spawn`);
  console.log(row);
  if (!values['no-write']) {
    const readme = path.join(here, 'README.md');
    const marker = '<!-- search-index-start -->';
    const end = '<!-- end search-index-start -->';
    const text = readFileSync(readme, 'utf8');
    const at = text.indexOf(end);
    if (at < 0) throw new Error(`bench/README.md has no ${end} marker`);
    if (!text.includes(marker)) throw new Error(`bench/README.md has no ${marker} marker`);
    writeFileSync(readme, `${text.slice(0, at)}${row}\n${text.slice(at)}`);
  }
}

main().catch(async (error) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
