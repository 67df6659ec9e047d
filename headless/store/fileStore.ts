/**
 * The store of the headless tools (npm run sync, the chaos worker): the app's own DockhandDb and store port,
 * on an SQLite database in DIR. IndexedDB is fake-indexeddb, unchanged but for where it keeps records: each
 * object store and index is a SQLite table (./sqliteRecords.ts), and each read-write transaction is one
 * SQLite transaction (./sqliteTransactions.ts). So the process holds only what it is working on (the large
 * dataset no longer lives in memory), opening is immediate (nothing to replay), and durability is SQLite's:
 * a write-ahead log, a commit in it before Dexie reports it (fsynced too when it touches the outbox:
 * FSYNCED_TABLES), a SIGKILL at any moment leaving exactly the transactions that committed (crash.test.ts;
 * `npm run chaos` end to end).
 */
import Sqlite, { type Database } from 'better-sqlite3';
import type { DBCore, Middleware } from 'dexie';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../../src/db/dexieStore';
import type { SliceSizing } from '../../src/db/pullSlices';
import { DockhandDb } from '../../src/db/schema';
import type { StorePort } from '../../src/db/storePort';
import { tableMiddleware } from '../../src/db/tableMiddleware';
import { startCheckpointer } from './checkpointer';
import { acquireLock } from './lock';
import { countOutboxChanges, markOf, outboxStateReader, readMark, writeMark } from './outboxMark';
import { sqliteBulk, type BulkStore } from './sqliteBulk';
import { sqliteCursors, type CursorTables } from './sqliteCursors';
import {
  createTable,
  sqliteRecordStore,
  type FakeRange,
  type RecordStoreLike,
  type SqliteTree,
  type TableKind,
} from './sqliteRecords';
import { serialiseOnSqlite, settled, type RawDatabase, type RawObjectStore } from './sqliteTransactions';
import {
  judge,
  lookAtFile,
  moveAside,
  recordAcceptance,
  StoreDamagedError,
  type AcceptedLoss,
} from './storeTrust';

export interface FileStoreOptions {
  /**
   * A commit could not be made durable. fake-indexeddb already counts it as committed, so the process must
   * not go on as if it were saved: the default prints the error and exits with code 75 at once, before
   * Dexie can report the commit. A replacement should do the same (tests record it; the store then refuses
   * writes).
   */
  onDurabilityFailure?: (error: Error) => void;
  /**
   * Open a store found damaged or missing queued edits anyway (./storeTrust.ts), rather than refuse it with
   * StoreDamagedError: a damaged database file is moved aside and a new one started, an incomplete one is
   * kept as it is; either way the loss is recorded in the store (stats().opened.acceptedLoss, and
   * dockhand_meta `acceptedLoss/<time>`). Only on the user's explicit say-so (`--accept-store-loss`).
   */
  acceptLoss?: boolean;
}

export interface FileStoreStats {
  dir: string;
  /** Read-write transactions committed since this open. */
  commits: number;
  /** Checkpoints of the write-ahead log the worker made since this open (./checkpointer.ts). */
  checkpoints: number;
  /** The database file and its write-ahead log, in bytes. */
  bytes: number;
  /** Whether the open found an existing database, and the loss it accepted (FileStoreOptions.acceptLoss). */
  opened: { existing: boolean; acceptedLoss?: AcceptedLoss };
}

export interface FileStore {
  readonly dir: string;
  readonly db: DockhandDb;
  /** The store port (src/db/dexieStore.ts) over this database. */
  readonly port: StorePort;
  /** The SQLite connection, to inspect (tests, tools). A write through it bypasses IndexedDB's rules. */
  readonly sqlite: Database;
  /** Closes the database and releases the lock. */
  close(): Promise<void>;
  stats(): FileStoreStats;
}

export const DATABASE_FILE = 'dockhand.sqlite';

/**
 * Pulled pages in slices sized for a process with no screen to keep responsive (the window's are 20–500
 * rows aiming at 16 ms, src/db/pullSlices.ts): each transaction commits once, so fewer, larger ones write
 * each index page to the log fewer times.
 */
