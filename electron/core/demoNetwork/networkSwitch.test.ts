/**
 * The demo's network switch on its own: the online signal the engine sees, the fetch its client sends with
 * (refused before sending, and classified as never delivered), a real connection left alone, and the bridge
 * command refused outside the demo.
 */
import { describe, expect, it, vi } from 'vitest';
import { BridgeFailure } from '../../../src/bridge/contract';
import { createApiClient } from '../api/client';
import { ApiCallError } from '../api/errors';
import type { FetchLike } from '../api/options';
import { tokenProbe } from '../sync/connectivity';
import { switchableSignal } from '../sync/testing/onlineSignal';
import { createDemoNetworkSwitch, demoNetworkHandler, NOT_IN_DEMO_MESSAGE } from './networkSwitch';

/** A stand-in for the network: every request answers 401 (an answer, so the API is reachable). */
function countingFetch() {
  const calls: string[] = [];
  const fetch: FetchLike = async (input) => {
    calls.push(input instanceof Request ? input.url : String(input));
    return new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

describe('demo network switch: online signal', () => {
  it('says offline while on, and tells subscribers each change of the combined value once', () => {
    const network = createDemoNetworkSwitch();
    const host = switchableSignal(true);
    const signal = network.signal(host);
    const heard: boolean[] = [];
    const unsubscribe = signal.subscribe((online) => heard.push(online));

    expect(signal.isOnline()).toBe(true);
    network.set(true);
    expect(signal.isOnline()).toBe(false);
    network.set(true); // no change, no news
    host.set(false); // the host dropping too is no news: already offline
    host.set(true); // the host back while the switch is on: still offline
    expect(signal.isOnline()).toBe(false);
    network.set(false);
    expect(signal.isOnline()).toBe(true);
    expect(heard).toEqual([false, true]);

    // The host's own outage still shows with the switch off.
    host.set(false);
    expect(heard).toEqual([false, true, false]);
    expect(signal.isOnline()).toBe(false);

    unsubscribe();
    host.set(true);
    network.set(true);
    expect(heard).toEqual([false, true, false]);
  });
});

describe('demo network switch: the API client’s fetch', () => {
  it('refuses before sending while on, as never delivered; sends again once off', async () => {
    const network = createDemoNetworkSwitch();
    const { calls, fetch } = countingFetch();
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9/v2.1',
      getApiKey: async () => 'demo-key',
      fetch: network.fetch(fetch),
    });
    const probe = tokenProbe(client);

    network.set(true);
    expect(await probe()).toBe(false);
    const error = await client
      .call('getAuthToken', {} as never, { retry: false, timeoutMs: 5_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    // Never delivered: a write refused here is sent again later, never left "uncertain".
    expect((error as ApiCallError).details.delivery).toBe('no');
    expect((error as ApiCallError).message).toMatch(/ENETDOWN/);
    expect(calls).toEqual([]);

    network.set(false);
    expect(await probe()).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('without a fetch of its own, uses globalThis.fetch as it is at the time of the call', async () => {
    const network = createDemoNetworkSwitch();
    const wrapped = network.fetch();
    const stub = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', stub);
    try {
      expect(await (await wrapped('http://127.0.0.1:9/')).text()).toBe('ok');
      network.set(true);
      await expect(wrapped('http://127.0.0.1:9/')).rejects.toThrow(TypeError);
      expect(stub).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('demo network switch: sessions', () => {
  it('wraps a demo session; leaves a real connection’s signal and fetch alone and turns itself off', () => {
    const network = createDemoNetworkSwitch();
    const host = switchableSignal(true);
    const { fetch } = countingFetch();
    network.set(true);

    const demo = network.forSession(true, { online: host, fetch });
    expect(demo.online.isOnline()).toBe(false);
    expect(demo.fetch).not.toBe(fetch);

    const real = network.forSession(false, { online: host, fetch });
    expect(real.online).toBe(host);
    expect(real.fetch).toBe(fetch);
    expect(network.down).toBe(false);
  });
});

describe('demo.network command', () => {
  it('reads and sets the switch in the demo', async () => {
    const network = createDemoNetworkSwitch();
    const handle = demoNetworkHandler(network, async () => true);
    expect(await handle({})).toEqual({ down: false });
    expect(await handle({ down: true })).toEqual({ down: true });
    expect(network.down).toBe(true);
    expect(await handle({})).toEqual({ down: true });
    expect(await handle({ down: false })).toEqual({ down: false });
  });

  it('is refused outside the demo, and changes nothing', async () => {
    const network = createDemoNetworkSwitch();
    const handle = demoNetworkHandler(network, async () => false);
    const refusal = await handle({ down: true }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BridgeFailure);
    expect(refusal).toMatchObject({ code: 'bad_request', message: NOT_IN_DEMO_MESSAGE });
    expect(network.down).toBe(false);
  });
});
