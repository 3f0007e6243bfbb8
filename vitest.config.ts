import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const apiTests = readdirSync('apps/api/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `apps/api/src/${file.replaceAll('\\', '/')}`);

// Without isolation a worker imports the app's modules once for all its files instead of once per file (decision
// 0061). A file that replaces a module or a global (vi.mock, spies, fake timers, stubs) would leak that into the next
// file of its worker, so such files run isolated, in a fresh process each.
const REPLACES_MODULES_OR_GLOBALS = /\bvi\.(mock|doMock|unmock|spyOn|useFakeTimers|setSystemTime|stubGlobal|stubEnv)\b/;
// So do the heaviest files: fuzz.test.ts (every route with hostile input) timed out in a shared worker (decision
// 0056), and xlsx-reader.test.ts's zip bombs (two 101 MB workbooks) once timed out there, in a worker grown to 800 MB.
const HEAVY = ['apps/api/src/fuzz.test.ts', 'apps/api/src/modules/sales-import/xlsx-reader.test.ts'];
const isolatedApiTests = apiTests.filter(
  (file) => HEAVY.includes(file) || REPLACES_MODULES_OR_GLOBALS.test(readFileSync(file, 'utf8')),
);

// Shared by both api projects. Each file gets its own database, copied from one migrated at the start of the run
// (decision 0050).
const api = {
  globalSetup: ['apps/api/src/test/migrated-template.ts'],
  testTimeout: 30_000,
  // Creating a database per file is slow on a busy 2-core machine.
  hookTimeout: 300_000,
};

export default defineConfig({
  test: {
    // Each API test file gets its own database; two files at a time fit a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // `--project 'api*'` runs both.
      { test: { ...api, name: 'api', include: apiTests, exclude: isolatedApiTests, isolate: false } },
      { test: { ...api, name: 'api-isolated', include: isolatedApiTests } },
    ],
  },
});
