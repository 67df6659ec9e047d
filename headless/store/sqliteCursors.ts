/**
 * Dexie's cursors answered from the SQLite tables directly (a DBCore middleware just above IndexedDB).
 *
 * fake-indexeddb finds a cursor's next record by reading its tree again from the cursor's key, and over an
 * index it walks every record of that key up to the current one, O(k²) for k duplicates (900 queued ops
 * made `outbox.where('state')` take 0.4 s). Here a cursor walks its table once, a chunk at a time
 * (`SqliteTree.rows`), seeks with one query when Dexie jumps (`continue(key)`: anyOf, ignore-case and
 * startsWith walk a wide range that way), and reads a row's value only when Dexie asks for it (never for
 * keys(), primaryKeys() or count()). Reading every record of the range up front, with values, as the
 * in-memory store's cursors did, took 60 % of the large sync's CPU once records had to come from disk.
 *
 * Dexie only reads through cursors (its modify and delete collect keys first, then write) and its callbacks
 * run synchronously, so the cursor reads what the transaction holds. Unique-direction cursors (uniqueKeys)
 * are left to fake-indexeddb.
 */
import type { DBCore, DBCoreCursor, DBCoreKeyRange, DBCoreOpenCursorRequest, Middleware } from 'dexie';
import { deserialize } from 'node:v8';
import { tableMiddleware } from '../../src/db/tableMiddleware';
import { decodeKey, encodeKey } from './keyCodec';
import type { EncodedRange, Position, Row, SqliteTree } from './sqliteRecords';

/** The tables of a cursor: the one it walks (the store's or an index's) and the store's, for values. */
export interface CursorTables {
  walk: SqliteTree;
  store: SqliteTree;
}
export type TablesOf = (table: string, index: string | undefined) => CursorTables | undefined;

/** Dexie's DBCoreRangeType is a const enum isolated modules cannot read. */
const EQUAL = 1;
const ANY = 3;
const NEVER = 4;

function encodeRange(range: DBCoreKeyRange): EncodedRange {
  const type = range.type as number;
  if (type === ANY) return {};
  if (type === EQUAL) {
    const key = encodeKey(range.lower);
    return { lower: key, upper: key };
  }
  return {
    ...(range.lower === undefined ? {} : { lower: encodeKey(range.lower), lowerOpen: !!range.lowerOpen }),
    ...(range.upper === undefined ? {} : { upper: encodeKey(range.upper), upperOpen: !!range.upperOpen }),
  };
}

/** A DBCoreCursor over a walk of one table; callbacks run in a loop, never recursively. */
function sqliteCursor(
  req: DBCoreOpenCursorRequest,
  tables: CursorTables,
  range: EncodedRange,
): DBCoreCursor | null {
  const { walk, store } = tables;
  const reverse = req.reverse === true;
  let rows = walk.rows(range, reverse);
  let row: Row | undefined;
  /** The current row's keys, decoded once each (Dexie reads them more than once per row). */
  let keys: { key?: unknown; primaryKey?: unknown } = {};
  let stopped = false;
  let running = false;
  let moved = false;
  let onNext: (() => void) | undefined;
  let settle: { resolve(value: unknown): void; reject(error: unknown): void } | undefined;
  const advanceRow = () => {
    const next = rows.next();
    row = next.done ? undefined : next.value;
    keys = {};
  };
  /** Restart the walk at a position: the first row at it (or past it, if it is where the cursor stands). */
  const seek = (position: Position) => {
    rows = walk.rows(range, reverse, position);
    advanceRow();
  };

  function run() {
    running = true;
    try {
      while (moved && !stopped) {
        moved = false;
        if (!row) {
          cursor.done = true;
          cursor.stop();
          break;
        }
        try {
          onNext?.();
        } catch (error) {
          cursor.fail(error as Error);
        }
      }
    } finally {
      running = false;
    }
  }
  const step = () => {
    moved = true;
    if (!running && onNext) run();
  };

  const cursor: DBCoreCursor & { done: boolean } = {
    trans: req.trans,
    get key() {
      if (row && !('key' in keys)) keys.key = decodeKey(row.k);
      return keys.key;
    },
    get primaryKey() {
      if (row && !('primaryKey' in keys)) keys.primaryKey = walk.isStore ? this.key : decodeKey(row.x);
      return keys.primaryKey;
    },
    get value() {
      if (!row) return undefined;
      return walk.isStore ? deserialize(row.x) : store.valueAt(row.x);
    },
    done: false,
    continue(key?: unknown) {
      // Dexie jumps only forward (in the cursor's direction), as IndexedDB requires.
      if (key === undefined) advanceRow();
      else seek({ k: encodeKey(key), inclusive: true });
      step();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      const k = encodeKey(key);
      const p = encodeKey(primaryKey);
      seek({ k, p, inclusive: !(row && row.k.equals(k) && row.x.equals(p)) });
      step();
    },
    advance(count: number) {
      for (let i = 0; i < count && row; i++) advanceRow();
      step();
    },
    start(callback: () => void) {
      onNext = callback;
      return new Promise((resolve, reject) => {
        settle = { resolve, reject };
        moved = true;
        run();
      });
    },
    stop(value?: unknown) {
      stopped = true;
      settle?.resolve(value);
    },
    fail(error: Error) {
      stopped = true;
      settle?.reject(error);
    },
    next() {
      let gotOne = 1;
      stopped = false;
      return cursor.start(() => (gotOne-- ? cursor.continue() : cursor.stop())).then(() => cursor);
    },
  };
  advanceRow();
  return row ? cursor : null;
}

export function sqliteCursors(tablesOf: TablesOf): Middleware<DBCore> {
  return tableMiddleware(
    'dockhand-sqlite-cursors',
    (table, name) => ({
      openCursor(req) {
        const { index, range } = req.query;
        const tables = req.unique
          ? undefined
          : tablesOf(name, index.isPrimaryKey ? undefined : (index.name ?? undefined));
        if (!tables) return table.openCursor(req);
        if ((range.type as number) === NEVER) return Promise.resolve(null);
        return Promise.resolve(sqliteCursor(req, tables, encodeRange(range)));
      },
    }),
    -9,
  );
}
