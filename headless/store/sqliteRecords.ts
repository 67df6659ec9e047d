/**
 * fake-indexeddb's record storage on SQLite tables. fake-indexeddb keeps each object store's and each index's
 * records in a `RecordStore` (node_modules/fake-indexeddb: lib/RecordStore.js) over an in-memory red-black
 * tree; everything else (transactions, cursors, key paths, index upkeep, events) works through that small
 * interface. `sqliteRecordStore` builds a RecordStore whose tree is a SQLite table, so the database lives on
 * disk and the process holds only the rows in use, while every IndexedDB rule stays fake-indexeddb's own.
 *
 * Tables: an object store is `(k, v)`, k its primary key (./keyCodec.ts bytes) and v the value as V8's
 * structured-clone serialisation (what IndexedDB itself stores: Dates, undefined and nested arrays survive).
 * An index is `(k, p)`, k the index key and p the primary key it points to, keyed on (k, p), or on k alone
 * for a unique index: the order fake-indexeddb's tree keeps.
 */
import type { Database, Statement } from 'better-sqlite3';
import { deserialize, serialize } from 'node:v8';
import { decodeKey, encodeKey } from './keyCodec';

export interface FakeRange {
  lower?: unknown;
  upper?: unknown;
  lowerOpen?: boolean;
  upperOpen?: boolean;
}
export interface FakeRecord {
  key: unknown;
  value: unknown;
}
/** fake-indexeddb's RecordStore: the methods its object stores, indexes and cursors call. */
export interface RecordStoreLike {
  keysAreUnique: boolean;
  records: unknown;
  get(key: unknown): FakeRecord | undefined;
  put(record: FakeRecord, noOverwrite?: boolean): FakeRecord | undefined;
  delete(key: unknown): FakeRecord[];
  deleteByKeyAndValue(key: unknown, value: unknown): void;
  clear(): FakeRecord[];
  values(range?: FakeRange, direction?: string): Iterable<FakeRecord>;
  size(): number;
}

export type TableKind = 'store' | 'unique-index' | 'index';

/** A stored row, its value read from bytes only when asked for (a cursor often wants the key alone). */
class StoredRecord implements FakeRecord {
  #bytes: Buffer | undefined;
  #value: unknown;
  constructor(
    public key: unknown,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }
  get value(): unknown {
    if (this.#bytes) {
      this.#value = deserialize(this.#bytes);
      this.#bytes = undefined;
    }
    return this.#value;
  }
  set value(value: unknown) {
    this.#bytes = undefined;
    this.#value = value;
  }
}

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createTable(db: Database, table: string, kind: TableKind): void {
  const name = quoteName(table);
  db.exec(
    kind === 'store'
      ? `CREATE TABLE IF NOT EXISTS ${name} (k BLOB PRIMARY KEY, v BLOB NOT NULL)`
      : kind === 'unique-index'
        ? `CREATE TABLE IF NOT EXISTS ${name} (k BLOB PRIMARY KEY, p BLOB NOT NULL) WITHOUT ROWID`
        : `CREATE TABLE IF NOT EXISTS ${name} (k BLOB NOT NULL, p BLOB NOT NULL, PRIMARY KEY (k, p)) WITHOUT ROWID`,
  );
}

/** A stored row: its key, and its value (an object store) or primary key (an index), all as stored bytes. */
export interface Row {
  k: Buffer;
  x: Buffer;
}
/** A range as stored bytes. */
export interface EncodedRange {
  lower?: Buffer;
  upper?: Buffer;
  lowerOpen?: boolean;
  upperOpen?: boolean;
}
/** Where a walk starts: at a key, or at a key and primary key in an index; at it or just past it. */
export interface Position {
  k: Buffer;
  p?: Buffer;
  inclusive: boolean;
}

/**
 * The range without the bound a position has passed: SQLite seeks an index with one lower (upper) bound,
 * and given both the range's and the position's it may seek from the range's and filter its way to the
 * position, which made every jump of a long cursor a scan (1.2 ms a seek in the large sync).
 */
function withinPosition(range: EncodedRange, position: Position, descending: boolean): EncodedRange {
  if (!descending && range.lower && Buffer.compare(position.k, range.lower) >= 0) {
    const { lower: _passed, lowerOpen: _open, ...rest } = range;
    return Buffer.compare(position.k, range.lower) === 0 && range.lowerOpen ? range : rest;
  }
  if (descending && range.upper && Buffer.compare(position.k, range.upper) <= 0) {
    const { upper: _passed, upperOpen: _open, ...rest } = range;
    return Buffer.compare(position.k, range.upper) === 0 && range.upperOpen ? range : rest;
  }
  return range;
}

/** Rows per read: the first small (a cursor step wants one), then growing, so a long range is few queries. */
const FIRST_CHUNK = 2;
const LARGEST_CHUNK = 512;

