// A script for processes.test.ts: forks 3 workers with forkWorkers; each tells the primary its number and its
// SCHEDULED_JOBS; worker 1 exits the first time it starts (a crash), to be started again with the same number.
import cluster from 'node:cluster';
import { existsSync, writeFileSync } from 'node:fs';
import { forkWorkers } from '../processes.ts';

const crashed = process.env.FIXTURE_CRASH_MARK as string;
if (forkWorkers(3, (line) => console.log(line))) {
  const heard: string[] = [];
  cluster.on('message', (_worker, line: string) => {
    heard.push(line);
    console.log(line);
    // Three workers, then worker 1 again after its crash: stop them all as a SIGTERM to the primary would.
    if (heard.length === 3) process.kill(process.pid, 'SIGTERM');
  });
} else {
  const n = process.env.API_WORKER;
  if (n === '1' && !existsSync(crashed)) {
    writeFileSync(crashed, 'crashed once');
    process.exit(3);
  }
  process.send?.(`worker ${n} jobs ${process.env.SCHEDULED_JOBS}`);
  // Serve until stopped (a server would listen here).
  setInterval(() => {}, 1000);
}
