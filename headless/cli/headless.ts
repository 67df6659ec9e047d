/**
 * The sync engine without a UI: the file-backed store in a directory, the API client with a key given on the
 * command line or in the environment, and the engine over both. Shared by `npm run sync` (./sync.ts) and the
 * chaos worker (./chaos/worker.ts), which differ only in engine options and in how long they run.
 */
import type { OpRecord } from '../../src/db/ops';
import { validatedPort, type StorePort } from '../../src/db/storePort';
import {
  ApiCallError,
  createApiClient,
  type ClientOptions,
  type DockhandApiClient,
} from '../../electron/core/api';
import { openFileStore, type FileStore, type FileStoreOptions } from '../store';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../electron/core/sync';

export interface HeadlessOptions {
  dir: string;
  baseUrl: string;
  apiKey: string;
  engine?: Partial<Omit<SyncEngineOptions, 'store' | 'client'>>;
  client?: Partial<Omit<ClientOptions, 'baseUrl' | 'getApiKey'>>;
  store?: FileStoreOptions;
  /** Validate every store port call as the bridge does (default true; costs a parse of every op read). */
  validatePort?: boolean;
}

export interface Headless {
  store: FileStore;
  /** The store port (validated as the bridge would validate it, unless turned off). */
  port: StorePort;
  client: DockhandApiClient;
  engine: SyncEngine;
  /** Stops the engine (requests in flight settle into durable states) and closes the store. */
  close(): Promise<void>;
}

export async function openHeadless(options: HeadlessOptions): Promise<Headless> {
  // The client first: a bad base URL is refused before the store directory is touched.
  const client = createApiClient({
    ...options.client,
    baseUrl: options.baseUrl,
    // Held in this closure only; the client asks for it per attempt and never logs it.
    getApiKey: () => Promise.resolve(options.apiKey),
  });
  const store = await openFileStore(options.dir, options.store);
  const port = options.validatePort === false ? store.port : validatedPort(store.port);
  const engine = createSyncEngine({ ...options.engine, store: port, client });
  return {
    store,
    port,
    client,
    engine,
    async close() {
      await engine.stop();
      await store.close();
    },
  };
}

export type CredentialCheck =
  { ok: true } | { ok: false; reason: 'credentials' | 'unreachable'; message: string };

/** Asks for a token: refused → credentials; no answer at all → unreachable; any other answer is reachable. */
export async function checkCredentials(client: DockhandApiClient): Promise<CredentialCheck> {
  try {
    await client.call('getAuthToken', {} as never, { timeoutMs: 10_000 });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.kind === 'auth') return { ok: false, reason: 'credentials', message: error.message };
    if (error.details.delivery !== 'yes') return { ok: false, reason: 'unreachable', message: error.message };
    return { ok: true };
  }
}

export type Settled = 'idle' | 'credentials' | 'offline' | 'stopped' | 'store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no op is queued, sending or uncertain and the engine is idle (what is left is failed,
 * conflicted or blocked: the user's). Gives up when the engine pauses for credentials, when it stopped
 * because the store kept failing, or when the API has been unreachable for `offlineGraceMs`; `stop`
 * resolving (a signal) ends the wait at once. With `untilStopped`, an idle queue does not end the wait:
 * only `stop` does (a long-running sync).
 */
export async function waitUntilSettled(
  headless: Pick<Headless, 'engine' | 'port'>,
  options: { offlineGraceMs: number; pollMs?: number; stop?: Promise<unknown>; untilStopped?: boolean },
): Promise<Settled> {
  let stopped = false;
  void options.stop?.then(() => (stopped = true));
  let offlineSince: number | undefined;
  for (;;) {
    if (stopped) return 'stopped';
    const status = headless.engine.status.get();
    if (!status.authenticated) return 'credentials';
    if (status.storeTrouble?.stopped) return 'store';
    if (!status.online) {
      offlineSince ??= Date.now();
      if (Date.now() - offlineSince > options.offlineGraceMs) return 'offline';
    } else offlineSince = undefined;
    // The engine's own counts first (refreshed after every pump); the store is asked only to confirm.
    const seen = status.counts;
    if (!options.untilStopped && seen.pending + seen.sending + seen.uncertain === 0) {
      await Promise.race([headless.engine.idle(), options.stop]);
      if (stopped) return 'stopped';
      const { counts } = await headless.port.countByState({});
      if (counts.queued + counts.sending + counts.uncertain === 0) return 'idle';
    }
    await sleep(options.pollMs ?? 100);
  }
}

/** The ops the user has to act on: failed, conflicted, and those blocked behind them. */
export async function opsNeedingAttention(port: StorePort): Promise<OpRecord[]> {
  return (await port.listOps({ states: ['failed', 'conflicted', 'blocked'] })).ops;
}

/** One line per op, with the server's problem when there is one. */
export function describeOp(op: OpRecord): string {
  const problem = op.problem
    ? ` [${[op.problem.status, op.problem.title, op.problem.detail].filter((p) => p !== null).join(' ')}]`
    : '';
  const conflicts = op.conflicts?.length ? ` (fields: ${op.conflicts.map((c) => c.field).join(', ')})` : '';
  return `${op.state} ${op.kind} "${op.label}": ${op.reason ?? 'no reason given'}${conflicts}${problem}`;
}