/** The tree fake-indexeddb's RecordStore expects (lib/binarySearchTree.js), answered by one SQLite table. */
export class SqliteTree {
  readonly #db: Database;
  readonly #table: string;
  readonly #isStore: boolean;
  /** Rows are ordered by k alone (an object store, a unique index) or by k then p (an index). */
  readonly #byKey: boolean;
  get isStore() {
    return this.#isStore;
  }
  readonly #column: 'v' | 'p';
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database, table: string, kind: TableKind) {
    this.#db = db;
    this.#table = quoteName(table);
    this.#isStore = kind === 'store';
    this.#byKey = kind !== 'index';
    this.#column = this.#isStore ? 'v' : 'p';
  }

  #statement(id: string, sql: () => string): Statement {
    let statement = this.#statements.get(id);
    if (!statement) {
      statement = this.#db.prepare(sql());
      this.#statements.set(id, statement);
    }
    return statement;
  }

  #record(row: Row): FakeRecord {
    return this.#isStore
      ? new StoredRecord(decodeKey(row.k), row.x)
      : { key: decodeKey(row.k), value: decodeKey(row.x) };
  }

  size(): number {
    const row = this.#statement('count', () => `SELECT count(*) AS n FROM ${this.#table}`).get() as {
      n: number;
    };
    return row.n;
  }

  #exact(key: Buffer, value?: Buffer): Row | undefined {
    if (this.#byKey)
      return this.#statement(
        'one',
        () => `SELECT k, ${this.#column} AS x FROM ${this.#table} WHERE k = ?`,
      ).get(key) as Row | undefined;
    return this.#statement('pair', () => `SELECT k, p AS x FROM ${this.#table} WHERE k = ? AND p = ?`).get(
      key,
      value,
    ) as Row | undefined;
  }

  /** The stored record equal to this one (by key, and for an index by key and primary key). */
  get(record: FakeRecord): FakeRecord | undefined {
    const row = this.#exact(encodeKey(record.key), this.#byKey ? undefined : encodeKey(record.value));
    return row && this.#record(row);
  }

  /**
   * Every write is inside the SQLite transaction of its IndexedDB transaction (./sqliteTransactions.ts); one
   * outside it would be committed alone, and a crash could then leave part of a transaction.
   */
  #writing(): void {
    if (!this.#db.inTransaction) throw new Error(`A write to ${this.#table} outside a transaction`);
  }

  /** Writes the record; answers the one it replaced. fake-indexeddb's indexes ignore the answer. */
  put(record: FakeRecord, noOverwrite = false): FakeRecord | undefined {
    this.#writing();
    const key = encodeKey(record.key);
    if (!this.#isStore) {
      this.#statement('put', () => `INSERT OR REPLACE INTO ${this.#table} (k, p) VALUES (?, ?)`).run(
        key,
        encodeKey(record.value),
      );
      return undefined;
    }
    const existing = this.#exact(key);
    if (existing && noOverwrite)
      throw new DOMException('Key already exists in the object store.', 'ConstraintError');
    const bytes = serialize(record.value);
    if (existing)
      this.#statement('update', () => `UPDATE ${this.#table} SET v = ? WHERE k = ?`).run(bytes, key);
    else this.#statement('insert', () => `INSERT INTO ${this.#table} (k, v) VALUES (?, ?)`).run(key, bytes);
    return existing && this.#record(existing);
  }

  /**
   * The bulk writes (./sqliteBulk.ts) work on stored bytes: an object store's value as V8 serialised it, an
   * index's entry as its encoded key and primary key. Each is one statement, inside the transaction.
   */
  /** Inserts a value under a key no row has; answers false, writing nothing, when one does. */
  insertIfAbsent(key: Buffer, bytes: Buffer): boolean {
    this.#writing();
    const insert = this.#statement(
      'insertIfAbsent',
      () => `INSERT INTO ${this.#table} (k, v) VALUES (?, ?) ON CONFLICT (k) DO NOTHING`,
    );
    return insert.run(key, bytes).changes === 1;
  }

  /** Writes a value whatever was there (a store without indexes needs nothing of the old one). */
  replaceValue(key: Buffer, bytes: Buffer): void {
    this.#writing();
    this.#statement('replaceValue', () => `INSERT OR REPLACE INTO ${this.#table} (k, v) VALUES (?, ?)`).run(
      key,
      bytes,
    );
  }

  /** The stored bytes of a value (an object store's tree only). */
  bytesAt(key: Buffer): Buffer | undefined {
    return this.#exact(key)?.x;
  }

  /** An index entry, as encoded bytes (fake-indexeddb's indexes put with overwrite, so this replaces). */
  addPair(key: Buffer, primaryKey: Buffer): void {
    this.#writing();
    this.#statement('put', () => `INSERT OR REPLACE INTO ${this.#table} (k, p) VALUES (?, ?)`).run(
      key,
      primaryKey,
    );
  }

  /** Removes an index entry given as encoded bytes. */
  removePair(key: Buffer, primaryKey: Buffer): void {
    this.#writing();
    this.#statement('deletePair', () => `DELETE FROM ${this.#table} WHERE k = ? AND p = ?`).run(
      key,
      primaryKey,
    );
  }

  delete(record: FakeRecord): void {
    this.#writing();
    if (this.#byKey)
      this.#statement('delete', () => `DELETE FROM ${this.#table} WHERE k = ?`).run(encodeKey(record.key));
    else this.deletePair(record.key, record.value);
  }

  /** An index entry: its index key and the primary key it points to (fake-indexeddb's deleteByKeyAndValue). */
  deletePair(key: unknown, primaryKey: unknown): void {
    this.#writing();
    this.#statement('deletePair', () => `DELETE FROM ${this.#table} WHERE k = ? AND p = ?`).run(
      encodeKey(key),
      encodeKey(primaryKey),
    );
  }

  clear(): void {
    this.#writing();
    this.#statement('clear', () => `DELETE FROM ${this.#table}`).run();
  }

  *getAllRecords(descending = false): Generator<FakeRecord> {
    yield* this.getRecords({}, descending);
  }

  /**
   * The records in the range, in order, read a chunk at a time: each chunk is its own query that starts after
   * the last row yielded, so the connection is never held by an open statement between chunks.
   */
  *getRecords(range: FakeRange, descending = false): Generator<FakeRecord> {
    const lower = range.lower === undefined ? undefined : encodeKey(range.lower);
    const upper = range.upper === undefined ? undefined : encodeKey(range.upper);
    if (lower && upper && this.#byKey && !range.lowerOpen && !range.upperOpen && lower.equals(upper)) {
      const row = this.#exact(lower);
      if (row) yield this.#record(row);
      return;
    }
    for (const row of this.rows(
      { lower, upper, lowerOpen: range.lowerOpen, upperOpen: range.upperOpen },
      descending,
    ))
      yield this.#record(row);
  }

  /**
   * The stored rows of an encoded range in order (k, then p in an index), from `from` on if given: the first
   * row at or past that position (past it only, when not `inclusive`; a position without `p` is every row
   * of that key). Read in chunks, each its own query.
   */
  *rows(range: EncodedRange, descending: boolean, from?: Position): Generator<Row> {
    let position = from;
    let limit = FIRST_CHUNK;
    for (;;) {
      const bounds = position ? withinPosition(range, position, descending) : range;
      const statement = this.#rangeStatement(bounds, descending, position);
      const params: unknown[] = [];
      if (bounds.lower) params.push(bounds.lower);
      if (bounds.upper) params.push(bounds.upper);
      if (position) params.push(position.k, ...(position.p && !this.#byKey ? [position.p] : []));
      params.push(limit);
      const rows = statement.all(...params) as Row[];
      yield* rows;
      if (rows.length < limit) return;
      const last = rows.at(-1)!;
      position = { k: last.k, p: last.x, inclusive: false };
      limit = Math.min(limit * 8, LARGEST_CHUNK);
    }
  }

  /** The value stored under an encoded primary key (an object store's tree only). */
  valueAt(key: Buffer): unknown {
    const row = this.#exact(key);
    return row && deserialize(row.x);
  }

  #rangeStatement(range: EncodedRange, descending: boolean, from?: Position): Statement {
    const lowerOp = range.lower ? (range.lowerOpen ? '>' : '>=') : '';
    const upperOp = range.upper ? (range.upperOpen ? '<' : '<=') : '';
    const pair = from?.p !== undefined && !this.#byKey;
    const fromOp = from ? `${descending ? '<' : '>'}${from.inclusive ? '=' : ''}` : '';
    const id = `range ${lowerOp} ${upperOp} ${fromOp} ${pair} ${descending}`;
    return this.#statement(id, () => {
      const where: string[] = [];
      if (lowerOp) where.push(`k ${lowerOp} ?`);
      if (upperOp) where.push(`k ${upperOp} ?`);
      if (fromOp) where.push(pair ? `(k, p) ${fromOp} (?, ?)` : `k ${fromOp} ?`);
      const direction = descending ? ' DESC' : '';
      const order = this.#byKey ? `k${direction}` : `k${direction}, p${direction}`;
      const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
      return `SELECT k, ${this.#column} AS x FROM ${this.#table}${filter} ORDER BY ${order} LIMIT ?`;
    });
  }
}

/**
 * A RecordStore of fake-indexeddb's own class (taken from `template`, one it made) whose tree is `table`.
 * Two methods are replaced: deleting an index entry is one DELETE rather than a read then a delete, and
 * `clear` empties the table without reading it. `clear` answers no records, so fake-indexeddb's undo log for
 * it is empty: an aborted transaction is undone by SQLite's ROLLBACK (./sqliteTransactions.ts), not replayed.
 */
export function sqliteRecordStore(
  template: RecordStoreLike,
  db: Database,
  table: string,
  kind: TableKind,
): RecordStoreLike {
  const tree = new SqliteTree(db, table, kind);
  const store = Object.create(Object.getPrototypeOf(template) as object) as RecordStoreLike;
  store.keysAreUnique = kind !== 'index';
  store.records = tree;
  store.deleteByKeyAndValue = (key, value) => tree.deletePair(key, value);
  store.clear = () => {
    tree.clear();
    return [];
  };
  return store;
}
