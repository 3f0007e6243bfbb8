import { defineConfig, devices } from '@playwright/test';

const ci = Boolean(process.env.CI);
const port = process.env.E2E_PORT ?? '3100';
/** E2E_BASE_URL runs the tests against a server that is already running (no webServer is started). */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;

/** Browser tests: Debian's Chromium against the built web app served by the API on a fresh seeded database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: ci,
  // One worker: several specs place orders with the demo buyer, and order again replaces its whole cart.
  workers: 1,
  retries: ci ? 1 : 0,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1366, height: 900 } },
    },
    {
      // Phone width: only the tests tagged @phone, to keep CI fast.
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        cwd: '..',
        url: `${baseURL}/api/health`,
        timeout: 180_000,
        reuseExistingServer: !ci,
        stdout: 'pipe',
        stderr: 'pipe',
        env: { E2E_PORT: port },
      },
  outputDir: '../.tmp/e2e-results',
});
