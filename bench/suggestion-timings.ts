/**
 * In-process timings of the header suggestions from the search index (decision 0047/0055): the CPU time
 * (process.cpuUsage) of suggestions() for each of search-load.ts's 1,000 distinct suggestion texts, and of
 * namesHolding alone, without HTTP. Builds the index from BENCH_DATABASE_URL, then runs every text (warm-up pass,
 * then timed passes) and prints the percentiles, the mean and the slowest.
 *
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/suggestion-timings.ts [--passes 3]
 *   (node --cpu-prof --import tsx bench/suggestion-timings.ts ... for a V8 profile)
 */
import { parseArgs } from 'node:util';
import { depsOf } from '../apps/api/src/deps.ts';
import { ListingsMemory } from '../apps/api/src/modules/catalog/listings-memory.ts';
import { namesHolding } from '../apps/api/src/modules/catalog/search-index-listings.ts';
import { suggestions } from '../apps/api/src/modules/catalog/suggestions.service.ts';
import { parseKeyword } from '../apps/api/src/modules/catalog/text-match.ts';
import { appWithSearchIndex } from './index-app.ts';
import { percentile } from './load-servers.ts';
import { readCatalogue, searchPaths, suggestionPaths } from './search-queries.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { passes: { type: 'string', default: '3' } },
});

const catalogue = await readCatalogue();
searchPaths(catalogue, 1500); // the same random draws as search-load.ts, so the same 1,000 texts
const texts = suggestionPaths(catalogue, 1000).map((p) => new URL(p, 'http://x').searchParams.get('q') as string);
const { app, keeper, index } = await appWithSearchIndex();
const deps = depsOf(app);
const listings = new ListingsMemory(deps.db, keeper);
const synonyms = await deps.searchSynonyms.current();

const holdingMs = new Map<string, number[]>();
const serviceMs = new Map<string, number[]>();
const record = (map: Map<string, number[]>, key: string, ms: number) => {
  const list = map.get(key) ?? [];
  list.push(ms);
  map.set(key, list);
};
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

for (let pass = 0; pass <= Number(values.passes); pass++) {
  for (const text of texts) {
    const match = parseKeyword(text, synonyms);
    let cpu = process.cpuUsage();
    if (match) namesHolding(index, match, 60);
    const holding = cpuMs(cpu);
    cpu = process.cpuUsage();
    await suggestions(deps, text, listings);
    const service = cpuMs(cpu);
    if (pass > 0) {
      record(holdingMs, text, holding);
      record(serviceMs, text, service);
    }
  }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const summary = (map: Map<string, number[]>) => {
  const medians = [...map.values()].map(median).sort((a, b) => a - b);
  const mean = medians.reduce((a, b) => a + b, 0) / medians.length;
  return `p50 ${percentile(medians, 50).toFixed(3)} ms, p95 ${percentile(medians, 95).toFixed(3)} ms, max ${medians[medians.length - 1]!.toFixed(2)} ms, mean ${mean.toFixed(3)} ms`;
};
console.log(`${texts.length} texts, ${index.liveCount} products, median of ${values.passes} passes each`);
console.log(`namesHolding, CPU: ${summary(holdingMs)}`);
console.log(`suggestions() (no HTTP), CPU: ${summary(serviceMs)}`);
const slowest = [...serviceMs].map(([text, list]) => [text, median(list)] as const).sort((a, b) => b[1] - a[1]);
console.log('slowest (suggestions() CPU ms):');
for (const [text, ms] of slowest.slice(0, 15)) console.log(`  ${ms.toFixed(2).padStart(7)}  ${text}`);
await app.close();
