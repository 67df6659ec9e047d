/**
 * netFetch against the real simulator, through a stand-in for Electron's `net` that accepts only what
 * net.fetch's signature does (a URL string and init) and forwards it to Node's fetch: the client's token
 * request, a read with its query, a write with its JSON body and the caller's abort all arrive intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import { createApiClient } from './client';
import { netFetch, type NetLike } from './netFetch';

const KEY = 'net-fetch-key-2c71';
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, rateLimit: 100_000 });
});
afterAll(() => sim.stop());

function recordingNet() {
  const calls: { url: unknown; method: string | undefined; body: boolean }[] = [];
  const net: NetLike = {
    fetch: (url, init) => {
      calls.push({ url, method: init?.method, body: init?.body !== undefined });
      if (typeof url !== 'string') throw new TypeError('net.fetch takes a URL string here');
      return globalThis.fetch(url, init);
    },
  };
  return { net, calls };
}

/** The app's API client on the simulator, its requests carried by `net` through netFetch. */
function clientOver(net: NetLike) {
  return createApiClient({
    baseUrl: sim.baseUrl,
    getApiKey: () => Promise.resolve(KEY),
    fetch: netFetch(net),
  });
}

describe('netFetch', () => {
  it('carries the client’s requests to net.fetch as a URL string and init, bodies and queries included', async () => {
    const { net, calls } = recordingNet();
    const client = clientOver(net);
    const page = await client.call('searchPurchaseOrders', { query: { page_size: 2 } });
    expect(page.data?.length).toBe(2);
    const supplier = (await client.call('getSupplier', { params: { id: 101 } })) as { id: number };
    expect(supplier.id).toBe(101);
    expect(calls[0]).toMatchObject({ method: 'GET', body: false });
    expect(String(calls[0]?.url)).toMatch(/\/auth\/token$/);
    expect(calls.some((call) => String(call.url).includes('page_size=2'))).toBe(true);
    expect(calls.every((call) => typeof call.url === 'string')).toBe(true);
  });

  it('sends a write’s JSON body, and honours the caller’s abort', async () => {
    const { net, calls } = recordingNet();
    const client = clientOver(net);
    const seen: string[] = [];
    const writer = clientOver({
      fetch: async (url, init) => {
        if (init?.body) seen.push(new TextDecoder().decode(init.body as ArrayBuffer));
        return net.fetch(url, init);
      },
    });
    const created = (await writer.call('createCustomer', {
      body: { first_name: 'Net', last_name: 'Fetch' },
    })) as { id: number; first_name: string };
    expect(created.first_name).toBe('Net');
    expect(seen.some((text) => text.includes('"first_name":"Net"'))).toBe(true);
    expect(calls.some((call) => call.method === 'POST' && call.body)).toBe(true);

    const controller = new AbortController();
    controller.abort(new Error('left the screen'));
    await expect(
      client.call('getSupplier', { params: { id: 101 } }, { signal: controller.signal }),
    ).rejects.toThrow();
  });
});
