/**
 * The store lock (./lock.ts) across real processes: a holder SIGKILLed with the store open leaves a lock
 * file naming its dead pid, and two processes then started together on that directory: exactly one opens the
 * store, the other is refused (the interleavings of one process's steps are in lock.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CHILD = resolve(__dirname, 'testing/lockChild.ts');
const dir = mkdtempSync(join(tmpdir(), 'dockhand-lockprocs-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a contender; resolves with its first line ("won", "locked") and the child. */
function contend(): Promise<{ said: string; child: ChildProcess }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) done({ said: out.trim(), child });
    });
    child.on('exit', (code) => {
      if (!out.includes('\n')) fail(new Error(`contender ended with ${code}: ${err}`));
    });
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });

describe('store lock across processes', () => {
  it('lets exactly one of two processes take the store a SIGKILLed holder left', async () => {
    const holder = await contend();
    expect(holder.said).toBe('won');
    await killed(holder.child);
    // The dead holder's pid is still written there: nothing cleaned up after it.
    expect(readFileSync(join(dir, 'LOCK'), 'utf8').trim()).toBe(String(holder.child.pid));

    const results = await Promise.all([contend(), contend()]);
    expect(results.map((r) => r.said).sort()).toEqual(['locked', 'won']);
  }, 180_000);
});
