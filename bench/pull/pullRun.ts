/**
 * One first sync and one restart, as the app runs them: the real sync engine against the simulator, the
 * renderer's Dexie store (src/db/dexieStore.ts) over fake-indexeddb behind the store link the app uses
 * (src/bridge/storeLink.ts, both ends validating, a macrotask hop and a structured clone each way for the
 * IPC hop). Times come from the engine's status (electron/core/sync/types.ts PullSummary): dock-ready,
 * then complete (lastSyncAt); then a new engine over the same store, until its pull run is over.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { remoteStorePort, storeRequestHandler } from '../../src/bridge/storeLink';
import { createDexieStore } from '../../src/db/dexieStore';
import { DockhandDb } from '../../src/db/schema';
import { createApiClient } from '../../electron/core/api/client';
import { createSyncEngine, type SyncEngine } from '../../electron/core/sync/engine';

export interface PullRunResult {
  dockReadyMs: number;
  completeMs: number;
  restartMs: number;
  firstRequests: number;
  restartRequests: number;
  /** Of those, product supplier sweep requests (the sweep goes on 50 products a run: resumed, not repeated). */
  restartSweepRequests: number;
}

const hop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves once `check` holds for the engine's status (checked on every status it streams). */
function when(engine: SyncEngine, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = engine.status.subscribe(() => {
      if (!check()) return;
      queueMicrotask(() => unsubscribe());
      resolve();
    });
  });
}

export async function pullRun(baseUrl: string, outletId: number): Promise<PullRunResult> {
  const db = new DockhandDb(`bench-pull-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const serve = storeRequestHandler(createDexieStore(db));
  const store = remoteStorePort(async (request) => {
    await hop();
    const reply = await serve(structuredClone(request));
    await hop();
    return structuredClone(reply);
  });
  let requests = 0;
  let sweep = 0;
  const countingFetch = (input: string | URL | Request, init?: RequestInit) => {
    requests++;
    const url = input instanceof Request ? input.url : String(input);
    if (/\/products\/\d+\/suppliers/.test(url)) sweep++;
    return fetch(input, init);
  };
  const client = createApiClient({
    baseUrl,
    getApiKey: () => Promise.resolve('demo-key'),
    fetch: countingFetch,
  });
  const build = () =>
    createSyncEngine({
      store,
      client,
      pull: { intervalMs: 3_600_000, priorityOutlet: () => outletId },
    });

  let engine = build();
  const started = performance.now();
  let dockReadyMs = 0;
  const dockReady = when(engine, () => engine.status.get().pull.dockReady).then(() => {
    dockReadyMs = performance.now() - started;
  });
  const complete = when(engine, () => engine.status.get().pull.lastSyncAt !== undefined);
  await engine.start();
  await Promise.all([dockReady, complete]);
  const completeMs = performance.now() - started;
  await engine.stop();
  const firstRequests = requests;

  requests = 0;
  sweep = 0;
  engine = build();
  let ran = false;
  const restarted = performance.now();
  const over = when(engine, () => {
    const tier = engine.status.get().pull.tier;
    if (tier !== 'idle') ran = true;
    return ran && tier === 'idle';
  });
  await engine.start();
  await over;
  const restartMs = performance.now() - restarted;
  await engine.stop();
  db.close();
  return {
    dockReadyMs,
    completeMs,
    restartMs,
    firstRequests,
    restartRequests: requests,
    restartSweepRequests: sweep,
  };
}
