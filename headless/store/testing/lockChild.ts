/**
 * The child of lockProcesses.test.ts: tries to open DIR's file store once and prints "won" (then holds it
 * until killed) or "locked" (then exits).
 *
 * Usage: node --import tsx headless/store/testing/lockChild.ts DIR
 */
import { openFileStore } from '../fileStore';
import { StoreLockedError } from '../lock';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: lockChild.ts DIR');
openFileStore(dir).then(
  () => {
    process.stdout.write('won\n');
    setInterval(() => {}, 1_000_000);
  },
  (error: unknown) => {
    process.stdout.write(error instanceof StoreLockedError ? 'locked\n' : `failed ${String(error)}\n`);
    process.exit(0);
  },
);
