import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { decodeBulkFrame } from '../../../src/bridge/bulkFrame';
import type { StoreRequest } from '../../../src/bridge/contract';
import { storeRequestHandler } from '../../../src/bridge/storeLink';
import { createDexieStore } from '../../../src/db/dexieStore';
import { DockhandDb } from '../../../src/db/schema';
import { createWebSocketBridge, type WebSocketConstructor } from '../../../src/lib/bridge/webSocketBridge';
import type { AppLogger } from '../bridge/logger';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from './host';
import { bridgeUrl, tempRenderer } from './testing';

/** Purchase orders only, in small pages: the round trip needs the first rows, not the whole demo. */
const ENGINE: BrowserHostOptions['engine'] = {
  pull: { resources: ['purchaseOrders'], byId: false, pageSize: 5, intervalMs: 60_000 },
  backoff: { baseMs: 20, capMs: 200 },
  probeBackoff: { baseMs: 50, capMs: 500 },
};

const hosts: BrowserHost[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const host of hosts.splice(0)) await host.stop();
});

async function started(options: Partial<BrowserHostOptions> = {}) {
  const host = await startBrowserHost({ ...tempRenderer(), engine: ENGINE, ...options });
  hosts.push(host);
  return host;
}

/** The renderer's own bridge client (src/lib/bridge) on `ws`, sending the page's Origin like a browser. */
function rendererClient(host: BrowserHost, storeRequests: StoreRequest[]) {
  class PageSocket extends WebSocket {
    constructor(url: string) {
      super(url, { origin: host.origin });
      this.on('message', (data, isBinary) => {
        // Pulled pages come as binary frames: a JSON header, then the rows' bytes (src/bridge/bulkFrame.ts).
        const bulk = isBinary ? decodeBulkFrame(data as ArrayBuffer) : null;
        if (isBinary && bulk?.kind !== 'first') return;
        const frame = (bulk?.kind === 'first' ? bulk.message : JSON.parse(String(data))) as {
          type: string;
          request?: StoreRequest;
        };
        if (frame.type === 'store.request') storeRequests.push(frame.request!);
      });
    }
  }
  const bridge = createWebSocketBridge(bridgeUrl(host), {
    WebSocket: PageSocket as unknown as WebSocketConstructor,
    log: () => {},
  });
  cleanups.push(() => bridge.close());
  return bridge;
}

describe('the browser host in demo mode', () => {
  it('starts the demo on request and syncs into the renderer store over store.request frames', async () => {
    const host = await started();
    const storeRequests: StoreRequest[] = [];
    const bridge = rendererClient(host, storeRequests);

    const demo = await bridge.invoke('demo.start', { dataset: 'small' });
    if (!demo.ok) throw new Error(demo.error.message);
    expect(demo.value).toMatchObject({ status: 'demo', demoDataset: 'small' });
    const storeName = demo.value.storeName!;
    expect(host.bridge.demoSimulator()?.baseUrl).toBe(demo.value.baseUrl);

    const db = new DockhandDb(storeName, { indexedDB: new IDBFactory(), IDBKeyRange });
    cleanups.push(() => db.close());
    bridge.serveStore(storeRequestHandler(createDexieStore(db)));
    expect(await bridge.invoke('store.attach', { storeName })).toEqual({ ok: true, value: {} });

    await vi.waitFor(async () => expect(await db.purchaseOrders.count()).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 100,
    });
    expect(storeRequests.length).toBeGreaterThan(0);
    // The pages came packed in binary frames, their rows outside the JSON header.
    const pages = storeRequests.filter((request) => request.method === 'applyPulledPage');
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page.request).not.toHaveProperty('writesJson');
    const status = await bridge.invoke('sync.status', {});
    expect(status).toMatchObject({ ok: true, value: { running: true } });
  });

  it('with demo: true, starts straight into the demo and keeps it across a restart', async () => {
    const dirs = tempRenderer();
    const first = await started({ ...dirs, demo: true, demoDataset: 'small' });
    expect(first.bridge.demoSimulator()).toBeDefined();
    const state = await rendererClient(first, []).invoke('connection.get', {});
    expect(state).toMatchObject({ ok: true, value: { status: 'demo', demoDataset: 'small' } });
    await first.stop();
    expect(first.bridge.demoSimulator()).toBeUndefined();

    // A saved demo connection is reused (its simulator restarts on a new port), not replaced.
    const info = vi.fn();
    const logger: AppLogger = { info, warn: () => {}, error: () => {} };
    const second = await started({ ...dirs, demo: true, logger });
    expect(info).not.toHaveBeenCalledWith('demo mode', expect.anything());
    const again = await rendererClient(second, []).invoke('connection.get', {});
    expect(again).toMatchObject({ ok: true, value: { status: 'demo', demoDataset: 'small' } });
    expect(second.bridge.demoSimulator()).toBeDefined();
  });
});
