/**
 * Where the Electron binary is, if it was ever downloaded. The `electron` npm package writes
 * `path.txt` after its postinstall download; on our build machines that download is impossible, so the
 * Electron project of the specs is skipped with this reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ELECTRON_PACKAGE = resolve(import.meta.dirname, '../../node_modules/electron');

export function electronBinary(): string | null {
  const pathFile = join(ELECTRON_PACKAGE, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(ELECTRON_PACKAGE, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const NO_ELECTRON_REASON =
  'needs the Electron binary, which cannot be downloaded on this machine (node_modules/electron/dist is missing)';
