/**
 * Index cursors for fake-indexeddb that do not slow down with duplicates. fake-indexeddb finds a cursor's
 * next record by scanning from the first record with the current index key, so walking k records that
 * share a key costs O(k²): with 900 queued ops, `outbox.where('state').anyOf(…)` (the engine's listOps) and
 * `.notEqual('done')` (every blocking refresh) took ~0.4 s each, and a long queue could not drain.
 *
 * This DBCore middleware answers cursors over non-unique indexes from one getAllRecords request (IndexedDB
 * 3.0, records in cursor order with their index key, primary key and value) and walks that array. Dexie only
 * reads through cursors (its modify and delete collect keys first, then write), so a cursor that sees the
 * index as it was when opened reads the same rows as a live one. Unique-direction cursors and primary-key
 * cursors (which fake-indexeddb seeks in O(log n)) are left to the real thing.
 */
import type { DBCore, DBCoreCursor, DBCoreKeyRange, DBCoreOpenCursorRequest, Middleware } from 'dexie';

interface IdbRecord {
  key: unknown;
  primaryKey: unknown;
  value: unknown;
}

/** The few IndexedDB shapes used here (the Node build has no DOM types). */
interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: ((event: { preventDefault(): void }) => void) | null;
}
interface IdbTransaction {
  objectStore(name: string): {
    index(name: string): {
      getAllRecords(options: { query?: unknown; direction: string }): IdbRequest<IdbRecord[]>;
    };
  };
}

interface KeyRangeFactory {
  only(value: unknown): unknown;
  bound(lower: unknown, upper: unknown, lowerOpen?: boolean, upperOpen?: boolean): unknown;
  lowerBound(lower: unknown, open?: boolean): unknown;
  upperBound(upper: unknown, open?: boolean): unknown;
}

/** Dexie's DBCoreRangeType is a const enum isolated modules cannot read. */
const EQUAL = 1;
const ANY = 3;
const NEVER = 4;

function toIdbRange(range: DBCoreKeyRange, KeyRange: KeyRangeFactory): unknown {
  const type = range.type as number;
  if (type === ANY) return undefined;
  if (type === EQUAL) return KeyRange.only(range.lower);
  const { lower, upper, lowerOpen, upperOpen } = range;
  if (lower === undefined) return upper === undefined ? undefined : KeyRange.upperBound(upper, !!upperOpen);
  if (upper === undefined) return KeyRange.lowerBound(lower, !!lowerOpen);
  return KeyRange.bound(lower, upper, !!lowerOpen, !!upperOpen);
}

/** A DBCoreCursor over records already read, in order; callbacks run in a loop, never recursively. */
function arrayCursor(
  trans: DBCoreOpenCursorRequest['trans'],
  records: IdbRecord[],
  cmp: (a: unknown, b: unknown) => number,
  reverse: boolean,
): DBCoreCursor {
  let pos = 0;
  let stopped = false;
  let running = false;
  let moved = false;
  let onNext: (() => void) | undefined;
  let settle: { resolve(value: unknown): void; reject(error: unknown): void } | undefined;
  /** Whether `record` is still before the target (key, then primary key) in the cursor's direction. */
  const before = (record: IdbRecord, key: unknown, primaryKey?: unknown) => {
    let c = cmp(record.key, key);
    if (c === 0 && primaryKey !== undefined) c = cmp(record.primaryKey, primaryKey);
    return reverse ? c > 0 : c < 0;
  };

  function run() {
    running = true;
    try {
      while (moved && !stopped) {
        moved = false;
        if (pos >= records.length) {
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
    trans,
    get key() {
      return records[pos]?.key;
    },
    get primaryKey() {
      return records[pos]?.primaryKey;
    },
    get value() {
      return records[pos]?.value;
    },
    done: false,
    continue(key?: unknown) {
      pos += 1;
      if (key !== undefined) while (pos < records.length && before(records[pos]!, key)) pos += 1;
      step();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      pos += 1;
      while (pos < records.length && before(records[pos]!, key, primaryKey)) pos += 1;
      step();
    },
    advance(count: number) {
      pos += count;
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
  return cursor;
}

export function fastIndexCursors(
  cmp: (a: unknown, b: unknown) => number,
  KeyRange: KeyRangeFactory,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'dockhand-fast-index-cursors',
    level: -9,
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            openCursor(req) {
              const { index, range } = req.query;
              if (index.isPrimaryKey || index.unique || req.unique || !index.name)
                return table.openCursor(req);
              if ((range.type as number) === NEVER) return Promise.resolve(null);
              return new Promise((resolve, reject) => {
                const store = (req.trans as unknown as IdbTransaction).objectStore(name);
                const source = store.index(index.name!);
                const query = toIdbRange(range, KeyRange);
                const request = source.getAllRecords({
                  ...(query === undefined ? {} : { query }),
                  direction: req.reverse ? 'prev' : 'next',
                });
                request.onsuccess = () => {
                  const records = request.result;
                  resolve(records.length ? arrayCursor(req.trans, records, cmp, req.reverse === true) : null);
                };
                request.onerror = (event) => {
                  // As Dexie's own core does: the caller decides, the transaction is not aborted for it.
                  event.preventDefault();
                  reject(request.error);
                };
              });
            },
          };
        },
      };
    },
  };
}
