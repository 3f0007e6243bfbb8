/**
 * runQuery of two versions of the code on one index in one process (issue 21): this tree's and another checkout's
 * (`--against`, e.g. a `git worktree` of the commit before a change), over the bench's searches (pages 1 and 3),
 * in alternating passes (new, old, old, new, ...). On a shared machine whose speed drifts by 10-20% between runs,
 * two separate runs cannot show a change of a few percent; passes that alternate in one process see the same
 * machine. Also counts the answers (ids, total, facets) that differ: a speed change must leave them all alone.
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/search-index-ab.ts --against /tmp/before [--passes 8] [--only regex]
 *
 * Both versions read the index this tree builds, so a change of the index's own shape cannot be compared here.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SearchIndex } from '../apps/api/src/modules/catalog/search-index.ts';
import type { IndexAnswer, IndexQuery } from '../apps/api/src/modules/catalog/search-index-query.ts';
import { appWithSearchIndex, indexQueriesOf } from './index-app.ts';
import { percentile } from './load-servers.ts';
import { readCatalogue, searchPaths } from './search-queries.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    against: { type: 'string' },
    queries: { type: 'string', default: '1500' },
    passes: { type: 'string', default: '6' },
    /** Only the searches whose decoded path matches this regular expression (to compare one class of searches). */
    only: { type: 'string' },
  },
});
if (!values.against) throw new Error('--against <the other checkout> is required');

type RunQuery = (index: SearchIndex, query: IndexQuery) => IndexAnswer;
const modulePath = 'apps/api/src/modules/catalog/search-index-query.ts';
const versions: Array<{ name: string; runQuery: RunQuery; ms: number[][] }> = [
  { name: 'this tree', runQuery: (await import(`../${modulePath}`)).runQuery, ms: [] },
  { name: values.against, runQuery: (await import(resolve(values.against, modulePath))).runQuery, ms: [] },
];

const only = values.only ? new RegExp(values.only) : null;
const paths = searchPaths(await readCatalogue(), Number(values.queries)).filter(
  (path) => !only || only.test(decodeURIComponent(path)),
);
const { app, keeper, index } = await appWithSearchIndex();
const searches = await indexQueriesOf(app, keeper, paths, [1, 3]);
for (const version of versions) version.ms = searches.map(() => []);

const passes = Number(values.passes);
for (let pass = 0; pass <= passes; pass++) {
  const order = pass % 2 === 0 ? versions : [...versions].reverse();
  for (const version of order) {
    searches.forEach(({ query }, i) => {
      const start = performance.now();
      version.runQuery(index, query);
      // Pass 0 warms both up (compiles their code, builds the lazily kept parts of the index).
      if (pass > 0) version.ms[i]?.push(performance.now() - start);
    });
  }
}

const different: string[] = [];
for (const { path, page, query } of searches) {
  const [a, b] = versions.map((version) => JSON.stringify(version.runQuery(index, query)));
  if (a !== b) different.push(`${decodeURIComponent(path)} (page ${page})`);
}
const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)] as number;
console.log(`${searches.length} searches (pages 1 and 3), ${index.liveCount} products, ${passes} alternating passes`);
for (const version of versions) {
  const medians = version.ms.map(median).sort((x, y) => x - y);
  const mean = medians.reduce((sum, ms) => sum + ms, 0) / medians.length;
  console.log(
    `${version.name}: runQuery wall ms, median of each search: p50 ${percentile(medians, 50).toFixed(2)}, p95 ${percentile(medians, 95).toFixed(2)}, mean ${mean.toFixed(2)}`,
  );
}
// The searches whose time moved most (this tree's median / the other's), to see which class a change helps or hurts.
const [mine, theirs] = versions as [(typeof versions)[0], (typeof versions)[0]];
const moved = searches
  .map(({ path, page }, i) => ({
    search: `${decodeURIComponent(path)} (page ${page})`,
    a: median(mine.ms[i] as number[]),
    b: median(theirs.ms[i] as number[]),
  }))
  .sort((x, y) => x.a / x.b - y.a / y.b);
const show = (list: typeof moved) =>
  list.map(({ search, a, b }) => `  ${a.toFixed(2).padStart(7)} vs ${b.toFixed(2).padStart(7)} ms  ${search}`);
console.log(
  ['faster here:', ...show(moved.slice(0, 5)), 'slower here:', ...show(moved.slice(-5).reverse())].join('\n'),
);
console.log(`answers that differ: ${different.length} of ${searches.length}`);
for (const path of different.slice(0, 5)) console.log(`  ${path}`);
await app.close();
