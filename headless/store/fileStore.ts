/**
 * The file-backed store for headless tools (npm run sync, the chaos worker): the app's own DockhandDb and
 * store port over fake-indexeddb, made durable in DIR by a write-ahead journal (./middleware.ts, ./files.ts).
 *
 * Open: take DIR's lock, load the snapshot, replay every journal it does not cover into a fresh in-memory
 * IndexedDB (dropping a torn last line), then journal every commit from there on. Because a commit is on disk
 * before Dexie reports it, a SIGKILL at any moment loses at most transactions nobody was told had committed:
 * reopening shows exactly a prefix of the reported commits, never part of a transaction.
 *
 * Compaction (when the journal passes `compactAtBytes`): the writer first moves to a new journal, then every
 * table is streamed into the snapshot in primary-key chunks, each read in its own short transaction with the
 * thread given back between chunks (the sync goes on meanwhile; memory holds one chunk), then older journals
 * are deleted. The snapshot is not one moment: a row read late may already hold commits of the new journal,
 * and one read early may miss them. Both are harmless: every row no commit after the rotation touched is
 * the same in every chunk, and for every row one did touch, replaying the new journal in order ends in the
 * state of its last mutation (put of a whole row, delete of keys or of a key range), whatever it started from.
 *
 * Open streams too: the snapshot and the journals are read line by line and replayed in transactions of a
 * bounded number of rows.
 */
import { mkdirSync, unlinkSync } from 'node:fs';
import type { DBCore, DBCoreKeyRange, DBCoreMutateRequest, DBCoreTransaction, IndexableType } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../../src/db/dexieStore';
import { DockhandDb } from '../../src/db/schema';
import type { StorePort } from '../../src/db/storePort';
import { decode, encode, type Json } from './codec';
import { fsyncDir, journalPath, JournalWriter, listJournals, readJournal, type JournalScan } from './files';
import { type Mutation } from './files';
import { fastIndexCursors } from './fastCursor';
import { acquireLock } from './lock';
import { journalMiddleware } from './middleware';
import { openSnapshot, SnapshotWriter } from './snapshot';

export interface FileStoreOptions {
  /**
   * Compact once the journal is larger than this (default 2 MiB) and than the last snapshot: replaying a
   * long journal is what makes an open slow, and rewriting a snapshot more often than it grows would cost
   * more than it saves.
   */
  compactAtBytes?: number;
  /**
   * A commit could not be made durable. The in-memory database already holds it, so the process must not
   * go on as if it were saved: the default prints the error and exits with code 75 at once, before Dexie
   * can report the commit. A replacement should do the same (tests record it; the store refuses writes).
   */
  onDurabilityFailure?: (error: Error) => void;
  /** Non-fatal trouble (a compaction that failed and will be retried). */
  warn?: (message: string) => void;
}

export interface FileStoreStats {
  dir: string;
  generation: number;
  journalBytes: number;
  /** Commits made since the store was created. */
  commits: number;
  /** What the last open found: commits replayed and bytes of a torn last line dropped. */
  opened: { replayedCommits: number; tornBytes: number; fromSnapshot: boolean };
}

export interface FileStore {
  readonly dir: string;
  readonly db: DockhandDb;
  /** The store port (src/db/dexieStore.ts) over this database. */
  readonly port: StorePort;
  compact(): Promise<void>;
  /** Waits for a running compaction, closes the database and releases the lock. */
  close(): Promise<void>;
  stats(): FileStoreStats;
}

const DEFAULT_COMPACT_AT = 2 * 1024 * 1024;
/** Rows per replay transaction at open, and per snapshot chunk: enough to amortise, small enough to bound memory. */
const REPLAY_BATCH_ROWS = 5_000;
const SNAPSHOT_CHUNK_ROWS = 2_000;

function failStop(error: Error): void {
  process.stderr.write(`dockhand file store: a commit could not be made durable: ${error.message}\n`);
  process.exit(75);
}

export async function openFileStore(dir: string, options: FileStoreOptions = {}): Promise<FileStore> {
  mkdirSync(dir, { recursive: true });
  const release = acquireLock(dir);
  try {
    return await open(dir, options, release);
  } catch (error) {
    release();
    throw error;
  }
}

function rangeOf(m: { range: NonNullable<Extract<Mutation, { range: unknown }>['range']> }): DBCoreKeyRange {
  const { range } = m;
  // DBCoreRangeType is a const enum isolated modules cannot read: 3 = Any (clear), 2 = Range.
  if (range.all) return { type: 3, lower: undefined, upper: undefined } as unknown as DBCoreKeyRange;
  return {
    type: 2,
    lower: range.lower === undefined ? undefined : decode(range.lower),
    upper: range.upper === undefined ? undefined : decode(range.upper),
    lowerOpen: range.lowerOpen ?? false,
    upperOpen: range.upperOpen ?? false,
  } as unknown as DBCoreKeyRange;
}

