/**
 * The file store's files in DIR, all written so that a crash at any byte leaves something the next open can
 * read:
 *   journal-<gen>.ndjson  one line per committed transaction, appended and fsynced before the commit is
 *                         reported (see ./middleware.ts); a crash mid-append leaves a torn last line, which
 *                         was never reported and is dropped on open
 *   snapshot.json         every row at some moment, written to a temp file, fsynced and renamed over the old
 *                         one (never half-written); `gen` G means "holds every journal with gen < G"
 *   LOCK                  the pid of the process that has the store open (./lock.ts)
 */
import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
} from 'node:fs';
import { ftruncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from './codec';

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

export interface Snapshot {
  format: 'dockhand-file-store';
  version: 1;
  gen: number;
  /** Commits the rows reflect (the `n` of the last one), for diagnostics. */
  commits: number;
  tables: Record<string, Json[]>;
  /**
   * The highest key ever generated per auto-increment table. IndexedDB never hands out a key twice, even
   * after the row holding it is deleted; rows alone would not say how far the generator had gone.
   */
  keyGenerators?: Record<string, number>;
}

const SNAPSHOT = 'snapshot.json';
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
function writeAll(fd: number, data: Buffer): void {
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

export interface JournalContents {
  commits: Commit[];
  /** Bytes up to the end of the last complete line; anything after is a torn write. */
  validBytes: number;
  tornBytes: number;
}

/**
 * Reads a journal. A last line that is unterminated or does not parse is a write the crash interrupted: its
 * transaction was never reported as committed, so it is dropped. A bad line before the last one is not a
 * crash artefact but damage, and is an error rather than a silent loss of later commits.
 */
export function readJournal(path: string): JournalContents {
  const bytes = readFileSync(path);
  const end = bytes.lastIndexOf(0x0a) + 1; // UTF-8 never has 0x0a inside a multi-byte character
  const lines = bytes.subarray(0, end).toString('utf8').split('\n').slice(0, -1);
  const commits: Commit[] = [];
  let validBytes = 0;
  for (const [index, line] of lines.entries()) {
    try {
      commits.push(JSON.parse(line) as Commit);
    } catch (error) {
      if (index === lines.length - 1) break;
      throw new Error(`${path}: line ${index + 1} is damaged (${String(error)})`);
    }
    validBytes += Buffer.byteLength(line) + 1;
  }
  return { commits, validBytes, tornBytes: bytes.length - validBytes };
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

/** The snapshot and its size in bytes, or null when there is none yet. */
export function readSnapshot(dir: string): (Snapshot & { bytes: number }) | null {
  let text: string;
  try {
    text = readFileSync(join(dir, SNAPSHOT), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const snapshot = JSON.parse(text) as Snapshot;
  if (snapshot.format !== 'dockhand-file-store' || snapshot.version !== 1)
    throw new Error(`${join(dir, SNAPSHOT)} is not a Dockhand file store snapshot (version 1)`);
  return { ...snapshot, bytes: Buffer.byteLength(text) };
}

/**
 * Temp file, fsync, rename, fsync the directory: the old snapshot or the new one, never a mix. Answers the
 * size written.
 */
export function writeSnapshot(dir: string, snapshot: Snapshot): number {
  const temp = join(dir, `${SNAPSHOT}.tmp`);
  const fd = openSync(temp, 'w');
  const bytes = Buffer.from(JSON.stringify(snapshot));
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, join(dir, SNAPSHOT));
  fsyncDir(dir);
  return bytes.length;
}
