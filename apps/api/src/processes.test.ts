import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { workerEnv } from './processes.ts';
import { createTestApp } from './test/test-app.ts';

// Decision 0060: API_PROCESSES forks that many API processes; the scheduled jobs run in the first only.
describe('API processes', () => {
  it('gives the scheduled jobs to the first process only', () => {
    expect(workerEnv(1, {})).toEqual({ API_WORKER: '1', SCHEDULED_JOBS: 'on' });
    expect(workerEnv(2, {})).toEqual({ API_WORKER: '2', SCHEDULED_JOBS: 'off' });
    expect(workerEnv(3, { SCHEDULED_JOBS: 'on' })).toEqual({ API_WORKER: '3', SCHEDULED_JOBS: 'off' });
    // A machine whose jobs run elsewhere (SCHEDULED_JOBS=off) runs them in none of its processes.
    expect(workerEnv(1, { SCHEDULED_JOBS: 'off' })).toEqual({ API_WORKER: '1', SCHEDULED_JOBS: 'off' });
  });

  it('forks the workers, starts a crashed one again with its number, and stops them all on SIGTERM', () => {
    const mark = path.join(mkdtempSync(path.join(os.tmpdir(), 'tibay-processes-')), 'crashed');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'test/processes-fixture.ts')],
      {
        env: { ...process.env, FIXTURE_CRASH_MARK: mark },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.find((line) => line.startsWith('API process 1 '))).toMatch(/exited \(3\); starting it again/);
    expect(lines.filter((line) => line.startsWith('worker ')).sort()).toEqual([
      'worker 1 jobs on',
      'worker 2 jobs off',
      'worker 3 jobs off',
    ]);
  });

  it('needs PostgreSQL for more than one process', () => {
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(/API_PROCESSES: more than 1 needs DATABASE_URL/);
    expect(loadConfig({ API_PROCESSES: '2', DATABASE_URL: 'postgres://db/tibay' }).API_PROCESSES).toBe(2);
    expect(loadConfig({}).API_PROCESSES).toBe(1);
  });

  it.each([
    ['on', ['expired sessions sweep', 'payment expiry sweep', 'closing stock months', 'mail retry job']],
    ['off', []],
  ])(
    'SCHEDULED_JOBS=%s: the app runs %j',
    async (jobs, names) => {
      // Outside NODE_ENV=test the jobs are on; SMTP_URL gives the mail retry job its transport (never used here).
      const t = await createTestApp({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9', SCHEDULED_JOBS: jobs });
      try {
        await t.app.ready();
        expect([...t.app.scheduledJobs].sort()).toEqual([...names].sort());
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
