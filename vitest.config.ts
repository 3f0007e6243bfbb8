import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file gets its own database; two files at a time fit a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // Migrates one database per run; each file's database starts as a copy of it (decision 0050).
          globalSetup: ['apps/api/src/test/migrated-template.ts'],
          testTimeout: 30_000,
          // Creating and migrating a database per file is slow on a busy 2-core machine.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
