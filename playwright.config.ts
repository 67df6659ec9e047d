import { defineConfig } from '@playwright/test';
import type { AppHost } from './e2e/fixtures';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/support/chromium';

// Every simulator the specs start (the browser host in-process, the Electron app's demo) checks its responses
// against the contract (server/index.ts validateResponses); the demo runs without it outside tests. Set here
// because the config is loaded in each worker and the hosts inherit the environment.
process.env.DOCKHAND_VALIDATE_RESPONSES ??= '1';

// Each spec starts its own host (e2e/fixtures.ts): the browser host in-process, or the Electron app.
export default defineConfig<{ appHost: AppHost }>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  // A first sync of the demo data plus an offline → online round trip, on a shared, loaded 2-core machine:
  // a budget against hangs, not a speed check.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    // The desktop app's own settings (printers) have no browser-host counterpart.
    { name: 'browser', use: { appHost: 'browser' }, testIgnore: /\.electron\.spec\.ts$/ },
    // Needs the Electron binary; each test skips itself with the reason where it is missing. Not here: the
    // printouts read back as PDF (Playwright's page.pdf() renders in headless Chromium only), and the two-PC
    // spec, which runs two browser hosts on one simulator whatever the project.
    {
      name: 'electron',
      use: { appHost: 'electron' },
      testIgnore: /(receiptReport|printPurchaseOrder|twoDockPcs)\.spec\.ts$/,
    },
  ],
});
