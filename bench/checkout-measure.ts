import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { children, percentile } from './load-servers.ts';

/**
 * How checkout-load.ts measures a case: back to back with autocannon, or as buyers who pause; each with the CPU
 * the API, PostgreSQL and the load generator used per answer.
 */

/** The run's settings: seconds per case and connections (or buyers). */
export interface Run {
  duration: number;
  connections: number;
}

export interface Result {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  errors: number;
  target?: number;
}

/** CPU seconds used so far by the API server, by each PostgreSQL process (by pid) and by this process (autocannon). */
export function cpuSeconds(): { api: number; postgres: Map<string, number>; load: number } {
  const ticks = (pid: string) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
    } catch {
      return 0;
    }
  };
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres.set(pid, ticks(pid));
    } catch {}
  }
  return { api: ticks(String(children[0]?.pid ?? 0)), postgres, load: ticks(String(process.pid)) };
}

/** CPU seconds between two readings; PostgreSQL processes that ended in between are left out. */
function cpuUsed(before: ReturnType<typeof cpuSeconds>, after: ReturnType<typeof cpuSeconds>) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { api: after.api - before.api, postgres, load: after.load - before.load };
}

/** One request of a case: what autocannon's setupRequest and the buyers' loop both send. */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Case {
  name: string;
  target?: number;
  /** Warm up with 2 s of load first (place order does not: it would use up cart lines). */
  warmUp: boolean;
  next: () => RequestSpec;
}

/** Runs `work`, then prints the CPU milliseconds per answer of the API, PostgreSQL and this process. */
async function withCpu<T>(label: string, work: () => Promise<T & { answers: number }>): Promise<T> {
  const before = cpuSeconds();
  const result = await work();
  const used = cpuUsed(before, cpuSeconds());
  const perAnswer = (key: keyof typeof used) => ((used[key] * 1000) / Math.max(1, result.answers)).toFixed(2);
  console.log(
    `${label}: CPU ms per answer: API ${perAnswer('api')}, PostgreSQL ${perAnswer('postgres')}, load generator ${perAnswer('load')}`,
  );
  return result;
}

function summary(run: Run, name: string, latencies: number[], errors: number, target?: number): Result {
  latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: latencies.length / run.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ok: latencies.length,
    errors,
    ...(target ? { target } : {}),
  };
}

/** Back to back: autocannon keeps every connection busy. */
export async function measureBackToBack(run: Run, base: string, c: Case): Promise<Result> {
  const { connections, duration } = run;
  const options: autocannon.Options = {
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, ...c.next() }) }],
  };
  if (c.warmUp) await autocannon({ ...options, connections, duration: 2 });
  const latencies: number[] = [];
  // BENCH_CONNECTION_RATE=n: each connection sends at most n requests a second (all connections in step).
  const connectionRate = Number(process.env.BENCH_CONNECTION_RATE ?? 0);
  const { errors } = await withCpu(`${c.name}, back to back`, async () => {
    const instance = autocannon({ ...options, connections, duration, ...(connectionRate ? { connectionRate } : {}) });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    const result = await instance;
    return { answers: latencies.length, errors: result.errors + result.timeouts + result.non2xx };
  });
  return summary(run, `${c.name}, back to back`, latencies, errors, c.target);
}

/** Sends one request on the agent's keep-alive connections; resolves with its status once the body is read. */
function send(base: URL, agent: http.Agent, spec: RequestSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method: spec.method, path: spec.path, headers: spec.headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(spec.body);
  });
}

/** An exponentially distributed pause of the given mean: independent buyers' clicks (a Poisson process). */
const pauseOf = (meanMs: number) => -meanMs * Math.log(1 - Math.random());

/**
 * 50 buyers who pause: each buyer has its own keep-alive connection and, for the run's duration, waits a random
 * pause before each request. Latency is from the request's start to its last byte.
 */
export async function measureBuyers(run: Run, base: string, c: Case, meanPauseMs: number): Promise<Result> {
  const { connections, duration } = run;
  const url = new URL(base);
  const name = `${c.name}, 50 buyers pausing ${meanPauseMs} ms on average`;
  const latencies: number[] = [];
  const { errors } = await withCpu(name, async () => {
    let failed = 0;
    const end = performance.now() + duration * 1000;
    const buyer = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (true) {
        await sleep(pauseOf(meanPauseMs));
        if (performance.now() >= end) break;
        const spec = c.next();
        const started = performance.now();
        const status = await send(url, agent, spec).catch(() => 0);
        if (status >= 200 && status < 300) latencies.push(performance.now() - started);
        else failed += 1;
      }
      agent.destroy();
    };
    await Promise.all(Array.from({ length: connections }, buyer));
    return { answers: latencies.length, errors: failed };
  });
  return summary(run, name, latencies, errors, c.target);
}