const HEADLESS_SLICE_SIZING: SliceSizing = { startRows: 2_000, minRows: 500, maxRows: 10_000, targetMs: 500 };

/**
 * Every commit is written to the write-ahead log before Dexie hears of it, which a SIGKILL cannot undo. A
 * commit that touches these tables is also fsynced (synchronous=FULL), so it survives power loss: the
 * outbox's write-ahead mark must be on disk before its request leaves, or a lost mark would send an edit
 * twice; and a user's queued edit is not to be lost. The rest (pulled pages, cursors) can be pulled again,
 * and skipping their fsync halved the small sync's wall time on a busy disk (9.5 s against 14.5–18.1 s,
 * load 9). The log is written in order, so a power loss keeps a prefix of the commits either way.
 */
const FSYNCED_TABLES = ['outbox', 'tempIds'];

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

/** The journal store this replaced wrote these; its queued edits cannot be read here, so say so. */
function refuseJournalStore(dir: string): void {
  const old = readdirSync(dir).filter((name) => /^(journal-\d+\.ndjson|snapshot\.(ndjson|json))$/.test(name));
  if (old.length)
    throw new Error(
      `${dir} holds a store in the old journal format (${old.join(', ')}), which this build no longer reads. ` +
        'Send its queued edits with the build that wrote it, or sync into a new directory.',
    );
}

/** Refuses writes once a commit failed (after the failure hook, when it did not end the process). */
function refusal(broken: () => Error | undefined): Middleware<DBCore> {
  return tableMiddleware('dockhand-refusal', (table) => ({
    mutate: (req) => {
      const error = broken();
      return error ? Promise.reject(error) : table.mutate(req);
    },
  }));
}

interface RawIndex {
  name: string;
  storeRecord(record: { key: unknown; value: unknown }): void;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
  records: RecordStoreLike;
  getIndexKey(value: unknown): unknown;
}
interface RawStore extends RawObjectStore {
  keyPath: string | string[] | null;
  getValue(key: unknown): unknown;
  getAllValues(
    range: FakeRange | undefined,
    count: number | undefined,
    direction: string | undefined,
  ): unknown[];
  autoIncrement: boolean;
  records: RecordStoreLike;
  rawIndexes: Map<string, RawIndex>;
}

/**
 * fake-indexeddb structured-clones a value it hands out, since its tree holds the one object; every value
 * read from SQLite is already a new object (V8's deserialisation), so a second clone only costs time (6 %
 * of the large sync's CPU). Keys are left to fake-indexeddb: they are small.
 */
function readsWithoutClone(store: RawStore): void {
  store.getValue = (key) => store.records.get(key)?.value;
  store.getAllValues = (range, count, direction) => {
    const values: unknown[] = [];
    const limit = count === undefined || count === 0 ? Infinity : count;
    for (const record of store.records.values(range, direction)) {
      if (values.length >= limit) break;
      values.push(record.value);
    }
    return values;
  };
}

/**
 * The store as the bulk path (./sqliteBulk.ts) writes it, if it may: a key path, no key generator, no
 * unique index (a put there can fail by a constraint, row by row, which is fake-indexeddb's to judge).
 */
function bulkStore(store: RawStore): BulkStore | undefined {
  const indexes = [...store.rawIndexes.values()];
  if (store.keyPath === null || store.keyGenerator || indexes.some((index) => index.unique)) return undefined;
  const tree = (records: RecordStoreLike) => records.records as SqliteTree;
  return {
    keyPath: store.keyPath,
    tree: tree(store.records),
    indexes: indexes.map((index) => ({
      keyPath: index.keyPath,
      multiEntry: index.multiEntry,
      getIndexKey: (value) => index.getIndexKey(value),
      tree: tree(index.records),
    })),
  };
}

/**
 * A database read back from a torn or missing log can mix pages of different moments (a checkpoint copies a
 * page only once no later change to it is pending), so an index may disagree with its table: after a loss
 * is accepted, SQLite's indexes and every IndexedDB index table are rebuilt from the object stores' rows.
 */
