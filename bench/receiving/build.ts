/**
 * Builds a benchmark's page with Vite and the app's Svelte set-up (svelte.config.js), as a production build
 * like out/renderer, but into a folder of its own outside the repository's build outputs: the app's bundle
 * (electron.vite.config.ts builds index.html only) and the packaged app (electron-builder.yml takes out/**)
 * never contain it. Every bench's page is built here (bench/sync's too).
 */
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const REPO = resolve(import.meta.dirname, '../..');
const PAGE = resolve(import.meta.dirname, 'page');

/**
 * The page whose index.html is in `root` (or the named `input` pages), into `outDir`. Unminified with source
 * maps for a CPU profile (--profile): names stay readable and map to files.
 */
export async function buildPage(
  root: string,
  outDir: string,
  options: { minify: boolean; input?: Record<string, string> },
): Promise<void> {
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    plugins: [svelte({ configFile: resolve(REPO, 'svelte.config.js') })],
    build: {
      outDir,
      emptyOutDir: true,
      minify: options.minify,
      sourcemap: !options.minify,
      ...(options.input ? { rollupOptions: { input: options.input } } : {}),
    },
  });
}

/** The receiving harness page (./page). */
export function buildHarness(outDir: string, options: { minify: boolean }): Promise<void> {
  return buildPage(PAGE, outDir, options);
}
