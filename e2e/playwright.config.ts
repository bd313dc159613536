/**
 * E2E suites in Debian's Chromium (never a downloaded browser) against the real
 * server, started by global-setup.ts on a free port with a temporary DATA_DIR.
 * Run with `npm run test:e2e` (builds dist/ first). CHROMIUM_PATH overrides the browser.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM } from '../scripts/chromium.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Failure screenshots (and traces when asked); E2E_RESULTS_DIR separates two runs at once on one checkout.
  outputDir: process.env.E2E_RESULTS_DIR ?? './test-results',
  globalSetup: './global-setup.ts',
  // Two browsers at once on two cores, beside the server under test (which runs at a higher priority,
  // global-setup.ts); E2E_WORKERS=1 runs one file at a time. Measured: docs/development.md#two-workers.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // 'list' prints each test and the summary line; no HTML report server in CI.
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // No trace unless asked (`npx playwright test ... --trace retain-on-failure`): recording one for
    // every test, kept only on failure, took a third of the suite's time (its screencast alone a
    // fourth: frames drawn, encoded and sent to the worker), and a CI run's traces are never opened.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
});
