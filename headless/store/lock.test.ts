/**
 * The store directory's lock (./lock.ts): a second opener is refused; a lock left by a process that is gone,
 * or naming a pid an unrelated live process now has, does not block; and a contender arriving at any step
 * of another's acquisition of a lock left behind cannot win it too. The same rules across real processes, a
 * SIGKILLed holder included, are in lockProcesses.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Runs `onStep` (once it is set) at each file operation the lock module makes, before the operation. */
const hook: { onStep?: () => void } = {};
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const stepped =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      const step = hook.onStep;
      step?.();
      return fn(...args);
    };
  return {
    ...real,
    readFileSync: stepped(real.readFileSync),
    writeFileSync: stepped(real.writeFileSync),
    unlinkSync: stepped(real.unlinkSync),
    statSync: stepped(real.statSync),
    renameSync: stepped(real.renameSync),
    openSync: stepped(real.openSync),
  };
});
const { acquireLock, StoreLockedError } = await import('./lock');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  hook.onStep = undefined;
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function freshDir() {
  const dir = fs.mkdtempSync(join(tmpdir(), 'dockhand-lock-'));
  dirs.push(dir);
  return dir;
}

/** A lock file as a process that is gone left it (pid 2147483646 is above any real pid). */
function leftBehind(dir: string) {
  fs.writeFileSync(join(dir, 'LOCK'), '2147483646\n');
}

type Attempt = { release: () => void } | { refused: unknown };
function attempt(dir: string): Attempt {
  try {
    return { release: acquireLock(dir) };
  } catch (refused) {
    return { refused };
  }
}

describe('store lock', () => {
  it('refuses a second opener until the first releases', () => {
    const dir = freshDir();
    const release = acquireLock(dir);
    expect(() => acquireLock(dir)).toThrow(StoreLockedError);
    release();
    acquireLock(dir)();
  });

  it('is not blocked by a lock naming a live process that does not hold it (a reused pid)', async () => {
    const dir = freshDir();
    // Alive for the whole test and unrelated to any store: what a reused pid looks like.
    const bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' });
    children.push(bystander);
    await new Promise((resolve) => bystander.once('spawn', resolve));
    fs.writeFileSync(join(dir, 'LOCK'), `${bystander.pid}\n`);
    const release = acquireLock(dir);
    release();
    // Nor by one naming this very process, which a pid reused after a reboot can also be.
    fs.writeFileSync(join(dir, 'LOCK'), `${process.pid}\n`);
    acquireLock(dir)();
  });

  it('lets exactly one of two contenders take a lock left behind, whatever step the second comes in at', () => {
    // Step k: the second contender makes its whole attempt just before the first's k-th file operation;
    // the last round (no file operation left to come in at) makes it after the first's attempt.
    for (let k = 1; ; k++) {
      const dir = freshDir();
      leftBehind(dir);
      let steps = 0;
      let second: Attempt | undefined;
      hook.onStep = () => {
        steps += 1;
        if (steps !== k) return;
        hook.onStep = undefined;
        second = attempt(dir);
      };
      const first = attempt(dir);
      hook.onStep = undefined;
      const cameInDuring = second !== undefined;
      second ??= attempt(dir);
      const winners = [first, second].filter((a) => 'release' in a);
      expect(winners, `second contender at step ${k}`).toHaveLength(1);
      for (const loser of [first, second].filter((a) => 'refused' in a))
        expect((loser as { refused: unknown }).refused).toBeInstanceOf(StoreLockedError);
      for (const winner of winners) (winner as { release: () => void }).release();
      if (!cameInDuring) break;
    }
  });
});
