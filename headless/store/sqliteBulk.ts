/**
 * Dexie's bulk writes and bulk reads as one IndexedDB request each, answered from the SQLite tables (a DBCore
 * middleware just above IndexedDB, beside ./sqliteCursors.ts).
 *
 * Dexie turns `bulkPut(rows)` into one fake-indexeddb request per row, and fake-indexeddb structured-clones
 * each value, runs each request in a task of its own and fires an event at it; the SQLite record store
 * (./sqliteRecords.ts) then serialised the clone again. In the large sync that per-row machinery (clone,
 * request, event, task) cost more CPU than the SQLite writes and left most of the garbage. Here a put of
 * any number of rows is one request, queued where Dexie's first would have been, so it runs in the
 * transaction's order and inside its SQLite transaction (./sqliteTransactions.ts). Each value is serialised
 * once, as the put is made: V8's serialisation is the structured clone IndexedDB takes at that moment, and
 * its bytes are what the table keeps. A `bulkGet` is likewise one request.
 *
 * Only where every IndexedDB rule a put can meet is kept here too: object stores with a key path, no key
 * generator and no unique index, so a put of a valid key cannot fail but for the disk, and the index
 * entries are what fake-indexeddb would write (its own `getIndexKey` where a key is not a plain string or
 * number). Anything else (`add`, deletes, a key that is not plain, a value V8 cannot serialise, a
 * transaction not active or read-only) goes the usual way, which raises the usual error. A failing write
 * aborts the transaction, and SQLite's ROLLBACK undoes it whole.
 */
import type {
  DBCore,
  DBCoreGetManyRequest,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  Middleware,
} from 'dexie';
import { deserialize, serialize } from 'node:v8';
import { tableMiddleware } from '../../src/db/tableMiddleware';
import { encodeKey } from './keyCodec';
import type { SqliteTree } from './sqliteRecords';

/** The parts of fake-indexeddb's raw index this module reads (lib/Index.js; version pinned). */
export interface BulkIndex {
  keyPath: string | string[];
  multiEntry: boolean;
  /** The index key of a value, or undefined when the value has none (fake-indexeddb's own rule). */
  getIndexKey(value: unknown): unknown;
  tree: SqliteTree;
}
/** An object store the bulk path may write: inbound keys, no key generator, no unique index. */
export interface BulkStore {
  keyPath: string | string[];
  tree: SqliteTree;
  indexes: BulkIndex[];
}
export type BulkStoreOf = (table: string) => BulkStore | undefined;

/** fake-indexeddb's transaction and request, as far as this module uses them (FDBTransaction.js). */
interface FakeRequest {
  result: unknown;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: ((event: { stopPropagation(): void; preventDefault(): void }) => void) | null;
}
interface FakeTransaction {
  mode: string;
  _state: string;
  objectStore(name: string): unknown;
  _execRequestAsync(request: { operation: () => unknown; source: unknown }): FakeRequest;
}

/** Identifiers a key path resolves specially (length of a string, a Blob's size): left to fake-indexeddb. */
const SPECIAL = new Set(['length', 'size', 'type', 'name', 'lastModified']);
const NOT_FOUND = Symbol('not found');

/** Each key path's steps, split once (a put reads a few paths per row), null when left to fake-indexeddb. */
const steps = new Map<string, string[] | null>();

/** A key path's steps, or undefined when it is not one this module resolves itself. */
function stepsOf(path: string): string[] | undefined {
  let known = steps.get(path);
  if (known === undefined) {
    const split = path.split('.');
    known = path === '' || split.some((step) => SPECIAL.has(step)) ? null : split;
    steps.set(path, known);
  }
  return known ?? undefined;
}

/** What a key path names in a value, as fake-indexeddb's extractKey finds it (own properties only). */
function resolve(value: unknown, path: string[]): unknown {
  let object = value;
  for (const step of path) {
    if (typeof object !== 'object' || object === null || !Object.hasOwn(object, step)) return NOT_FOUND;
    object = (object as Record<string, unknown>)[step];
  }
  return object;
}

/** A string or a number: keys that are themselves, with no conversion (valueToKey gives them back). */
const isPlainKey = (key: unknown): key is string | number =>
  typeof key === 'string' || (typeof key === 'number' && !Number.isNaN(key));

/** A key the bulk path reads by: plain, or an array of plain keys (a compound primary key). */
const isSimpleKey = (key: unknown) => isPlainKey(key) || (Array.isArray(key) && key.every(isPlainKey));

/** A value's primary key, or undefined to leave the put to fake-indexeddb (which raises what it must). */
function primaryKeyOf(keyPath: string | string[], value: unknown): unknown {
  if (Array.isArray(keyPath)) {
    const parts = keyPath.map((part) => primaryKeyOf(part, value));
    return parts.every((part) => part !== undefined) ? parts : undefined;
  }
  const path = stepsOf(keyPath);
  const key = path && resolve(value, path);
  return isPlainKey(key) ? key : undefined;
}

const NONE: Buffer[] = [];

