import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { externalURL, firstPort, serverCount, serverURL } from './servers.ts';

/**
 * Playwright's global setup: starts the test servers (one per worker, decision 0050) all at once and waits until
 * every one answers; the teardown it returns stops them. Playwright's webServer list started them one after the
 * other, and each spends its start migrating and seeding its own database on one core (decision 0061).
 * Outside CI a server already answering on its port is used as it is, as webServer's reuseExistingServer did.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Two servers seeding at once on a busy 2-core machine: each took up to a few minutes at load 30.
const START_TIMEOUT_MS = Number(process.env.E2E_SERVER_TIMEOUT_MS ?? '420000');

export default async function startServers() {
  if (externalURL) return;
  const started: ChildProcess[] = [];
  const stop = () => Promise.all(started.map(stopServer));
  try {
    await Promise.all(
      Array.from({ length: serverCount }, async (_, index) => {
        const health = `${serverURL(index)}/api/health`;
        if (await answers(health)) {
          if (!process.env.CI) return;
          throw new Error(`${health} already answers: another server holds port ${firstPort + index}.`);
        }
        // Its own process group, so that stopping it also stops the API process it spawns.
        const server = spawn('node', ['scripts/e2e-server.mjs'], {
          cwd: root,
          env: { ...process.env, E2E_PORT: String(firstPort + index) },
          stdio: ['ignore', 'inherit', 'inherit'],
          detached: true,
        });
        started.push(server);
        await untilAnswers(health, server);
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

async function untilAnswers(url: string, server: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (server.exitCode !== null) throw new Error(`The test server for ${url} exited (${server.exitCode}).`);
    if (Date.now() > deadline) throw new Error(`The test server for ${url} did not answer in ${START_TIMEOUT_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM to the server's process group, SIGKILL if it has not exited 10 s later. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
