/**
 * The sync benchmark's two builds, by ../receiving/build.ts: its own page (./page), and the app's renderer as
 * electron.vite.config.ts builds it (index.html), for the browser host of the initial sync.
 */
import { resolve } from 'node:path';
import { buildPage } from '../receiving/build';

const REPO = resolve(import.meta.dirname, '../..');
const PAGE = resolve(import.meta.dirname, 'page');

export function buildSyncPage(outDir: string, options: { minify: boolean }): Promise<void> {
  return buildPage(PAGE, outDir, options);
}

export function buildRenderer(outDir: string, options: { minify: boolean }): Promise<void> {
  return buildPage(REPO, outDir, { ...options, input: { index: resolve(REPO, 'index.html') } });
}
