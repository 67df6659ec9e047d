/**
 * Whether a store directory can be trusted before anything runs on it: its database file passes SQLite's
 * quick_check, and its outbox is not behind the high-water mark kept beside it (./outboxMark.ts). A damaged
 * write-ahead log is replayed only up to its first bad frame and a missing one not at all, and SQLite then
 * opens the rest with no error and a clean integrity check: the mark is what shows that committed edits are
 * missing. The look is read-only, so a refused store is left as it was found (a write would checkpoint the
 * torn log into the database and delete it).
 */
import Sqlite from 'better-sqlite3';
import { existsSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { z } from 'zod';
import { MARK_FILE, type MarkRead, type OutboxState, outboxStateReader } from './outboxMark';

export interface StoreLoss {
  /**
   * damaged: the database file cannot be read safely; incomplete: it reads, but outbox changes committed on
   * this PC are missing from it; unverifiable: the mark itself is damaged, so missing edits cannot be ruled out.
   */
  kind: 'damaged' | 'incomplete' | 'unverifiable';
  /** Edits made on this PC that are missing altogether (op seqs above the highest the store holds). */
  missingEdits: number;
  /** Outbox changes missing (an edit made, marked as being sent, marked as sent...). */
  missingChanges: number;
  /** The missing edits were made after this moment (ISO), when known. */
  since?: string;
  /** What SQLite said, for a damaged file. */
  detail?: string;
  /** What was lost, in a clerk's words. */
  summary: string;
}

export class StoreDamagedError extends Error {
  constructor(
    readonly dir: string,
    readonly loss: StoreLoss,
  ) {
    super(loss.summary);
    this.name = 'StoreDamagedError';
  }
}

/** A moment as a clerk reads it: "27 Nov 2026, 14:05" in this PC's time zone. */
export function clerkTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** SQLite's codes for a file that is not a sound database (as opposed to one it could not open at all). */
function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}

export type FileLook =
  { kind: 'missing' } | { kind: 'damaged'; detail: string } | { kind: 'sound'; state: OutboxState };

/** SQLite's report on one line, and short: it is quoted to the clerk, for whoever they pass it to. */
const oneLine = (text: string) => {
  const line = text
    .replace(/\*{3}[^*]*\*{3}/g, '')
    .replace(/\s*\n\s*/g, '; ')
    .replace(/^[;\s]+/, '');
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
};

/** Opens the database read-only, runs quick_check and reads the outbox's counters. */
export function lookAtFile(path: string): FileLook {
  if (!existsSync(path)) return { kind: 'missing' };
  const log = `${path}-wal`;
  const hadLog = existsSync(log);
  let sqlite: Sqlite.Database | undefined;
  try {
    sqlite = new Sqlite(path, { readonly: true, fileMustExist: true });
    const problems = sqlite.pragma('quick_check(3)', { simple: false }) as { quick_check: string }[];
    const found = problems.map((row) => row.quick_check).filter((text) => text !== 'ok');
    if (found.length) return { kind: 'damaged', detail: oneLine(found.join('; ')) };
    const hasMeta = sqlite.prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'dockhand_meta'",
    );
    const state = hasMeta.get() ? outboxStateReader(sqlite)() : { seq: 0, changes: 0 };
    return { kind: 'sound', state };
  } catch (error) {
    if (isDamage(error)) return { kind: 'damaged', detail: oneLine((error as Error).message) };
    throw error;
  } finally {
    sqlite?.close();
    // A read-only connection creates an empty log where there was none; the directory is left as found.
    if (!hadLog && existsSync(log) && statSync(log).size === 0) unlinkSync(log);
  }
}