/** The entries a value has in an index, encoded: what fake-indexeddb's Index.storeRecord would put. */
function indexEntries(index: BulkIndex, value: unknown): Buffer[] {
  const path = typeof index.keyPath === 'string' ? stepsOf(index.keyPath) : undefined;
  if (path) {
    const found = resolve(value, path);
    // Missing or null is no key (valueToKey refuses it, and the value is then left out of the index).
    if (found === NOT_FOUND || found === undefined || found === null) return NONE;
    if (isPlainKey(found)) return [encodeKey(found)];
  }
  const key = index.getIndexKey(value);
  if (key === undefined) return NONE;
  return index.multiEntry && Array.isArray(key) ? key.map((part) => encodeKey(part)) : [encodeKey(key)];
}

interface Prepared {
  key: unknown;
  k: Buffer;
  bytes: Buffer;
  entries: Buffer[][];
}

/** Every value's key, bytes and index entries as of now (the put's moment), or undefined to fall back. */
function prepare(store: BulkStore, values: readonly unknown[]): Prepared[] | undefined {
  const rows: Prepared[] = [];
  for (const value of values) {
    const key = primaryKeyOf(store.keyPath, value);
    if (key === undefined) return undefined;
    let bytes: Buffer;
    try {
      bytes = serialize(value);
    } catch {
      return undefined;
    }
    const entries: Buffer[][] = [];
    for (const index of store.indexes) entries.push(indexEntries(index, value));
    rows.push({ key, k: encodeKey(key), bytes, entries });
  }
  return rows;
}

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

/** An existing row's index entries moved from its old value's to the new one's, touching only the change. */
function updateEntries(store: BulkStore, row: Prepared, old: unknown): void {
  store.indexes.forEach((index, i) => {
    const before = indexEntries(index, old);
    const after = row.entries[i]!;
    const kept = new Set(after.map(latin1));
    const had = new Set(before.map(latin1));
    for (const entry of before) if (!kept.has(latin1(entry))) index.tree.removePair(entry, row.k);
    for (const entry of after) if (!had.has(latin1(entry))) index.tree.addPair(entry, row.k);
  });
}

/** The put itself, run as the request's operation (inside the transaction's SQLite transaction). */
function write(store: BulkStore, rows: Prepared[]): void {
  for (const row of rows) {
    if (!store.indexes.length) {
      store.tree.replaceValue(row.k, row.bytes);
      continue;
    }
    if (store.tree.insertIfAbsent(row.k, row.bytes)) {
      for (let i = 0; i < store.indexes.length; i++) {
        const tree = store.indexes[i]!.tree;
        for (const entry of row.entries[i]!) tree.addPair(entry, row.k);
      }
      continue;
    }
    const old = deserialize(store.tree.bytesAt(row.k)!);
    store.tree.replaceValue(row.k, row.bytes);
    updateEntries(store, row, old);
  }
}

/** The object store handle the request belongs to, or undefined when fake-indexeddb would refuse it. */
function sourceOf(trans: FakeTransaction, name: string, writing: boolean): unknown {
  if (trans._state !== 'active' || (writing && trans.mode === 'readonly')) return undefined;
  try {
    return trans.objectStore(name);
  } catch {
    return undefined;
  }
}

function put(
  trans: FakeTransaction,
  source: unknown,
  store: BulkStore,
  rows: Prepared[],
): Promise<DBCoreMutateResponse> {
  return new Promise((resolve, reject) => {
    const request = trans._execRequestAsync({ operation: () => write(store, rows), source });
    const results = rows.map((row) => row.key);
    request.onsuccess = () => resolve({ numFailures: 0, failures: {}, results, lastResult: results.at(-1) });
    // Not prevented: the error's default action aborts the transaction, so no part of the put is kept.
    request.onerror = (event) => {
      event.stopPropagation();
      reject(request.error);
    };
  });
}

function getMany(trans: FakeTransaction, source: unknown, store: BulkStore, req: DBCoreGetManyRequest) {
  return new Promise<unknown[]>((resolve, reject) => {
    const read = () =>
      req.keys.map((key) => {
        if (key === null || key === undefined) return undefined;
        const bytes = store.tree.bytesAt(encodeKey(key));
        return bytes && deserialize(bytes);
      });
    const request = trans._execRequestAsync({ operation: read, source });
    request.onsuccess = () => resolve(request.result as unknown[]);
    // As Dexie's own getMany: the read fails, the transaction does not.
    request.onerror = (event) => {
      event.stopPropagation();
      event.preventDefault();
      reject(request.error);
    };
  });
}

export function sqliteBulk(storeOf: BulkStoreOf): Middleware<DBCore> {
  return tableMiddleware(
    'dockhand-sqlite-bulk',
    (table, name) => ({
      mutate(req: DBCoreMutateRequest) {
        const store = req.type === 'put' ? storeOf(name) : undefined;
        if (!store || req.type !== 'put' || !req.values.length) return table.mutate(req);
        const trans = req.trans as unknown as FakeTransaction;
        const source = sourceOf(trans, name, true);
        const rows = source === undefined ? undefined : prepare(store, req.values);
        return rows ? put(trans, source, store, rows) : table.mutate(req);
      },
      getMany(req) {
        const store = storeOf(name);
        const simple = req.keys.every((key) => key === null || key === undefined || isSimpleKey(key));
        const trans = req.trans as unknown as FakeTransaction;
        const source = store && simple ? sourceOf(trans, name, false) : undefined;
        return store && source !== undefined ? getMany(trans, source, store, req) : table.getMany(req);
      },
    }),
    -10,
  );
}
