/**
 * SIGKILL at random moments: a child commits transactions as fast as it can (testing/crashChild.ts) and is
 * killed mid-stream, several times over the same directory. After each kill the reopened store must hold exactly a prefix of the
 * transactions, every one of them whole, and at least every one the child was told had committed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileStore } from './fileStore';

const ROWS = 5;
const CHILD = resolve(__dirname, 'testing/crashChild.ts');
const dir = mkdtempSync(join(tmpdir(), 'dockhand-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the child until it has reported `commits` more commits, then SIGKILLs it; answers the last reported. */
function runAndKill(commits: number, delayMs: number): Promise<{ opened: number; reported: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let opened = -1;
    let reported = -1;
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('open ')) opened = Number(line.slice(5));
        else reported = Number(line);
        if (opened >= 0 && reported >= opened + commits) setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') fail(new Error(`child ended with ${code}: ${stderr}`));
      else done({ opened, reported });
    });
  });
}

describe('file store under SIGKILL', () => {
  it('reopens with exactly a prefix of whole transactions, every reported one included', async () => {
    let previous = 0;
    for (const [commits, delayMs] of [
      [30, 0],
      [200, 3],
      [80, 1],
      [400, 0],
      [150, 7],
    ] as const) {
      const { opened, reported } = await runAndKill(commits, delayMs);
      expect(opened).toBe(previous);

      const store = await openFileStore(dir);
      const rows = await store.db.meta.toArray();
      await store.close();
      const counter = rows.find((row) => row.key === 'counter')?.value as number;
      expect(counter).toBeGreaterThanOrEqual(reported);
      const txRows = new Map(rows.filter((row) => row.key.startsWith('tx-')).map((row) => [row.key, row]));
      expect(txRows.size).toBe(counter * ROWS);
      for (let n = 1; n <= counter; n++) {
        for (let k = 0; k < ROWS; k++) {
          const row = txRows.get(`tx-${n}-${k}`);
          expect(row?.value).toMatchObject({ n, k, nested: [[n], [k, undefined]] });
          expect((row?.value as { at: unknown }).at).toBeInstanceOf(Date);
        }
      }
      expect(rows.filter((row) => row.key.startsWith('scratch-')).map((row) => row.key)).toEqual([
        `scratch-${counter}`,
      ]);
      previous = counter;
    }
    // Five children each load tsx and the store; on a loaded two-core machine that alone can take a minute.
    // The bound only stops a hung child from hanging the suite: nothing here measures time.
  }, 240_000);
});