function rebuildIndexes(stores: RawStore[]): void {
  for (const store of stores)
    for (const index of store.rawIndexes.values()) {
      index.records.clear();
      for (const record of store.records.values()) index.storeRecord(record);
    }
}

/** The schema as IndexedDB holds it: a database written under another one is refused, never misread. */
function schemaOf(version: number, stores: RawStore[]): string {
  return JSON.stringify({
    version,
    stores: stores.map((s) => ({
      name: s.name,
      keyPath: s.keyPath,
      autoIncrement: s.autoIncrement,
      indexes: [...s.rawIndexes.values()].map((i) => [i.name, i.keyPath, i.unique, i.multiEntry]),
    })),
  });
}

function openSqlite(path: string): Database {
  const sqlite = new Sqlite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('cache_size = -65536'); // 64 MiB of pages: the working set of a sync, not the database
  // The log is checkpointed by a worker (./checkpointer.ts); this connection checkpoints it itself, inside a
  // COMMIT, only if the worker has fallen 200 MB behind.
  sqlite.pragma('wal_autocheckpoint = 50000');
  sqlite.exec('CREATE TABLE IF NOT EXISTS dockhand_meta (name TEXT PRIMARY KEY, value ANY)');
  return sqlite;
}

/**
 * Refuses (StoreDamagedError) a database that fails its quick check or is behind its outbox mark
 * (./outboxMark.ts), before anything writes to it; answers the loss the caller accepted instead.
 */
function trust(dir: string, path: string, options: FileStoreOptions, now: Date) {
  const mark = readMark(dir);
  const look = lookAtFile(path);
  const loss = judge(dir, mark, look);
  if (loss && !options.acceptLoss) throw new StoreDamagedError(dir, loss);
  // A deleted database's log is moved aside too: SQLite would replay it into the new, empty file.
  const strayLog = look.kind === 'missing' && existsSync(`${path}-wal`);
  const movedTo = look.kind === 'damaged' || strayLog ? moveAside(path, now) : undefined;
  const accepted: AcceptedLoss | undefined = loss && {
    ...loss,
    acceptedAt: now.toISOString(),
    ...(movedTo ? { movedTo } : {}),
  };
  // A new database (a damaged one moved aside, or none yet) starts its marks afresh.
  const createdAt = mark.kind === 'ok' && look.kind === 'sound' ? mark.mark.createdAt : now.toISOString();
  return { mark: mark.kind === 'ok' ? mark.mark : undefined, accepted, createdAt };
}

