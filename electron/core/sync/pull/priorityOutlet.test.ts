/**
 * The outlet head start through the bridge: the renderer names this PC's outlet when it attaches its store
 * (src/lib/session.svelte.ts reads settings.receiving), and the engine's first requests are for that
 * outlet's open orders; without one, for every open order. Real demo simulator over HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../../src/bridge/contract';
import { startSimulator, type Simulator } from '../../../../server/index';
import type { DemoSimulatorOptions } from '../../bridge/demo';
import { bridgeHarness, type BridgeHarness } from '../../bridge/testing/harness';
import { waitUntil } from '../../bridge/testing/links';

const harnesses: BridgeHarness<Simulator>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.bridge.close();
});

const fastSimulator = (options: DemoSimulatorOptions) => startSimulator({ ...options, rateLimit: 100_000 });

/** Attaches a renderer's store to a fresh demo; returns the filters of the purchase order searches. */
async function firstSearches(priorityOutletId?: number): Promise<string[]> {
  const filters: string[] = [];
  const recording = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.endsWith('/purchaseorders')) filters.push(url.searchParams.get('filter_by') ?? '');
    return fetch(request);
  };
  const h = bridgeHarness<Simulator>({ startSimulator: fastSimulator, overrides: { fetch: recording } });
  harnesses.push(h);
  const r = h.renderer('tab');
  const started = (await r.invoke('demo.start', { dataset: 'small' })) as { value: ConnectionState };
  const storeName = started.value.storeName!;
  r.db(storeName);
  const payload = priorityOutletId === undefined ? { storeName } : { storeName, priorityOutletId };
  expect(await r.invoke('store.attach', payload)).toEqual({ ok: true, value: {} });
  await waitUntil(() => filters.length >= 2, 'the first purchase order searches');
  return filters;
}

describe('priority outlet', () => {
  it('the outlet named at attach has its open orders asked for first', async () => {
    const [first] = await firstSearches(2);
    expect(first).toContain('status:in:Incomplete|OnOrder|ReceivingInProgress|BackOrder');
    expect(first).toContain('outlet:eq:2');
  });

  it('without an outlet, open orders of every outlet come first', async () => {
    const [first] = await firstSearches();
    expect(first).toContain('status:in:Incomplete|OnOrder|ReceivingInProgress|BackOrder');
    expect(first).not.toContain('outlet:');
  });
});
