/**
 * `npm run sync` on a data folder it cannot trust (./storeRefusal.ts): refused in words with exit 5 and no
 * stack trace, before any request; carried on with --accept-store-loss, which is printed and recorded; exit
 * 6 when another sync has the folder open. The API is a closed port on this computer: a run that got past
 * the store ends "API unreachable" (exit 3), so no simulator is needed.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../electron/core/flags/parseFlags';
import { openFileStore } from '../store';
import { queueEdits } from '../store/testing/outboxChild';
import { EXIT_STORE_IN_USE, EXIT_STORE_UNTRUSTED } from './storeRefusal';
import { runSync } from './sync';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function sync(dir: string, ...extra: string[]) {
  const lines: string[] = [];
  const args = ['--base-url', 'http://127.0.0.1:9/v2.1', '--data', dir, '--once', ...extra];
  const code = await runSync(args, {
    env: { DOCKHAND_API_KEY: 'refusal-test-key' },
    write: (line) => lines.push(line),
    offlineGraceMs: 0,
    progressMs: 10,
  });
  return { code, output: lines.join('\n') };
}

/** Three edits queued, the store closed, then its database file deleted. */
async function storeMissingItsFile(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'dockhand-refusal-'));
  dirs.push(dir);
  const store = await openFileStore(dir);
  await queueEdits(store.db, 0, 3);
  await store.close();
  unlinkSync(join(dir, 'dockhand.sqlite'));
  return dir;
}

describe('npm run sync on a store it cannot trust', () => {
  it('refuses in words with exit 5, and carries on only with --accept-store-loss, recording it', async () => {
    const dir = await storeMissingItsFile();
    const refused = await sync(dir);
    expect(refused.code).toBe(EXIT_STORE_UNTRUSTED);
    expect(refused.output).toMatch(
      /^Not syncing: 3 edits made on this PC since .+ are missing from this PC's data/,
    );
    expect(refused.output).toContain('Nothing was sent.');
    expect(refused.output).toContain('--accept-store-loss');
    // Never got as far as the API, and no stack trace.
    expect(refused.output).not.toMatch(/unreachable|\n\s+at /);

    const accepted = await sync(dir, '--accept-store-loss');
    expect(accepted.output).toMatch(/^Loss accepted \(--accept-store-loss\), and recorded: 3 edits made/);
    expect(accepted.code).toBe(EXIT.credentials);
    expect(accepted.output).toMatch(/unreachable/);

    // Accepted once: the next run opens the store without the flag and without a word about it.
    const after = await sync(dir);
    expect(after.code).toBe(EXIT.credentials);
    expect(after.output).not.toMatch(/Not syncing|Loss accepted/);
  });

  it('exits 6 when another sync has the data open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dockhand-refusal-'));
    dirs.push(dir);
    const other = await openFileStore(dir);
    try {
      const { code, output } = await sync(dir);
      expect(code).toBe(EXIT_STORE_IN_USE);
      expect(output).toBe(
        `Not syncing: this PC's data in ${dir} is in use by another sync (process ${process.pid}). ` +
          'Let it finish or stop it, then run again.',
      );
    } finally {
      await other.close();
    }
  });
});
