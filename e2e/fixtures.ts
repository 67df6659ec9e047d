/**
 * One `app` fixture for every spec. In the `browser` project it starts the browser host in this process
 * (its own temp data dir, demo simulator with its control on) and opens it in Chromium; in the `electron`
 * project it launches the real app with the same settings through environment variables. Specs drive the
 * page and the simulator through the same handle and never know which host they are in.
 */
import { test as base, _electron, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { startBrowserHost, type BrowserHost } from '../electron/core/browserHost/host';
import { startDemoSimulator, type Simulator } from '../electron/core/browserHost/simulator';
import { electronBinary, NO_ELECTRON_REASON } from './support/electronBinary';
import { controlPortHandle, inProcessHandle, type SimulatorHandle } from './support/simulatorHandle';

export type AppHost = 'browser' | 'electron';

export interface AppUnderTest {
  page: Page;
  host: AppHost;
  /** The demo simulator, once the app has started it ("Try with demo data"). */
  simulator(): Promise<SimulatorHandle>;
  /** Every console line the renderer printed so far. */
  consoleLines: string[];
  /** Runs `action` and answers the file it downloads: a Playwright download in the browser, the file the
   * Electron app saved under the e2e control (its dialog cannot be answered from a test). */
  download(action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }>;
  /** The browser host's engine settings: quick reconnects so offline → online specs stay short. */
}

/** Reconnect and re-pull quickly: the specs wait for the engine to notice the simulator coming back. */
const FAST_ENGINE = { probeBackoff: { baseMs: 200, capMs: 1000 } };

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const recordConsole = (lines: string[]) => (message: ConsoleMessage) => {
  lines.push(`${message.type()}: ${message.text()}`);
};

export const test = base.extend<{ appHost: AppHost; app: AppUnderTest }>({
  appHost: ['browser', { option: true }],
  app: async ({ appHost, page }, use, testInfo) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dockhand-e2e-'));
    const consoleLines: string[] = [];
    try {
      if (appHost === 'browser') {
        const host = await startBrowserHost({
          port: 0,
          dataDir,
          demoControl: true,
          engine: FAST_ENGINE,
        });
        try {
          page.on('console', recordConsole(consoleLines));
          await page.goto(host.url);
          await use({
            page,
            host: appHost,
            consoleLines,
            simulator: async () =>
              inProcessHandle(await waitFor(() => host.bridge.demoSimulator(), 'the demo simulator')),
            download: async (action) => {
              const downloading = page.waitForEvent('download');
              await action();
              const download = await downloading;
              return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
            },
          });
        } finally {
          await host.stop();
        }
        return;
      }
      const executablePath = electronBinary();
      testInfo.skip(executablePath === null, NO_ELECTRON_REASON);
      const app = await _electron.launch({
        executablePath: executablePath ?? undefined,
        args: [resolve(import.meta.dirname, '../out/main/index.js')],
        env: { ...process.env, DOCKHAND_DEMO_CONTROL: '1', DOCKHAND_USER_DATA: dataDir },
      });
      let controlUrl: string | undefined;
      const downloaded: string[] = [];
      app.process().stdout?.on('data', (chunk: Buffer) => {
        const match = /DOCKHAND_SIM_CONTROL (\S+)/.exec(chunk.toString());
        if (match) controlUrl = match[1];
        for (const line of chunk.toString().matchAll(/DOCKHAND_DOWNLOADED (\S+) (.+)/g)) {
          downloaded.push(line[1] === 'completed' ? line[2]!.trim() : `failed: ${line[1]}`);
        }
      });
      try {
        const window = await app.firstWindow();
        window.on('console', recordConsole(consoleLines));
        await use({
          page: window,
          host: appHost,
          consoleLines,
          simulator: async () => controlPortHandle(await waitFor(() => controlUrl, 'the control URL')),
          download: async (action) => {
            const before = downloaded.length;
            await action();
            const path = await waitFor(() => downloaded[before], 'the download');
            if (path.startsWith('failed: ')) throw new Error(`The download ended ${path.slice(8)}`);
            return { name: basename(path), bytes: await readFile(path) };
          },
        });
      } finally {
        await app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

/**
 * Several dock PCs on one back office (e2e/twoDockPcs.spec.ts): a browser host per PC with its own data dir,
 * each opened in a browser context of its own (another origin too, so its own IndexedDB), whose demos all
 * start on ONE simulator: the first demo starts it, the others are handed the same one.
 */
export async function openPcsOnOneSimulator(
  browser: Browser,
  count: number,
): Promise<{ pages: Page[]; simulator(): Promise<SimulatorHandle>; close(): Promise<void> }> {
  let shared: Promise<Simulator> | undefined;
  // Each host stops its demo when it stops: hosts get a copy whose stop does nothing; `close` stops it once.
  const startSimulator = async (options: Parameters<typeof startDemoSimulator>[0]) => ({
    ...(await (shared ??= startDemoSimulator(options))),
    stop: async () => {},
  });
  const dirs: string[] = [];
  const hosts: BrowserHost[] = [];
  const pages: Page[] = [];
  const close = async () => {
    await Promise.all(pages.map((page) => page.context().close()));
    await Promise.all(hosts.map((host) => host.stop()));
    await (await shared)?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  try {
    for (let i = 0; i < count; i++) {
      dirs.push(await mkdtemp(join(tmpdir(), `dockhand-e2e-pc${i + 1}-`)));
      const host = await startBrowserHost({
        port: 0,
        dataDir: dirs[i]!,
        demoControl: true,
        engine: FAST_ENGINE,
        startSimulator,
      });
      hosts.push(host);
      const page = await (await browser.newContext()).newPage();
      pages.push(page);
      await page.goto(host.url);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    pages,
    simulator: async () => inProcessHandle(await waitFor(() => shared, 'the shared simulator')),
    close,
  };
}

export { expect } from '@playwright/test';