/** What is lost if the store is `state` (nothing at all for a missing file) where the mark says `mark`. */
export function judge(dir: string, mark: MarkRead, look: FileLook): StoreLoss | undefined {
  const where = `this PC's data in ${dir}`;
  if (look.kind === 'damaged') {
    const held =
      mark.kind === 'ok' && mark.mark.seq > 0
        ? ` It held up to ${plural(mark.mark.seq, 'edit', 'edits')} made on this PC since ` +
          `${clerkTime(mark.mark.createdAt)}; any of them not yet sent to the server are lost with it.`
        : '';
    return {
      kind: 'damaged',
      missingEdits: mark.kind === 'ok' ? mark.mark.seq : 0,
      missingChanges: mark.kind === 'ok' ? mark.mark.changes : 0,
      ...(mark.kind === 'ok' ? { since: mark.mark.createdAt } : {}),
      detail: look.detail,
      summary: `The database file of ${where} is damaged and cannot be trusted (${look.detail}).${held}`,
    };
  }
  if (mark.kind === 'unreadable')
    return {
      kind: 'unverifiable',
      missingEdits: 0,
      missingChanges: 0,
      summary:
        `The count of queued edits kept beside ${where} (${MARK_FILE}) is damaged, ` +
        'so edits missing from it cannot be ruled out.',
    };
  if (mark.kind === 'absent') return undefined;
  const state = look.kind === 'sound' ? look.state : { seq: 0, changes: 0 };
  const missingEdits = Math.max(0, mark.mark.seq - state.seq);
  const missingChanges = Math.max(0, mark.mark.changes - state.changes);
  if (missingEdits === 0 && missingChanges === 0) return undefined;
  const since = state.changedAt ?? mark.mark.createdAt;
  const when = clerkTime(since);
  const gone = look.kind === 'missing' ? ' (its database file is gone)' : '';
  const summary =
    missingEdits > 0
      ? `${plural(missingEdits, 'edit', 'edits')} made on this PC since ${when} ` +
        `${missingEdits === 1 ? 'is' : 'are'} missing from ${where}${gone}. ` +
        `Any of them not yet sent to the server ${missingEdits === 1 ? 'is' : 'are'} lost.`
      : `The record of what ${where} sent since ${when} is incomplete ` +
        `(${plural(missingChanges, 'change', 'changes')} missing): an edit already sent may show as not sent, ` +
        'and sending it again could make it twice.';
  return { kind: 'incomplete', missingEdits, missingChanges, since, summary };
}

/**
 * Moves a damaged database, or the log a deleted one left (which SQLite would replay into a new, empty file),
 * aside for whoever may recover it; answers the new name of the database file (its log's is that + "-wal").
 */
export function moveAside(path: string, at: Date): string {
  const aside = `${path}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['-wal', '-shm', ''])
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  return aside;
}

/** The record of an accepted loss, kept in the store that carried on (dockhand_meta `acceptedLoss/<time>`). */
const AcceptedLossSchema = z.object({
  kind: z.enum(['damaged', 'incomplete', 'unverifiable']),
  missingEdits: z.number().int().nonnegative(),
  missingChanges: z.number().int().nonnegative(),
  since: z.string().optional(),
  detail: z.string().optional(),
  summary: z.string(),
  acceptedAt: z.iso.datetime(),
  /** Where a damaged database file was moved to. */
  movedTo: z.string().optional(),
});
export type AcceptedLoss = z.infer<typeof AcceptedLossSchema>;

export const acceptedLossKey = (at: string) => `acceptedLoss/${at}`;

export function recordAcceptance(sqlite: Sqlite.Database, accepted: AcceptedLoss): void {
  sqlite
    .prepare('INSERT OR REPLACE INTO dockhand_meta (name, value) VALUES (?, ?)')
    .run(acceptedLossKey(accepted.acceptedAt), JSON.stringify(AcceptedLossSchema.parse(accepted)));
}

/** Every loss accepted on this store, oldest first. */
export function acceptedLosses(sqlite: Sqlite.Database): AcceptedLoss[] {
  const rows = sqlite
    .prepare("SELECT value FROM dockhand_meta WHERE name LIKE 'acceptedLoss/%' ORDER BY name")
    .pluck()
    .all() as string[];
  return rows.map((text) => AcceptedLossSchema.parse(JSON.parse(text)));
}
