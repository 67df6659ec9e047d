/**
 * The outbox's high-water mark, kept outside the database so that a torn, damaged or missing write-ahead
 * log (or a missing database) cannot take it along with the edits it counts.
 *
 * Two counters live in the database, in the same SQLite transaction as the change they count: the outbox's
 * key generator (the highest op seq ever handed out: every edit made on this PC), saved by
 * ./sqliteTransactions.ts, and CHANGES, bumped by a trigger on every row the outbox gains, changes or loses
 * (a state moving to sending or done included). After every commit that changed the outbox, and before Dexie
 * reports it, MARK_FILE is replaced by a copy of both (written, fsynced when an edit was made, then renamed
 * over the old one, so it is always one whole mark). The mark can lag the database (a process killed between
 * the COMMIT and the rename) but never lead it; so a database found behind its mark at open has lost
 * committed outbox changes.
 */
import type { Database } from 'better-sqlite3';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const MARK_FILE = 'outbox-mark.json';

const OUTBOX_TABLE = '"store/outbox"';
const SEQ = 'keyGenerator/outbox';
const CHANGES = 'outbox/changes';
const CHANGED_AT = 'outbox/changedAt';

/** The outbox as the database has it. */
export interface OutboxState {
  /** The highest op seq handed out (0: none yet). */
  seq: number;
  /** Rows the outbox has gained, changed or lost, ever. */
  changes: number;
  /** When the last of those changes was committed (ISO), if any. */
  changedAt?: string;
}

const OutboxMarkSchema = z.strictObject({
  version: z.literal(1),
  seq: z.number().int().nonnegative(),
  changes: z.number().int().nonnegative(),
  changedAt: z.iso.datetime().optional(),
  /** When this store's first mark was written: what "since" means when nothing at all is left. */
  createdAt: z.iso.datetime(),
});
export type OutboxMark = z.infer<typeof OutboxMarkSchema>;

export type MarkRead = { kind: 'absent' } | { kind: 'ok'; mark: OutboxMark } | { kind: 'unreadable' };

export function readMark(dir: string): MarkRead {
  let text: string;
  try {
    text = readFileSync(join(dir, MARK_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw error;
  }
  try {
    const parsed = OutboxMarkSchema.safeParse(JSON.parse(text));
    return parsed.success ? { kind: 'ok', mark: parsed.data } : { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
}

/**
 * Replaces the mark whole: a crash leaves the old one or the new one, never a part. `fsync`: the bytes reach
 * the disk before the rename, so a power cut cannot leave a renamed but empty mark. It costs one disk flush
 * (17 ms each at load 22), so it is asked for when an edit is made (the seq grows), not for the far more
 * frequent changes of state while sending: a lost unsynced mark is an older one, which is safe, and on
 * file systems that do not flush a file renamed over another one an empty mark makes the next open refuse
 * the store as unverifiable, never accept a loss.
 */
export function writeMark(dir: string, mark: OutboxMark, fsync = true): void {
  const path = join(dir, MARK_FILE);
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(OutboxMarkSchema.parse(mark))}\n`);
    // The directory is not fsynced: a rename lost that way leaves the mark behind the database, which is safe.
    if (fsync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Call inside the open's transaction, once the outbox's table exists. */
export function countOutboxChanges(sqlite: Database): void {
  const bump =
    `INSERT INTO dockhand_meta (name, value) VALUES ('${CHANGES}', 1) ` +
    `ON CONFLICT (name) DO UPDATE SET value = value + 1; ` +
    `INSERT INTO dockhand_meta (name, value) VALUES ('${CHANGED_AT}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) ` +
    `ON CONFLICT (name) DO UPDATE SET value = excluded.value;`;
  for (const event of ['INSERT', 'UPDATE', 'DELETE'])
    sqlite.exec(
      `CREATE TRIGGER IF NOT EXISTS "dockhand_outbox_${event.toLowerCase()}" AFTER ${event} ON ${OUTBOX_TABLE} ` +
        `BEGIN ${bump} END`,
    );
}

/** Reads the outbox's counters; one indexed read, made after every commit that touched the outbox. */
export function outboxStateReader(sqlite: Database): () => OutboxState {
  const read = sqlite.prepare<[string, string, string], { name: string; value: unknown }>(
    'SELECT name, value FROM dockhand_meta WHERE name IN (?, ?, ?)',
  );
  return () => {
    const state: OutboxState = { seq: 0, changes: 0 };
    for (const { name, value } of read.all(SEQ, CHANGES, CHANGED_AT)) {
      if (name === SEQ && typeof value === 'number') state.seq = value;
      else if (name === CHANGES && typeof value === 'number') state.changes = value;
      else if (name === CHANGED_AT && typeof value === 'string') state.changedAt = value;
    }
    return state;
  };
}

/** The mark for `state`, keeping the store's first mark time. */
export function markOf(state: OutboxState, createdAt: string): OutboxMark {
  return {
    version: 1,
    seq: state.seq,
    changes: state.changes,
    ...(state.changedAt ? { changedAt: state.changedAt } : {}),
    createdAt,
  };
}
