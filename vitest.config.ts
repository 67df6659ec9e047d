import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/support/chromium';

/**
 * Two projects. `unit`: every unit test runs in Node; none imports `electron`; Dexie tests use
 * fake-indexeddb. `components`: the shared Svelte components (`*.browser.test.svelte.ts`) mounted in real Chromium
 * (Vitest browser mode, the same system Chromium the end-to-end specs use), so layout, focus, keyboard and
 * <dialog> behave as in the app; a DOM emulation has no layout, and a virtual list is nothing without one.
 */
const executablePath = chromiumExecutable();

export default defineConfig({
  test: {
    // A budget against hangs, not a speed check: the ordering tests against the simulator (a whole first sync
    // plus a hang guard of 10 s) took 17–19 s each at load 10 on 2 cores, where 20 s timed them out.
    testTimeout: 60_000,
    // How long `expect.poll` and the components' `expect.element` wait for an outcome (default 1 s): also a
    // budget, not a speed check. A list re-read after a write took over 1 s at load 13 on 2 cores, and the
    // assertion waits for the outcome, never for a time.
    expect: { poll: { timeout: 15_000 } },
    // Failure screenshots of the component tests, with the other test output (ignored by git).
    attachmentsDir: 'test-results/vitest-attachments',
    // Every simulator a test starts (in this process or a child) checks its responses against the contract
    // (server/index.ts validateResponses); the demo and `npm run api` run without it.
    env: { DOCKHAND_VALIDATE_RESPONSES: '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Vitest's default is one worker less than the cores: one on these 2-core machines. Most unit tests
          // spend their time waiting on a simulator over loopback HTTP, timers and SQLite, so two files at a
          // time keep both cores busy: the run took 104 s instead of 183 s on a quiet machine. Not the
          // component tests: two of their files at once share one browser, and the page in the background
          // is throttled (a virtual list there did not scroll in time).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Projects with their own worker counts run as groups, one after the other.
          sequence: { groupOrder: 0 },
          include: [
            'src/**/*.test.ts',
            'electron/**/*.test.ts',
            'server/**/*.test.ts',
            'headless/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'src/**/*.browser.test.svelte.ts'],
        },
      },
      {
        extends: true,
        plugins: [svelte()],
        // Pre-bundled before the first test: found mid-run, Vite reloads the page and the run can flake.
        optimizeDeps: { include: ['zod', 'dexie', 'papaparse', 'bwip-js', '@zxing/library'] },
        test: {
          name: 'components',
          sequence: { groupOrder: 1 },
          include: ['src/**/*.browser.test.svelte.ts'],
          browser: {
            enabled: true,
            headless: true,
            // A failing test's screenshot goes with the other test output, never beside the sources.
            screenshotDirectory: 'test-results/components',
            provider: playwright({
              launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
