/**
 * The test servers (decision 0050): one per Playwright worker, each on its own port with its own freshly seeded
 * database, so specs that place orders with the demo buyer never meet another worker's carts and orders.
 * E2E_PORT is the first port (worker i uses E2E_PORT + i); E2E_WORKERS the number of workers and servers.
 * E2E_BASE_URL runs the tests against one server that is already running, with one worker.
 */
export const externalURL = process.env.E2E_BASE_URL;
export const firstPort = Number(process.env.E2E_PORT ?? '3100');
export const serverCount = externalURL ? 1 : Number(process.env.E2E_WORKERS ?? '2');

/** The address of the server that the worker with this parallel index uses. */
export function serverURL(parallelIndex: number): string {
  if (externalURL) return externalURL;
  if (parallelIndex >= serverCount) {
    throw new Error(`Worker ${parallelIndex} has no test server: set E2E_WORKERS instead of --workers.`);
  }
  return `http://127.0.0.1:${firstPort + parallelIndex}`;
}
