/**
 * The write-ahead journal as a Dexie DBCore middleware. It sits directly above Dexie's IndexedDB core (below
 * every other middleware, built-in or ours), so it sees exactly the requests IndexedDB executes.
 *
 * Per read-write transaction it buffers the mutations that succeeded, and when the IDBTransaction fires
 * `complete` it hands them to `commit`, which appends and fsyncs synchronously. Ordering: the listener is
 * registered inside `transaction()`, before Dexie sets `idbtrans.oncomplete` (Dexie calls the core first),
 * and fake-indexeddb invokes addEventListener listeners before the `oncomplete` handler in one synchronous
 * dispatch; Dexie resolves the transaction's promise from `oncomplete`. So by the time any caller learns of a
 * commit, it is on disk. An aborted transaction never fires `complete`, so nothing of it is written.
 */
import type {
  DBCore,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  Middleware,
} from 'dexie';
import { encode, escapeKey, type Json } from './codec';
import type { EncodedRange, Mutation } from './files';

export interface JournalHooks {
  /** Called with a committed transaction's mutations; must be durable when it returns. */
  commit(mutations: Mutation[]): void;
  /** The journal cannot account for a committed transaction: the store must stop (fail-stop). */
  fail(error: Error): void;
  /** Why writes are refused (after a failure), if they are. */
  refusal(): Error | undefined;
}

/** Dexie's DBCoreRangeType is a const enum, which isolated modules cannot read: Any = clear, Never = no-op. */
const RANGE_ANY = 3;
const RANGE_NEVER = 4;

/** A mutation's slot in its transaction, settled once IndexedDB has answered the request. */
type Slot = { settled: boolean; mutation?: Mutation };

/** The key written into a row whose key IndexedDB generated, so a replay puts it back under the same key. */
function withGeneratedKey(table: DBCoreTable, row: Json, key: unknown): Json {
  const { keyPath, autoIncrement } = table.schema.primaryKey;
  if (!autoIncrement || typeof keyPath !== 'string' || row === null || typeof row !== 'object') return row;
  if (Array.isArray(row)) return row;
  const path = keyPath.split('.').map(escapeKey);
  let target = row as Record<string, Json>;
  for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, Json>;
  target[path.at(-1)!] = encode(key);
  return row;
}

function encodeRange(range: DBCoreKeyRange): EncodedRange {
  if ((range.type as number) === RANGE_ANY) return { all: true };
  const out: EncodedRange = {};
  if (range.lower !== undefined) out.lower = encode(range.lower);
  if (range.upper !== undefined) out.upper = encode(range.upper);
  if (range.lowerOpen) out.lowerOpen = true;
  if (range.upperOpen) out.upperOpen = true;
  return out;
}

/**
 * What the request will write, encoded NOW: IndexedDB clones the values when the request is made, and the
 * caller may change its objects afterwards.
 */
function prepare(table: DBCoreTable, req: DBCoreMutateRequest) {
  if (req.type === 'deleteRange') {
    if ((req.range.type as number) === RANGE_NEVER) return null;
    return () => ({ t: table.name, range: encodeRange(req.range) }) satisfies Mutation;
  }
  if (req.type === 'delete') {
    const keys = req.keys.map((key) => encode(key));
    return (res: DBCoreMutateResponse): Mutation => ({
      t: table.name,
      del: keys.filter((_, i) => !res.failures[i]),
    });
  }
  const rows = req.values.map((value) => encode(value));
  const outbound = table.schema.primaryKey.outbound === true;
  return (res: DBCoreMutateResponse): Mutation => {
    const put: Json[] = [];
    const keys: Json[] = [];
    rows.forEach((row, i) => {
      // A row IndexedDB refused (constraint error caught by the caller) was not written.
      if (res.failures[i]) return;
      const key = res.results?.[i];
      put.push(outbound ? row : withGeneratedKey(table, row, key));
      if (outbound) keys.push(encode(key));
    });
    return outbound ? { t: table.name, put, keys } : { t: table.name, put };
  };
}

const isEmpty = (m: Mutation) => ('put' in m ? m.put.length === 0 : 'del' in m ? m.del.length === 0 : false);

export function journalMiddleware(hooks: JournalHooks, onCreate: (down: DBCore) => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'dockhand-journal',
    // Below every built-in middleware (the lowest is -1): what we journal is what IndexedDB executes.
    level: -10,
    create(down) {
      onCreate(down);
      const slots = new WeakMap<object, Slot[]>();
      return {
        ...down,
        transaction(stores, mode, options) {
          const trans = down.transaction(stores, mode, options);
          if (mode === 'readwrite') {
            const pending: Slot[] = [];
            slots.set(trans, pending);
            (trans as unknown as EventTarget).addEventListener('complete', () => {
              // Every request answers before its transaction completes; a slot still open means that
              // assumption broke, and journaling the rest would silently lose a write.
              if (pending.some((slot) => !slot.settled)) {
                hooks.fail(
                  new Error(`A transaction on ${stores.join(', ')} completed with a write unrecorded`),
                );
                return;
              }
              const mutations = pending.flatMap((slot) =>
                slot.mutation && !isEmpty(slot.mutation) ? [slot.mutation] : [],
              );
              if (mutations.length) hooks.commit(mutations);
            });
          }
          return trans;
        },
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(req) {
              const refused = hooks.refusal();
              if (refused) return Promise.reject(refused);
              const pending = slots.get(req.trans);
              const finish = pending ? prepare(table, req) : null;
              if (!pending || !finish) return table.mutate(req);
              // The slot is taken in call order, so a transaction replays in the order IndexedDB ran it.
              const slot: Slot = { settled: false };
              pending.push(slot);
              return table.mutate(req).then(
                (res) => {
                  slot.mutation = finish(res);
                  slot.settled = true;
                  return res;
                },
                (error: unknown) => {
                  // Rejected before IndexedDB took it (a bad key): nothing was written.
                  slot.settled = true;
                  throw error;
                },
              );
            },
          };
        },
      };
    },
  };
}
