/**
 * In-process timings of the search index (decision 0043/0046): the CPU time (process.cpuUsage) of each search of search-queries.ts's
 * query set, without HTTP, the cards or other processes — figures that do not move with the machine's load as
 * much as the HTTP ones do. Builds the index from BENCH_DATABASE_URL, then runs every search (warm-up pass, then
 * timed passes), and prints the percentiles of runQuery alone and of the whole service call, and the slowest. The
 * warm-up pass is each text's first search after the start (nothing kept for it yet): its runQuery times are
 * summarised too (decision 0069).
 *
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/search-index-timings.ts [--queries 1500] [--passes 3] [--index-only]
 *     [--dump file.json] [--dump-first file.json]
 *   (node --cpu-prof --import tsx bench/search-index-timings.ts ... for a V8 profile)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { depsOf } from '../apps/api/src/deps.ts';
import { search } from '../apps/api/src/modules/catalog/search.service.ts';
import { runQuery } from '../apps/api/src/modules/catalog/search-index-query.ts';
import { appWithSearchIndex, indexQueriesOf } from './index-app.ts';
import { percentile } from './load-servers.ts';
import { readCatalogue, searchPaths } from './search-queries.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    queries: { type: 'string', default: '1500' },
    passes: { type: 'string', default: '3' },
    'index-only': { type: 'boolean', default: false },
    /** Only the searches whose path matches this regular expression (to time one class of queries). */
    only: { type: 'string' },
    /** Write every search's median runQuery CPU ms to this file (JSON), to sort whole classes. */
    dump: { type: 'string' },
    /** The same for each search's first run (the warm-up pass). */
    'dump-first': { type: 'string' },
  },
});

const catalogue = await readCatalogue();
const { app, keeper, index } = await appWithSearchIndex();
const deps = depsOf(app);
const only = values.only ? new RegExp(values.only) : null;
const paths = searchPaths(catalogue, Number(values.queries)).filter((p) => !only || only.test(decodeURIComponent(p)));
const searches = await indexQueriesOf(app, keeper, paths);
const indexMs = new Map<string, number[]>();
const serviceMs = new Map<string, number[]>();
/** The warm-up pass's runQuery CPU per search: each text's first search after the start (lazily built parts). */
const firstMs = new Map<string, number[]>();
const elapsedMs = (cpu: NodeJS.CpuUsage) => (cpu.user + cpu.system) / 1000;
const record = (map: Map<string, number[]>, key: string, ms: number) => {
  const list = map.get(key) ?? [];
  list.push(ms);
  map.set(key, list);
};

for (let pass = 0; pass <= Number(values.passes); pass++) {
  console.log(`pass ${pass}${pass === 0 ? ' (warm-up)' : ''}`);
  for (const { path, search: query, query: indexQuery } of searches) {
    const cpu = process.cpuUsage();
    runQuery(index, indexQuery);
    const indexCpu = process.cpuUsage(cpu);
    const between = process.cpuUsage();
    if (!values['index-only']) await search(deps, query, undefined, keeper);
    const serviceCpu = process.cpuUsage(between);
    if (pass === 0) record(firstMs, path, elapsedMs(indexCpu));
    if (pass > 0) {
      // CPU time of this process (user + system), not wall time: the machine is shared.
      record(indexMs, path, elapsedMs(indexCpu));
      record(serviceMs, path, elapsedMs(serviceCpu));
    }
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const summary = (map: Map<string, number[]>) => {
  const medians = [...map.values()].map(median).sort((a, b) => a - b);
  return `p50 ${percentile(medians, 50).toFixed(2)} ms, p95 ${percentile(medians, 95).toFixed(2)} ms, p99 ${percentile(medians, 99).toFixed(2)} ms, max ${medians[medians.length - 1]!.toFixed(1)} ms, mean ${(medians.reduce((a, b) => a + b, 0) / medians.length).toFixed(2)} ms`;
};
console.log(`${searches.length} searches, ${index.liveCount} products, median of ${values.passes} passes each`);
console.log(`runQuery (index only), CPU: ${summary(indexMs)}`);
console.log(`runQuery, each text's first search after the start, CPU: ${summary(firstMs)}`);
if (!values['index-only']) console.log(`search() (index + cards, this process's CPU only): ${summary(serviceMs)}`);
const slowest = [...indexMs].map(([p, list]) => [p, median(list)] as const).sort((a, b) => b[1] - a[1]);
if (values.dump) {
  const all = Object.fromEntries([...indexMs].map(([p, list]) => [decodeURIComponent(p), median(list)]));
  writeFileSync(values.dump, JSON.stringify(all, null, 1));
}
if (values['dump-first']) {
  const all = Object.fromEntries([...firstMs].map(([p, list]) => [decodeURIComponent(p), median(list)]));
  writeFileSync(values['dump-first'], JSON.stringify(all, null, 1));
}
console.log('slowest (runQuery CPU ms):');
for (const [p, ms] of slowest.slice(0, 50)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${decodeURIComponent(p)}`);
await app.close();
