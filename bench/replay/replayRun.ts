/**
 * One replay run: N new purchase orders queued offline through the app's own writer
 * (src/db/edits/purchaseOrders.ts: an order and a line, each with a temp id), then the real sync engine
 * replays them against the simulator, whose fault latency stands for the network.
 *
 * The store is the app's: the renderer's Dexie store (src/db/dexieStore.ts) over fake-indexeddb, reached
 * through the store link the app uses (src/bridge/storeLink.ts: remoteStorePort → storeRequestHandler, both
 * ends validating), with a macrotask hop and a structured clone each way standing in for the IPC hop.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { sampleOutlet, sampleProduct, sampleSupplier } from '../../src/api/resources/fixtures';
import { remoteStorePort, storeRequestHandler } from '../../src/bridge/storeLink';
import { createDexieStore } from '../../src/db/dexieStore';
import { localDate, queueNewPurchaseOrder } from '../../src/db/edits/purchaseOrders';
import { DockhandDb } from '../../src/db/schema';
import { createApiClient } from '../../electron/core/api/client';
import { createSyncEngine } from '../../electron/core/sync/engine';

export interface ReplayResult {
  ops: number;
  ms: number;
  /** Store-port calls (bridge round trips) the engine made, all told. */
  portCalls: number;
  byMethod: Record<string, number>;
}

const hop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function queueOrders(db: DockhandDb, count: number): Promise<void> {
  await db.suppliers.put(sampleSupplier({ id: 101 }) as never);
  await db.outlets.put(sampleOutlet({ id: 1 }) as never);
  await db.products.put(sampleProduct({ id: 10001 }));
  const eta = localDate(new Date(Date.now() + 7 * 24 * 3600_000));
  for (let i = 0; i < count; i++) {
    const lines = [{ productId: 10001, quantity: 1 + (i % 5), buyPrice: null }];
    const result = await queueNewPurchaseOrder(db, { supplierId: 101, outletId: 1, eta, lines });
    if (!result.ok) throw new Error(`queueing failed: ${JSON.stringify(result.errors)}`);
  }
}

export async function replayRun(baseUrl: string, count: number, concurrency: number): Promise<ReplayResult> {
  const db = new DockhandDb(`bench-replay-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await queueOrders(db, count);
  const serve = storeRequestHandler(createDexieStore(db));
  const byMethod: Record<string, number> = {};
  const store = remoteStorePort(async (request) => {
    byMethod[request.method] = (byMethod[request.method] ?? 0) + 1;
    await hop();
    const reply = await serve(structuredClone(request));
    await hop();
    return structuredClone(reply);
  });
  const client = createApiClient({ baseUrl, getApiKey: () => Promise.resolve('demo-key'), readRetries: 0 });
  const engine = createSyncEngine({
    store,
    client,
    pull: false,
    concurrency,
    // Limiting effectively off: the simulator's limit is lifted too, so the pool alone bounds the replay.
    rateLimit: { requestsPerMinute: 1e9 },
  });
  for (const key of Object.keys(byMethod)) delete byMethod[key];
  const started = performance.now();
  await engine.start();
  await engine.idle();
  const ms = performance.now() - started;
  await engine.stop();
  const { counts } = await createDexieStore(db).countByState({});
  if (counts.done !== count) throw new Error(`replay incomplete: ${JSON.stringify(counts)}`);
  db.close();
  const portCalls = Object.values(byMethod).reduce((a, b) => a + b, 0);
  return { ops: count, ms, portCalls, byMethod };
}
