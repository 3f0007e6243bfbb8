/**
 * What the load benchmarks (bench/load.ts, bench/checkout-load.ts) share: starting and stopping the servers of
 * bench/load-server.ts as child processes (so the load generator does not share their event loop), and percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** Every server started, so a failed run can stop them all. */
export const children: ChildProcess[] = [];

/**
 * Starts bench/load-server.ts and resolves once it listens. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each
 * server there when it stops (open it in Chrome DevTools).
 */
export function startServer(
  mode: 'app' | 'bare',
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess & { pids: number[] }> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // --expose-gc: the server collects garbage before it reports its memory (index-ready).
    const args = [...profile, '--expose-gc', '--import', 'tsx', path.join(here, 'load-server.ts'), mode, String(port)];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // BENCH_PROCESSES > 1: the processes that serve are the server's workers (it prints their pids first).
      const workers = /^pids ([\d,]+)$/m.exec(output)?.[1];
      const pids = [child.pid!, ...(workers ? workers.split(',').map(Number) : [])];
      if (output.includes(`listening ${port}`)) resolve(Object.assign(child, { pids }));
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}: ${output}`)));
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
