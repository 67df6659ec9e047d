/**
 * Builds the sync benchmark's page (./page) with Vite and the app's Svelte set-up, into a folder outside the
 * repository's build outputs, as ../receiving/build.ts does for its page (that one is fixed to its own root);
 * and the app's renderer as electron.vite.config.ts builds it, for the browser host of the initial sync, into
 * the benchmark's folder too (unminified with source maps for --profile).
 */
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const REPO = resolve(import.meta.dirname, '../..');
const PAGE = resolve(import.meta.dirname, 'page');

/** Unminified with source maps for a CPU profile (--profile): names stay readable and map to files. */
export async function buildSyncPage(outDir: string, options: { minify: boolean }): Promise<void> {
  await build({
    configFile: false,
    root: PAGE,
    base: './',
    logLevel: 'warn',
    plugins: [svelte({ configFile: resolve(REPO, 'svelte.config.js') })],
    build: { outDir, emptyOutDir: true, minify: options.minify, sourcemap: !options.minify },
  });
}

export async function buildRenderer(outDir: string, options: { minify: boolean }): Promise<void> {
  await build({
    configFile: false,
    root: REPO,
    base: './',
    logLevel: 'warn',
    plugins: [svelte({ configFile: resolve(REPO, 'svelte.config.js') })],
    build: {
      outDir,
      emptyOutDir: true,
      minify: options.minify,
      sourcemap: !options.minify,
      rollupOptions: { input: { index: resolve(REPO, 'index.html') } },
    },
  });
}
