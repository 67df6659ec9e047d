/**
 * Chromium with the harness page: Debian's Chromium and the flags of the end-to-end specs
 * (e2e/support/chromium.ts), a profile on disk (IndexedDB on disk, as in the desktop app; the seeded
 * database is reused by the next run), and the built page served by Playwright's routing from a fixed origin,
 * since IndexedDB is per origin and a random port would lose the seeded database every run.
 */
import { join, normalize, sep } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/support/chromium';

const ORIGIN = 'http://receiving.bench.localhost';

export interface Harness {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: any is a harness error. */
  errors: Error[];
}

export async function openHarness(pageDir: string, profileDir: string): Promise<Harness> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    headless: true,
    // A full-HD dock PC: as many rows in view as the screen will ever draw.
    viewport: { width: 1920, height: 1080 },
  });
  await context.route(`${ORIGIN}/**`, (route) => {
    const file = normalize(join(pageDir, new URL(route.request().url()).pathname));
    if (!file.startsWith(pageDir + sep)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`page: ${message.text()}`);
  });
  await page.goto(`${ORIGIN}/index.html`);
  await page.waitForFunction(() => window.bench !== undefined, undefined, { timeout: 30_000 });
  return { context, page, errors };
}