function requestOf(m: Mutation, trans: DBCoreTransaction): DBCoreMutateRequest {
  if ('put' in m) {
    const values = m.put.map((row) => decode(row));
    return m.keys
      ? { type: 'put', trans, values, keys: m.keys.map((k) => decode(k)) }
      : { type: 'put', trans, values };
  }
  if ('del' in m) return { type: 'delete', trans, keys: m.del.map((k) => decode(k)) };
  return { type: 'deleteRange', trans, range: rangeOf(m) };
}

/** Applies mutations in order in one transaction below the journal (a replay is not a new commit). */
async function replay(down: DBCore, mutations: Iterable<Mutation>): Promise<void> {
  const trans = down.transaction(
    down.schema.tables.map((t) => t.name),
    'readwrite',
  );
  const target = trans as unknown as EventTarget & { error: unknown };
  const finished = new Promise<void>((resolve, reject) => {
    target.addEventListener('complete', () => resolve());
    target.addEventListener('abort', () => reject(new Error(`Replay aborted: ${String(target.error)}`)));
  });
  // All requests are queued at once: IndexedDB runs them in order, and awaiting each would let the
  // transaction commit between them.
  const answers = [...mutations].map((m) =>
    down
      .table(m.t)
      .mutate(requestOf(m, trans))
      .then((res) => {
        if (res.numFailures)
          throw new Error(`Replay of ${m.t} failed: ${String(Object.values(res.failures)[0])}`);
      }),
  );
  const settled = await Promise.allSettled(answers);
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) {
    trans.abort();
    await finished.catch(() => {});
    throw failure.reason;
  }
  await finished;
}

const rowsOf = (m: Mutation) => ('put' in m ? m.put.length : 'del' in m ? m.del.length : 1);

/** Replays a stream of mutations in transactions of about REPLAY_BATCH_ROWS rows, never holding more. */
async function replayInBatches(down: DBCore, mutations: Iterable<Mutation>): Promise<void> {
  let batch: Mutation[] = [];
  let rows = 0;
  for (const m of mutations) {
    batch.push(m);
    rows += rowsOf(m);
    if (rows < REPLAY_BATCH_ROWS) continue;
    await replay(down, batch);
    batch = [];
    rows = 0;
  }
  if (batch.length) await replay(down, batch);
}

/** Tracks the highest key of each auto-increment table, from the rows its puts write. */
function keyTracker(down: DBCore, start: Record<string, number> = {}) {
  const paths = new Map<string, string>();
  for (const table of down.schema.tables) {
    const { autoIncrement, keyPath } = table.primaryKey;
    if (autoIncrement && typeof keyPath === 'string' && !keyPath.includes('.'))
      paths.set(table.name, keyPath);
  }
  const highest: Record<string, number> = { ...start };
  return {
    highest,
    see(m: Mutation) {
      const path = paths.get(m.t);
      if (!path || !('put' in m)) return;
      for (const row of m.put) {
        const key = (row as Record<string, Json> | null)?.[path];
        if (typeof key === 'number' && key > (highest[m.t] ?? 0)) highest[m.t] = key;
      }
    },
  };
}

/** Moves each auto-increment generator up to the highest key it had handed out (a put then a delete). */
async function restoreKeyGenerators(db: DockhandDb, down: DBCore, highest: Record<string, number>) {
  const behind: [string, number][] = [];
  for (const [name, key] of Object.entries(highest)) {
    const last = await db.table(name).orderBy(':id').lastKey();
    if (typeof last !== 'number' || last < key) behind.push([name, key]);
  }
  if (!behind.length) return;
  const keyPath = (name: string) => down.table(name).schema.primaryKey.keyPath as string;
  await replay(
    down,
    behind.flatMap(([t, key]): Mutation[] => [
      { t, put: [{ [keyPath(t)]: key }] },
      { t, del: [key] },
    ]),
  );
}

