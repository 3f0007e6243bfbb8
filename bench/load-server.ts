/**
 * A server for the load benchmark (bench/load.ts starts it as a child process, so autocannon and the server
 * do not share an event loop).
 *
 *   tsx bench/load-server.ts app  <port>   the whole API (buildApp) on BENCH_DATABASE_URL, or on the PGlite
 *                                          folder BENCH_DATA_DIR when no URL is given; BENCH_CACHE_MS turns
 *                                          the discovery micro-cache on
 *   tsx bench/load-server.ts bare <port>   a bare Fastify instance with one route returning a small JSON
 *
 * Prints `listening <port>` once ready. Request logging is off in both (the API logs every request in
 * production; at these rates pino would add a few per cent). BENCH_PROCESSES=N (decision 0060) serves from N
 * processes on the port as server.ts does with API_PROCESSES: this process forks them and prints `pids <list>`
 * (theirs, for their CPU time), `listening <port>` once all listen and `index-ready ...` once all have their index.
 */
import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { searchIndexOf } from '../apps/api/src/modules/catalog/index.ts';
import { forkWorkers } from '../apps/api/src/processes.ts';

const [mode, portText] = process.argv.slice(2);
const port = Number(portText);
if ((mode !== 'app' && mode !== 'bare') || !Number.isInteger(port)) {
  console.error('Usage: tsx bench/load-server.ts app|bare <port>');
  process.exit(2);
}

const processes = Number(process.env.BENCH_PROCESSES ?? 1);
/** A worker's lines go to the primary, which prints them once every worker has said them. */
const say = (line: string) => (cluster.isWorker ? process.send?.(line) : console.log(line));
let close: () => Promise<void> = async () => {};
if (forkWorkers(processes, () => {})) {
  const heard = new Map<string, string[]>();
  cluster.on('message', (_worker, line: string) => {
    const kind = line.split(' ')[0] as string;
    const lines = [...(heard.get(kind) ?? []), line];
    heard.set(kind, lines);
    if (lines.length < processes) return;
    if (kind === 'listening') console.log(`pids ${Object.values(cluster.workers ?? {}).map((w) => w?.process.pid)}`);
    console.log(kind === 'index-ready' ? `${lines.at(-1)} (the last of ${processes} processes)` : line);
  });
} else if (mode === 'bare') {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true, name: 'Portland Cement 40kg', price: 26000 }));
  await bare.listen({ port, host: '127.0.0.1' });
  close = () => bare.close();
} else {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR ?? '/tmp/tibay-bench-pglite';
  const database = await openDatabase({ url, dataDir });
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO: 'off',
    // Production needs an explicit gateway and its own webhook secret (decision 0019).
    PAYMENT_GATEWAY: 'sandbox',
    SANDBOX_GATEWAY_SECRET: 'bench-sandbox-gateway-secret-0123',
    // Thousands of buyers' requests a second come from this one address: the limiters still run, never refuse.
    WRITE_RATE_LIMIT_PER_USER: '1000000',
    WRITE_RATE_LIMIT_PER_IP: '1000000',
    GUESS_RATE_LIMIT_PER_USER: '1000000',
    GUESS_RATE_LIMIT_PER_IP: '1000000',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    // BENCH_PROCESSES > 1: the jobs in the first process only, as server.ts does (processes.ts workerEnv).
    SCHEDULED_JOBS: process.env.SCHEDULED_JOBS,
  });
  const discoveryCacheMs = Number(process.env.BENCH_CACHE_MS ?? 0);
  const app = await buildApp({ config, database, logger: false, discoveryCacheMs });
  await app.listen({ port, host: '127.0.0.1' });
  // The app's db plugin closes the database when the app closes.
  close = () => app.close();
  // The in-memory search index (decision 0043) builds in the background: say when it is ready, and the memory.
  const keeper = searchIndexOf(app);
  if (keeper) {
    // The event loop's delays while the index is built: does the build stall the other requests?
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    void (async () => {
      while (!(await keeper.current())) await new Promise((resolve) => setTimeout(resolve, 50));
      globalThis.gc?.();
      const mb = (bytes: number) => Math.round(bytes / 1048576);
      const cpu = process.cpuUsage(); // the process's CPU time since it started (load-independent)
      loopDelay.disable();
      const delay = `loop delay p50 ${Math.round(loopDelay.percentile(50) / 1e6)} / p99 ${Math.round(loopDelay.percentile(99) / 1e6)} / max ${Math.round(loopDelay.max / 1e6)} ms`;
      say(
        `index-ready ${Math.round(performance.now())} ms after start, build ${keeper.timing.ready - keeper.timing.started} ms (warm-up ${keeper.timing.warming} ms), rss ${mb(process.memoryUsage().rss)} MB, heap ${mb(process.memoryUsage().heapUsed)} MB, buffers ${mb(process.memoryUsage().arrayBuffers)} MB, cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms, ${delay}`,
      );
    })();
  }
}
if (!cluster.isPrimary || processes <= 1) {
  say(`listening ${port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await close();
      process.exit(0);
    });
  }
}
