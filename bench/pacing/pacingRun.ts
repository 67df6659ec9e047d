/**
 * The runs npm run bench:pacing times: the real sync engine over the app's Dexie store (fake-indexeddb, no
 * bridge hop: pacing is the subject, not the store) against the simulator.
 *
 * - replayRun: N independent creates (one POST each) queued, then drained; the engine's pacing as given;
 *   the 429s it met are counted.
 * - backOnlineRun: one create queued, the API offline for `outageMs` (the engine notices and probes), then
 *   back: the time from its return to the create's request reaching the server.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../../src/db/dexieStore';
import { enqueue } from '../../src/db/outbox';
import { DockhandDb } from '../../src/db/schema';
import { validatedPort } from '../../src/db/storePort';
import { createApiClient } from '../../electron/core/api/client';
import { createSyncEngine } from '../../electron/core/sync/engine';
import type { SyncEngineOptions } from '../../electron/core/sync/types';
import type { Simulator } from '../../server/index';

type EngineSettings = Pick<SyncEngineOptions, 'rateLimit' | 'probeBackoff' | 'concurrency'>;

async function queueCreates(db: DockhandDb, count: number, tag: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await enqueue(db, {
      kind: 'createShipmentType',
      params: {},
      body: { name: `${tag} ${i} ${randomUUID().slice(0, 8)}` },
      label: 'New shipment type',
      cacheChanges: [],
    });
  }
}

function setUp(sim: Simulator, settings: EngineSettings, onRequest?: (request: Request) => void) {
  const refused = { count: 0 };
  const db = new DockhandDb(`bench-pacing-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const store = validatedPort(createDexieStore(db));
  const client = createApiClient({
    baseUrl: sim.baseUrl,
    getApiKey: () => Promise.resolve('demo-key'),
    readRetries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      onRequest?.(request);
      const response = await fetch(request);
      if (response.status === 429) refused.count++;
      return response;
    },
  });
  const engine = createSyncEngine({ store, client, pull: false, ...settings });
  return { db, store, client, engine, refused };
}

export interface ReplayResult {
  /** From the engine's start until all creates are done. */
  ms: number;
  /** 429 answers the engine got. */
  refused: number;
}

export async function replayRun(
  sim: Simulator,
  count: number,
  settings: EngineSettings,
): Promise<ReplayResult> {
  const { db, store, engine, refused } = setUp(sim, settings);
  await queueCreates(db, count, 'Bench replay');
  const started = performance.now();
  await engine.start();
  for (;;) {
    await engine.idle();
    const { counts } = await store.countByState({});
    if (counts.queued + counts.sending + counts.uncertain === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  await engine.stop();
  const { counts } = await store.countByState({});
  if (counts.done !== count) throw new Error(`replay incomplete: ${JSON.stringify(counts)}`);
  db.close();
  return { ms, refused: refused.count };
}

export async function backOnlineRun(
  sim: Simulator,
  outageMs: number,
  settings: EngineSettings,
): Promise<number> {
  let sentAt: number | undefined;
  const { db, client, engine } = setUp(sim, settings, (request) => {
    if (request.method === 'POST' && !request.url.endsWith('/auth/token')) sentAt ??= performance.now();
  });
  // The token first, so the measured request is the op's own, not a token request before it.
  await client.call('getShippingPort', { params: { id: 1 } });
  await queueCreates(db, 1, 'Bench back online');
  await sim.control.setOffline(true);
  await engine.start();
  while (engine.status.get().activity !== 'offline') await new Promise((resolve) => setTimeout(resolve, 20));
  sentAt = undefined;
  await new Promise((resolve) => setTimeout(resolve, outageMs));
  await sim.control.setOffline(false);
  const back = performance.now();
  while (sentAt === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  const latency = sentAt - back;
  await engine.idle();
  await engine.stop();
  db.close();
  return latency;
}
