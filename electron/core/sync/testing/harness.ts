/**
 * Test support for the engine (imported only by *.test.ts): a fresh Dexie database over fake-indexeddb,
 * the Dexie store behind the validating port (what the bridge will do), the real API client against a
 * simulator the test starts, and an engine with fast backoff. It takes the simulator's URL, not the
 * simulator, so this file stays inside the core layer's import rules.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../../../../src/db/dexieStore';
import { DockhandDb } from '../../../../src/db/schema';
import { validatedPort, type StorePort } from '../../../../src/db/storePort';
import { createApiClient, type DockhandApiClient } from '../../api/client';
import type { ClientOptions } from '../../api/options';
import { createSyncEngine, type SyncEngine } from '../engine';
import type { SyncEngineOptions } from '../types';

export function freshDb(): DockhandDb {
  return new DockhandDb(`dockhand-test-${randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

export interface EngineHarness {
  db: DockhandDb;
  store: StorePort;
  client: DockhandApiClient;
  engine: SyncEngine;
  /** Waits until no op is queued, sending or uncertain (or the timeout passes, which fails). */
  drain(timeoutMs?: number): Promise<void>;
  /** A new engine over the same store (a restart after a crash or a stop). */
  restart(overrides?: Partial<SyncEngineOptions>): SyncEngine;
}

export function makeClient(baseUrl: string, overrides: Partial<ClientOptions> = {}): DockhandApiClient {
  return createApiClient({
    baseUrl,
    getApiKey: () => Promise.resolve('demo-key'),
    readRetries: 0,
    ...overrides,
  });
}

export function engineHarness(
  sim: { baseUrl: string },
  overrides: Partial<SyncEngineOptions> & { db?: DockhandDb; clientOptions?: Partial<ClientOptions> } = {},
): EngineHarness {
  const { db: given, clientOptions, ...engineOptions } = overrides;
  const db = given ?? freshDb();
  const store = validatedPort(createDexieStore(db));
  const client = makeClient(sim.baseUrl, clientOptions);
  const build = (more: Partial<SyncEngineOptions> = {}) =>
    createSyncEngine({
      store,
      client,
      pull: false,
      backoff: { baseMs: 20, capMs: 200 },
      probeBackoff: { baseMs: 100, capMs: 1_000 },
      ...engineOptions,
      ...more,
    });
  const harness: EngineHarness = {
    db,
    store,
    client,
    engine: build(),
    async drain(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { counts } = await store.countByState({});
        if (counts.queued + counts.sending + counts.uncertain === 0) {
          await harness.engine.idle();
          return;
        }
        if (Date.now() > deadline) {
          const { ops } = await store.listOps({ states: ['queued', 'sending', 'uncertain'] });
          const why = ops
            .map((op) => `${op.kind} ${op.state} x${op.attempts}: ${op.reason ?? ''}`)
            .join('; ');
          throw new Error(`Outbox not drained (${JSON.stringify(harness.engine.status.get())}): ${why}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    restart(more) {
      harness.engine = build(more);
      return harness.engine;
    },
  };
  return harness;
}
