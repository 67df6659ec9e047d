/**
 * One `appPage` fixture for every spec: in the `browser` project it is Chromium on the served renderer;
 * in the `electron` project it is the first window of the real app. Specs never know which.
 */
import { test as base, _electron, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { electronBinary, NO_ELECTRON_REASON } from './support/electronBinary';

export type AppHost = 'browser' | 'electron';

export const test = base.extend<{ appHost: AppHost; appPage: Page }>({
  appHost: ['browser', { option: true }],
  appPage: async ({ appHost, page }, use, testInfo) => {
    if (appHost === 'browser') {
      await page.goto('/');
      await use(page);
      return;
    }
    const executablePath = electronBinary();
    testInfo.skip(executablePath === null, NO_ELECTRON_REASON);
    const app = await _electron.launch({
      executablePath: executablePath ?? undefined,
      args: [resolve(import.meta.dirname, '../out/main/index.js')],
    });
    await use(await app.firstWindow());
    await app.close();
  },
});

export { expect } from '@playwright/test';
