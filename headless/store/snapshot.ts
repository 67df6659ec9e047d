/**
 * The snapshot: every row of the store at some moment, as NDJSON streamed table by table, chunk by chunk,
 * so writing or reading it never holds more than one chunk of rows as text (the single-string snapshot of
 * version 1 threw `RangeError: Invalid string length` once the store passed ~512 MiB).
 *
 *   line 1        header: format, version 2, gen, commits, key generators
 *   lines 2..n-1  {"t": table, "put": [rows]}, a chunk of one table's rows
 *   line n        {"end": true, "rows": count}: a snapshot without it is damaged, never silently short
 *
 * Written to snapshot.ndjson.tmp, fsynced and renamed over snapshot.ndjson: a crash leaves the old snapshot
 * or the new one, never a mix. A version 1 snapshot.json (one JSON document) is still read, and removed
 * once a version 2 snapshot has replaced it.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from './codec';
import { fsyncDir, writeAll, type Mutation } from './files';
import { readLines } from './lines';

export interface SnapshotHeader {
  format: 'dockhand-file-store';
  version: 2;
  /** The snapshot holds every journal with a lower generation. */
  gen: number;
  /** Commits the rows reflect (the `n` of the last one), for diagnostics. */
  commits: number;
  /**
   * The highest key ever generated per auto-increment table. IndexedDB never hands out a key twice, even
   * after the row holding it is deleted; rows alone would not say how far the generator had gone.
   */
  keyGenerators: Record<string, number>;
}

export interface SnapshotReader {
  header: SnapshotHeader;
  /** Size on disk: the journal may grow to this before a compaction is worth its cost. */
  bytes: number;
  /** The rows as put mutations, chunk by chunk; throws at the end if the snapshot is incomplete. */
  mutations(): Generator<Mutation>;
}

const SNAPSHOT = 'snapshot.ndjson';
const LEGACY = 'snapshot.json';

const exists = (path: string) => {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
};

/** Streams a new snapshot into a temp file; `finish` makes it the snapshot, `abandon` drops it. */
export class SnapshotWriter {
  private readonly temp: string;
  private fd: number | undefined;
  private bytes = 0;
  private rows = 0;

  constructor(
    private readonly dir: string,
    header: Omit<SnapshotHeader, 'format' | 'version'>,
  ) {
    this.temp = join(dir, `${SNAPSHOT}.tmp`);
    this.fd = openSync(this.temp, 'w');
    this.line({ format: 'dockhand-file-store', version: 2, ...header } satisfies SnapshotHeader);
  }

  private line(value: unknown): void {
    if (this.fd === undefined) throw new Error('The snapshot is already finished');
    const data = Buffer.from(`${JSON.stringify(value)}\n`);
    writeAll(this.fd, data);
    this.bytes += data.length;
  }

  /** Appends a chunk of one table's rows (encoded). */
  write(table: string, rows: Json[]): void {
    if (!rows.length) return;
    this.line({ t: table, put: rows });
    this.rows += rows.length;
  }

  /** Durable, then renamed over the old snapshot; answers the size written. */
  finish(): number {
    this.line({ end: true, rows: this.rows });
    const fd = this.fd!;
    this.fd = undefined;
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(this.temp, join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    if (exists(join(this.dir, LEGACY))) unlinkSync(join(this.dir, LEGACY));
    return this.bytes;
  }

  abandon(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (exists(this.temp)) unlinkSync(this.temp);
  }
}

function fromLegacy(path: string): SnapshotReader {
  const text = readFileSync(path, 'utf8');
  const legacy = JSON.parse(text) as Omit<SnapshotHeader, 'version' | 'keyGenerators'> & {
    version: number;
    tables: Record<string, Json[]>;
    keyGenerators?: Record<string, number>;
  };
  if (legacy.format !== 'dockhand-file-store' || legacy.version !== 1)
    throw new Error(`${path} is not a Dockhand file store snapshot (version 1)`);
  const { tables, keyGenerators = {}, gen, commits } = legacy;
  return {
    header: { format: 'dockhand-file-store', version: 2, gen, commits, keyGenerators },
    bytes: Buffer.byteLength(text),
    *mutations() {
      for (const [t, rows] of Object.entries(tables)) yield { t, put: rows };
    },
  };
}

/** The snapshot in DIR, or null when there is none yet. Reads only its header until `mutations` is run. */
export function openSnapshot(dir: string): SnapshotReader | null {
  const path = join(dir, SNAPSHOT);
  if (!exists(path)) return exists(join(dir, LEGACY)) ? fromLegacy(join(dir, LEGACY)) : null;
  const lines = readLines(path);
  const first = lines.next();
  const header = (first.done ? undefined : JSON.parse(first.value.text)) as SnapshotHeader | undefined;
  if (header?.format !== 'dockhand-file-store' || header.version !== 2) {
    lines.return(undefined);
    throw new Error(`${path} is not a Dockhand file store snapshot (version 2)`);
  }
  let used = false;
  return {
    header,
    bytes: statSync(path).size,
    *mutations() {
      if (used) throw new Error('A snapshot is read once');
      used = true;
      let rows = 0;
      for (const line of lines) {
        const entry = JSON.parse(line.text) as { t: string; put: Json[] } | { end: true; rows: number };
        if ('end' in entry) {
          if (entry.rows !== rows) break;
          return;
        }
        rows += entry.put.length;
        yield entry;
      }
      throw new Error(`${path} is incomplete or damaged (no end line matching ${rows} rows)`);
    },
  };
}
