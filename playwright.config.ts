import { defineConfig } from '@playwright/test';
import type { AppHost } from './e2e/fixtures';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/support/chromium';

const RENDERER_PORT = 4599;

export default defineConfig<{ appHost: AppHost }>({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env['CI'] ? 'list' : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${RENDERER_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser', use: { appHost: 'browser' } },
    // Needs the Electron binary; each test skips itself with the reason where it is missing.
    { name: 'electron', use: { appHost: 'electron' } },
  ],
  webServer: {
    command: `tsx e2e/support/serveRenderer.ts ${RENDERER_PORT}`,
    url: `http://127.0.0.1:${RENDERER_PORT}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 30_000,
  },
});
