/**
 * One SQLite transaction per IndexedDB read-write transaction, so a commit Dexie reports is on disk and a
 * SIGKILL leaves exactly the transactions that committed, each whole.
 *
 * fake-indexeddb runs read-write transactions with disjoint scopes side by side (lib/Database.js,
 * `processTransactions`); one SQLite connection has one transaction, so its scheduler is replaced by the same
 * rule plus one more: a read-write transaction starts only when none is running. Read-only transactions still
 * run beside it; they never share a table with it, so what they read is never its uncommitted rows.
 *
 * When a read-write transaction starts, BEGIN. When fake-indexeddb marks it finished (`_markFinished`, called
 * before it fires `complete`, and at the end of an abort, after its undo log ran), COMMIT, or ROLLBACK if it
 * aborted. The commit also saves each auto-increment store's key generator, which fake-indexeddb keeps in
 * memory, so a reopened store never hands out a key it has used (the outbox's seq stays in order).
 */
import type { Database } from 'better-sqlite3';

/** The parts of fake-indexeddb's raw objects this module works with (not public API; version pinned). */
export interface RawTransaction extends EventTarget {
  mode: 'readonly' | 'readwrite' | 'versionchange';
  _scope: Set<string>;
  _started: boolean;
  _state: string;
  _start(): void;
  _abort(errName: string | null): void;
  _markFinished(): void;
}
export interface RawObjectStore {
  name: string;
  keyGenerator: { num: number } | null;
}
export interface RawDatabase {
  transactions: RawTransaction[];
  processTransactions: () => void;
}

export interface TransactionHooks {
  /** Whether a commit of a transaction over these tables is fsynced (synchronous=FULL) or only logged (NORMAL). */
  fsyncs(scope: Set<string>): boolean;
  /** The COMMIT failed: the transaction is not durable, and the caller must not be told it is. */
  onCommitFailure(error: Error): void;
  /**
   * A COMMIT of a transaction over `scope` succeeded, and its transaction has not yet fired `complete`
   * (./checkpointer.ts checkpoints the log a while after; ./outboxMark.ts follows the outbox).
   */
  onCommit?(scope: Set<string>): void;
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((name) => b.has(name));

export interface SqliteTransactions {
  /** Read-write transactions committed since the store was opened. */
  readonly commits: number;
}

/**
 * Every transaction fake-indexeddb started before the scheduler is replaced holds a listener that calls the
 * old one when it completes, which would start the next transaction without a BEGIN; wait until all have
 * finished and their listeners' tasks have run.
 */
export async function settled(raw: RawDatabase): Promise<void> {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  while (raw.transactions.some((tx) => tx._state !== 'finished')) await tick();
  await tick();
  await tick();
}

/** Call once `settled(raw)` has resolved, before anything else uses the database. */
export function serialiseOnSqlite(
  sqlite: Database,
  raw: RawDatabase,
  stores: RawObjectStore[],
  hooks: TransactionHooks,
): SqliteTransactions {
  const counters = { commits: 0 };
  const generators = stores.filter((store) => store.keyGenerator);
  const saveGenerator = sqlite.prepare(
    'INSERT INTO dockhand_meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const saved = new Map<string, number>(generators.map((store) => [store.name, store.keyGenerator!.num]));
  let owner: RawTransaction | undefined;
  let fullSync: boolean | undefined;

  function finish(tx: RawTransaction, aborted: boolean): void {
    if (owner !== tx) return;
    owner = undefined;
    if (aborted) {
      sqlite.exec('ROLLBACK');
      return;
    }
    try {
      for (const store of generators) {
        const num = store.keyGenerator!.num;
        if (saved.get(store.name) === num) continue;
        saveGenerator.run(`keyGenerator/${store.name}`, num);
        saved.set(store.name, num);
      }
      sqlite.exec('COMMIT');
      counters.commits += 1;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      hooks.onCommitFailure(error as Error);
      return;
    }
    hooks.onCommit?.(tx._scope);
  }

  function begin(tx: RawTransaction): void {
    const full = hooks.fsyncs(tx._scope);
    if (full !== fullSync) {
      sqlite.pragma(`synchronous = ${full ? 'FULL' : 'NORMAL'}`);
      fullSync = full;
    }
    sqlite.exec('BEGIN');
    owner = tx;
    let aborted = false;
    const { _abort: abort, _markFinished: markFinished } = tx;
    tx._abort = function (errName) {
      aborted = true;
      abort.call(this, errName);
    };
    tx._markFinished = function () {
      markFinished.call(this);
      finish(tx, aborted);
    };
  }

  // fake-indexeddb's own rule (lib/Database.js) with one writer at a time; it starts one transaction per call.
  function processTransactions(): void {
    setImmediate(() => {
      const live = raw.transactions.filter((tx) => tx._state !== 'finished');
      const running = live.filter((tx) => tx._started);
      const waiting = live.filter((tx) => !tx._started);
      const writing = running.some((tx) => tx.mode !== 'readonly');
      const next = waiting.find((tx, i) => {
        if (tx.mode !== 'readonly' && writing) return false;
        const blocked = running.some(
          (other) =>
            !(tx.mode === 'readonly' && other.mode === 'readonly') && overlaps(other._scope, tx._scope),
        );
        return !blocked && !waiting.slice(0, i).some((other) => overlaps(other._scope, tx._scope));
      });
      if (!next) return;
      next.addEventListener('complete', processTransactions);
      next.addEventListener('abort', processTransactions);
      if (next.mode !== 'readonly') begin(next);
      next._start();
    });
  }
  raw.processTransactions = processTransactions;

  return {
    get commits() {
      return counters.commits;
    },
  };
}
