import os from 'node:os';
import path from 'node:path';
import { createTestApp, searchIndexCaughtUp, type TestApp } from '../../test/test-app.ts';
import { seedDemoIfEmpty } from './demo.ts';

/**
 * Pictures for tests that need the demo data: one folder per machine, so the images are drawn once and
 * reused by later runs and other test files (files that exist are not redrawn).
 */
export const sharedTestDataDir = path.join(os.tmpdir(), 'tibay-test-demo-data');

/** A test app on a fresh database holding the demo data, serving the shared pictures at /uploads. */
export async function createSeededTestApp(): Promise<TestApp> {
  const t = await createTestApp({ DATA_DIR: sharedTestDataDir });
  await seedDemoIfEmpty(t.app.db, { dataDir: sharedTestDataDir, log: () => {} });
  // The search index heard of the seed by NOTIFY; a test's first search must see all of it.
  await searchIndexCaughtUp(t);
  return t;
}
