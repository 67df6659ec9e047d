/**
 * The file store's files in DIR, all written so that a crash at any byte leaves something the next open can
 * read:
 *   journal-<gen>.ndjson  one line per committed transaction, appended and fsynced before the commit is
 *                         reported (see ./middleware.ts); a crash mid-append leaves a torn last line, which
 *                         was never reported and is dropped on open
 *   snapshot.ndjson       every row at some moment, streamed to a temp file, fsynced and renamed over the
 *                         old one (never half-written); `gen` G means "holds every journal with gen < G"
 *                         (./snapshot.ts)
 *   LOCK                  the pid of the process that has the store open (./lock.ts)
 */
import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Json } from './codec';
import { readLines, type Line } from './lines';

/** One mutation of a committed transaction, as journaled: rows put (with explicit keys for out-of-line key tables), keys deleted, or a key range deleted. */
export type Mutation =
  { t: string; put: Json[]; keys?: Json[] } | { t: string; del: Json[] } | { t: string; range: EncodedRange };

/** A key range: `all` is a clear(); otherwise open bounds are omitted. */
export interface EncodedRange {
  all?: true;
  lower?: Json;
  upper?: Json;
  lowerOpen?: boolean;
  upperOpen?: boolean;
}

/** One committed transaction: `n` counts commits since the store was created, for diagnostics. */
export interface Commit {
  n: number;
  m: Mutation[];
}

const JOURNAL = /^journal-(\d+)\.ndjson$/;

export const journalPath = (dir: string, gen: number) => join(dir, `journal-${gen}.ndjson`);

/** Makes a rename or a new file durable: the directory entry itself must reach the disk. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (error) {
    // Windows cannot open or fsync a directory; NTFS journals its metadata, so there is nothing to add.
    if (process.platform !== 'win32') throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes every byte (writeSync may write fewer than asked). */
export function writeAll(fd: number, data: Buffer): void {
  for (let offset = 0; offset < data.length;) offset += writeSync(fd, data, offset);
}

/** The generations of the journals present, ascending. */
export function listJournals(dir: string): number[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = JOURNAL.exec(name);
      return match ? [Number(match[1])] : [];
    })
    .sort((a, b) => a - b);
}

/** What reading a journal found; final once its commits have all been read. */
export interface JournalScan {
  /** Bytes up to the end of the last complete line; anything after is a torn write. */
  validBytes: number;
  tornBytes: number;
}

/**
 * Reads a journal commit by commit (bounded memory: one line at a time), filling `scan` as it goes. A last
 * line that is unterminated or does not parse is a write the crash interrupted: its transaction was never
 * reported as committed, so it is dropped. A bad line before the last one is not a crash artefact but
 * damage, and is an error rather than a silent loss of later commits.
 */
export function* readJournal(path: string, scan: JournalScan): Generator<Commit> {
  scan.validBytes = 0;
  scan.tornBytes = 0;
  // One line is held back until the next is seen: only the last line may be torn.
  let held: Line | undefined;
  let index = 0;
  for (const line of readLines(path)) {
    if (held) {
      let commit: Commit;
      try {
        commit = JSON.parse(held.text) as Commit;
      } catch (error) {
        throw new Error(`${path}: line ${index} is damaged (${String(error)})`);
      }
      yield commit;
      scan.validBytes += held.bytes;
    }
    held = line;
    index += 1;
  }
  if (!held) return;
  let last: Commit | undefined;
  try {
    if (held.terminated) last = JSON.parse(held.text) as Commit;
  } catch {
    // A torn last line, dropped below.
  }
  if (!last) {
    scan.tornBytes = held.bytes;
    return;
  }
  yield last;
  scan.validBytes += held.bytes;
}

/** The journal being appended to. */
export class JournalWriter {
  private fd: number;
  private bytes: number;

  /** Opens journal `gen` for appending, first cutting a torn tail so new lines never follow garbage. */
  constructor(
    private readonly dir: string,
    private generation: number,
    validBytes: number,
  ) {
    this.fd = openSync(journalPath(dir, generation), 'a+');
    ftruncateSync(this.fd, validBytes);
    fsyncSync(this.fd);
    fsyncDir(dir);
    this.bytes = validBytes;
  }

  get gen(): number {
    return this.generation;
  }

  get size(): number {
    return this.bytes;
  }

  /** Appends one commit and waits for the disk: when this returns, the commit survives a crash. */
  append(commit: Commit): void {
    const line = Buffer.from(`${JSON.stringify(commit)}\n`);
    writeAll(this.fd, line);
    fdatasyncSync(this.fd);
    this.bytes += line.length;
  }

  /** Continues in a new, empty journal `gen + 1` (the old file stays until a snapshot covers it). */
  rotate(): void {
    const next = openSync(journalPath(this.dir, this.generation + 1), 'a+');
    fsyncSync(next);
    fsyncDir(this.dir);
    closeSync(this.fd);
    this.fd = next;
    this.generation += 1;
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
