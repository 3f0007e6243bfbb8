import cluster, { type Worker } from 'node:cluster';

/**
 * API_PROCESSES (decision 0060): one Node process uses one core. With count > 1 the process started (the primary)
 * forks `count` workers that run the same script: each builds the whole app and listens on the same port, and
 * node:cluster hands each new connection to the next worker in turn. Everything a request needs either lives in
 * PostgreSQL or is a per-process copy kept in step (the search index, chat streams: LISTEN/NOTIFY) or a short
 * per-process cache (sessions, synonyms, the guests' micro-cache); the scheduled jobs must run once, so every worker
 * but the first gets SCHEDULED_JOBS=off (workerEnv).
 */

/** The environment of worker `n` (1-based): which one it is, and the scheduled jobs in the first only. */
export function workerEnv(n: number, env: Record<string, string | undefined>): Record<string, string> {
  const jobs = n === 1 ? (env.SCHEDULED_JOBS ?? 'on') : 'off';
  return { API_WORKER: String(n), SCHEDULED_JOBS: jobs };
}

/**
 * In the primary with count > 1: forks the workers (a worker that dies is started again with the same number, so the
 * jobs keep one home), stops them with SIGTERM on SIGINT or SIGTERM and exits when they have all stopped; returns true and the
 * caller does nothing more. In a worker, or with count 1: returns false and the caller serves.
 */
export function forkWorkers(count: number, log: (line: string) => void = console.log): boolean {
  if (count <= 1 || !cluster.isPrimary) return false;
  let stopping = false;
  const numbers = new Map<Worker, number>();
  const fork = (n: number) => {
    const worker = cluster.fork(workerEnv(n, process.env));
    numbers.set(worker, n);
  };
  for (let n = 1; n <= count; n++) fork(n);
  cluster.on('exit', (worker, code, signal) => {
    const n = numbers.get(worker) ?? 0;
    numbers.delete(worker);
    if (stopping) {
      if (numbers.size === 0) process.exit(0);
      return;
    }
    log(`API process ${n} (pid ${worker.process.pid}) exited (${signal ?? code}); starting it again`);
    // Not in a tight loop when it fails at start (a database that is down).
    setTimeout(() => fork(n), 1000);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      // SIGTERM to each: a Ctrl-C in a terminal has already sent the workers SIGINT, and a second SIGINT would end
      // a worker before its graceful close; its SIGTERM handler closes the same way.
      for (const worker of numbers.keys()) worker.process.kill('SIGTERM');
      if (numbers.size === 0) process.exit(0);
    });
  }
  return true;
}