async function open(dir: string, options: FileStoreOptions, release: () => void): Promise<FileStore> {
  const compactAt = options.compactAtBytes ?? DEFAULT_COMPACT_AT;
  const onFailure = options.onDurabilityFailure ?? failStop;
  const warn =
    options.warn ?? ((message: string) => process.stderr.write(`dockhand file store: ${message}\n`));

  const snapshot = openSnapshot(dir);
  const base = snapshot?.header.gen ?? 0;
  const gens = listJournals(dir);
  // Journals older than the snapshot are covered by it (a compaction stopped before deleting them).
  for (const gen of gens.filter((g) => g < base)) unlinkSync(journalPath(dir, gen));
  const journals = gens
    .filter((g) => g >= base)
    .map((gen) => ({ gen, scan: { validBytes: 0, tornBytes: 0 } as JournalScan }));

  let down: DBCore | undefined;
  // Set once the replay is done; a holder, since the journal hooks are created before it exists.
  const journal: { writer?: JournalWriter } = {};
  let broken: Error | undefined;
  let commits = snapshot?.header.commits ?? 0;
  let replayedCommits = 0;
  let compacting: Promise<void> | undefined;
  let snapshotBytes = snapshot?.bytes ?? 0;
  /** The journal may grow to the snapshot's size: compaction then costs at most what the journal did. */
  const threshold = () => Math.max(compactAt, snapshotBytes);

  const fail = (error: Error) => {
    broken ??= error;
    onFailure(error);
  };

  const indexedDB = new IDBFactory();
  const db = new DockhandDb('dockhand', { indexedDB, IDBKeyRange });
  db.use(fastIndexCursors((a, b) => indexedDB.cmp(a, b), IDBKeyRange));
  db.use(
    journalMiddleware(
      {
        commit(mutations) {
          const { writer } = journal;
          if (!writer) return fail(new Error('A write reached the journal before the store was open'));
          try {
            writer.append({ n: ++commits, m: mutations });
            for (const m of mutations) keys.see(m);
          } catch (error) {
            return fail(error as Error);
          }
          if (writer.size > threshold() && !compacting) setImmediate(() => void store.compact());
        },
        fail,
        refusal: () => broken,
      },
      (core) => (down = core),
    ),
  );
  await db.open();
  const keys = keyTracker(down!, snapshot?.header.keyGenerators);
  await replayInBatches(
    down!,
    (function* () {
      if (snapshot) {
        for (const m of snapshot.mutations()) {
          keys.see(m);
          yield m;
        }
      }
      for (const { gen, scan } of journals) {
        for (const commit of readJournal(journalPath(dir, gen), scan)) {
          commits = Math.max(commits, commit.n);
          replayedCommits += 1;
          for (const m of commit.m) {
            keys.see(m);
            yield m;
          }
        }
      }
    })(),
  );
  await restoreKeyGenerators(db, down!, keys.highest);
  const active = journals.at(-1);
  const writer = new JournalWriter(dir, active?.gen ?? base, active?.scan.validBytes ?? 0);
  journal.writer = writer;
  const opened = {
    replayedCommits,
    tornBytes: journals.reduce((n, j) => n + j.scan.tornBytes, 0),
    fromSnapshot: snapshot !== null,
  };

  async function compactNow(w: JournalWriter): Promise<void> {
    const covered = w.gen;
    const coveredCommits = commits;
    w.rotate();
    // Taken with the rows: a key generated after this point is in the new journal, which is replayed.
    const keyGenerators = { ...keys.highest };
    const out = new SnapshotWriter(dir, { gen: covered + 1, commits: coveredCommits, keyGenerators });
    try {
      for (const table of db.tables) {
        const keyOf = table.core.schema.primaryKey.extractKey;
        if (!keyOf) throw new Error(`${table.name} has out-of-line keys, which the snapshot cannot page`);
        let last: IndexableType | undefined;
        for (;;) {
          const from = last === undefined ? table.orderBy(':id') : table.where(':id').above(last);
          const rows = await from.limit(SNAPSHOT_CHUNK_ROWS).toArray();
          out.write(
            table.name,
            rows.map((row) => encode(row)),
          );
          if (rows.length < SNAPSHOT_CHUNK_ROWS) break;
          last = keyOf(rows.at(-1)) as IndexableType;
          // Give the thread back: the sync goes on between chunks, and each chunk is its own transaction.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
      snapshotBytes = out.finish();
    } catch (error) {
      out.abandon();
      throw error;
    }
    for (const gen of listJournals(dir).filter((g) => g <= covered)) unlinkSync(journalPath(dir, gen));
    fsyncDir(dir);
  }

  const store: FileStore = {
    dir,
    db,
    port: createDexieStore(db),
    compact() {
      if (broken) return Promise.reject(broken);
      compacting ??= compactNow(writer)
        .catch((error: unknown) => warn(`compaction failed (the journal is kept): ${String(error)}`))
        .finally(() => (compacting = undefined));
      return compacting;
    },
    async close() {
      await compacting;
      db.close();
      writer.close();
      release();
    },
    stats: () => ({ dir, generation: writer.gen, journalBytes: writer.size, commits, opened }),
  };
  if (journals.reduce((n, j) => n + j.scan.validBytes, 0) > threshold()) await store.compact();
  return store;
}
