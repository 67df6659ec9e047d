/**
 * One process at a time per store directory: two processes replaying the same journal into two private
 * in-memory databases and appending to it would each lose the other's writes. The lock is a file holding the
 * owner's pid; a lock whose process is gone (a SIGKILLed worker) is stale and taken over.
 */
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class StoreLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The store in ${dir} is open in process ${pid}`);
    this.name = 'StoreLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; only ESRCH proves it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock (or throws StoreLockedError); returns its release. */
export function acquireLock(dir: string): () => void {
  const path = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (ownerOf(path) === process.pid) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(path);
      if (owner === undefined) {
        // No pid yet: another process may be between creating and writing it. Only an old one is stale.
        if (Date.now() - statSync(path).mtimeMs < 2_000) throw new StoreLockedError(dir, 0);
      } else if (owner === process.pid || isAlive(owner)) throw new StoreLockedError(dir, owner);
      unlinkSync(path);
    }
  }
  throw new Error(`Could not take the lock in ${dir}`);
}