async function open(dir: string, options: FileStoreOptions, release: () => void): Promise<FileStore> {
  refuseJournalStore(dir);
  const path = join(dir, DATABASE_FILE);
  const trusted = trust(dir, path, options, new Date());
  const existing = existsSync(path);
  const sqlite = openSqlite(path);
  // SQLite's own indexes first (./storeTrust.ts: a torn log can leave them disagreeing with their tables),
  // before the open reads through one; IndexedDB's are rebuilt once the stores are set up (rebuildIndexes).
  if (trusted.accepted?.kind === 'incomplete') sqlite.exec('REINDEX');
  let broken: Error | undefined;
  const onFailure = options.onDurabilityFailure ?? failStop;

  const indexedDB = new IDBFactory();
  const db = new DockhandDb('dockhand', { indexedDB, IDBKeyRange });
  // Filled once the records are in SQLite; until then (the open itself) fake-indexeddb's cursors serve.
  const cursorTables = new Map<string, CursorTables>();
  const bulkStores = new Map<string, BulkStore>();
  db.use(sqliteCursors((table, index) => cursorTables.get(`${table}/${index ?? ''}`)));
  db.use(sqliteBulk((table) => bulkStores.get(table)));
  db.use(refusal(() => broken));
  try {
    // Creates every store and index in fake-indexeddb's memory, empty; their records then move to SQLite.
    await db.open();
    const raw = (
      db.backendDB() as unknown as { _rawDatabase: RawDatabase & { rawObjectStores: Map<string, RawStore> } }
    )._rawDatabase;
    await settled(raw);
    const stores = [...raw.rawObjectStores.values()];
    const readMeta = sqlite.prepare('SELECT value FROM dockhand_meta WHERE name = ?').pluck();
    const schema = schemaOf(db.verno, stores);
    const stored = readMeta.get('schema') as string | undefined;
    if (stored !== undefined && stored !== schema)
      throw new Error(
        `${dir} was written under another database schema than this build's (version ${db.verno}); ` +
          'open it with the build that wrote it, or sync into a new directory.',
      );

    sqlite.transaction(() => {
      for (const store of stores) {
        const table = `store/${store.name}`;
        createTable(sqlite, table, 'store');
        store.records = sqliteRecordStore(store.records, sqlite, table, 'store');
        readsWithoutClone(store);
        for (const index of store.rawIndexes.values()) {
          const kind: TableKind = index.unique ? 'unique-index' : 'index';
          const indexTable = `index/${store.name}/${index.name}`;
          createTable(sqlite, indexTable, kind);
          index.records = sqliteRecordStore(index.records, sqlite, indexTable, kind);
        }
        const tree = (records: RecordStoreLike) => records.records as SqliteTree;
        cursorTables.set(`${store.name}/`, { walk: tree(store.records), store: tree(store.records) });
        for (const index of store.rawIndexes.values())
          cursorTables.set(`${store.name}/${index.name}`, {
            walk: tree(index.records),
            store: tree(store.records),
          });
        const bulk = bulkStore(store);
        if (bulk) bulkStores.set(store.name, bulk);
        const num = readMeta.get(`keyGenerator/${store.name}`);
        if (store.keyGenerator && typeof num === 'number') store.keyGenerator.num = num;
      }
      sqlite
        .prepare('INSERT OR REPLACE INTO dockhand_meta (name, value) VALUES (?, ?)')
        .run('schema', schema);
      countOutboxChanges(sqlite);
      if (trusted.accepted?.kind === 'incomplete') rebuildIndexes(stores);
      if (trusted.accepted) recordAcceptance(sqlite, trusted.accepted);
    })();

    const outboxState = outboxStateReader(sqlite);
    let marked = outboxState();
    const { mark } = trusted;
    if (mark?.seq !== marked.seq || mark.changes !== marked.changes || trusted.accepted)
      writeMark(dir, markOf(marked, trusted.createdAt));
    /** After a commit that touched the outbox, before Dexie hears of it: the mark follows the database. */
    const followMark = (scope: Set<string>) => {
      if (!scope.has('outbox') || broken) return;
      const now = outboxState();
      if (now.seq === marked.seq && now.changes === marked.changes) return;
      try {
        writeMark(dir, markOf(now, trusted.createdAt), now.seq !== marked.seq);
        marked = now;
      } catch (error) {
        // The edit is in the database but a later loss of it could go unseen: as unsafe as a failed commit.
        broken ??= error as Error;
        onFailure(error as Error);
      }
    };

    const checkpointer = startCheckpointer(path);
    const transactions = serialiseOnSqlite(sqlite, raw, stores, {
      fsyncs: (scope) => FSYNCED_TABLES.some((table) => scope.has(table)),
      onCommitFailure(error) {
        broken ??= error;
        onFailure(error);
      },
      onCommit(scope) {
        followMark(scope);
        checkpointer.committed();
      },
    });
    return {
      dir,
      db,
      port: createDexieStore(db, { sizing: HEADLESS_SLICE_SIZING }),
      sqlite,
      async close() {
        db.close();
        // Transactions made before the close still run (IndexedDB lets them finish), on the open database.
        await settled(raw);
        // The worker's connection first: the last one to close checkpoints what is left and removes the log.
        await checkpointer.stop();
        sqlite.close();
        release();
      },
      stats: () => ({
        dir,
        commits: transactions.commits,
        checkpoints: checkpointer.checkpoints,
        bytes: [path, `${path}-wal`].reduce((n, file) => n + (existsSync(file) ? statSync(file).size : 0), 0),
        opened: { existing, ...(trusted.accepted ? { acceptedLoss: trusted.accepted } : {}) },
      }),
    };
  } catch (error) {
    db.close();
    sqlite.close();
    throw error;
  }
}
