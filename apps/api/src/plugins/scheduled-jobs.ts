import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The names of the scheduled jobs this process runs (started once the app is ready). */
    scheduledJobs: string[];
  }
}

export interface ScheduledJob {
  /** Named in the log when a run fails, and in app.scheduledJobs. */
  name: string;
  /** Time between runs; 0 turns the job off. */
  everyMs: number;
  /** The first run this long after the app is ready (else after everyMs). */
  firstAfterMs?: number;
  /** One run; a run still going when the next is due is not started twice. Its errors are logged. */
  run: () => Promise<unknown>;
}

/**
 * A job that runs on a timer in the background (expiring unpaid orders, deleting old sessions, closing stock
 * months, retrying mail). With API_PROCESSES > 1 every process builds the same app, but these jobs must run in one
 * process only (decision 0060): SCHEDULED_JOBS=off (which server.ts sets for every process but the first) leaves
 * them out. The timers are unref'd (they never keep the process alive) and stop when the app closes.
 */
export function scheduleJob(app: FastifyInstance, job: ScheduledJob): void {
  if (app.config.SCHEDULED_JOBS === 'off' || !(job.everyMs > 0)) return;
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job
      .run()
      .catch((error) => app.log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    // buildApp decorates it; a module registered on its own (a test's bare Fastify) runs its job all the same.
    if (app.hasDecorator('scheduledJobs')) app.scheduledJobs.push(job.name);
    if (job.firstAfterMs !== undefined) timers.push(setTimeout(tick, job.firstAfterMs).unref());
    timers.push(setInterval(tick, job.everyMs).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
