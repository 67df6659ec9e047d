/**
 * One process at a time per store directory: two processes writing one store would each trust an outbox the
 * other is changing under it.
 *
 * The lock is the operating system's, not a pid in a file. LOCK_FILE is an empty SQLite database that the
 * owner holds in an exclusive transaction (a POSIX fcntl lock on Linux and macOS, LockFileEx on Windows)
 * for as long as the store is open. The kernel drops that lock the moment the owner's process ends however
 * it ends (SIGKILL, a crash, a power cut), so:
 * - there is no stale lock to take over, hence no takeover two processes could both win: the kernel grants
 *   the lock to one contender and answers SQLITE_BUSY to every other, across processes and between two
 *   connections of one process alike;
 * - nothing depends on a pid, so a pid reused by an unrelated process blocks nothing.
 * LOCK_FILE is never deleted: a process could be waiting on the old file's inode while a third one created a
 * new file, and both would then hold "the" lock.
 *
 * OWNER_FILE only says who holds the lock, for the message a refused process prints; it is written after the
 * lock is taken and never read to decide anything. (Builds before this one used it as the lock itself.)
 */
import Sqlite, { type Database } from 'better-sqlite3';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'dockhand.lock';
export const OWNER_FILE = 'LOCK';

export class StoreLockedError extends Error {
  constructor(
    readonly dir: string,
    /** The owner's pid, as it wrote it (0 when it has not yet or cannot be read). */
    readonly pid: number,
  ) {
    super(`The store in ${dir} is open in ${pid ? `process ${pid}` : 'another process'}`);
    this.name = 'StoreLockedError';
  }
}

function ownerOf(path: string): number {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}

const isBusy = (error: unknown) => (error as { code?: unknown }).code === 'SQLITE_BUSY';

/** Takes the lock (or throws StoreLockedError at once, without waiting); returns its release. */
export function acquireLock(dir: string): () => void {
  // timeout 0: a held lock is answered with SQLITE_BUSY at once, not after better-sqlite3's 5 s of retries.
  const lock: Database = new Sqlite(join(dir, LOCK_FILE), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new StoreLockedError(dir, ownerOf(join(dir, OWNER_FILE)));
    throw error;
  }
  const owner = join(dir, OWNER_FILE);
  try {
    writeFileSync(owner, `${process.pid}\n`);
  } catch (error) {
    lock.close();
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Removed while still holding the lock, so it never names the next owner's process wrongly.
    try {
      unlinkSync(owner);
    } catch {
      // Already gone: it only ever informed.
    }
    lock.close();
  };
}
