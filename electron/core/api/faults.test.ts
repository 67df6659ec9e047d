/**
 * Retries and network failures against the simulator's fault injection: reads are retried (honouring
 * Retry-After), writes never are; lost responses, offline, timeouts and the caller's abort are classified by
 * whether the request may have been delivered. Finally, nothing logged or thrown contains the key or a token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../server/index';
import type { DockhandApiClient } from './client';
import { ApiCallError, CallAbortedError } from './errors';
import { callFailure, captureLogger, recordingFetch, TEST_KEY, testClient } from './testing';

let sim: Simulator;
const logger = captureLogger();
const wire = recordingFetch();
const thrown: unknown[] = [];
let client: DockhandApiClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: TEST_KEY, rateLimit: 100_000 });
  client = testClient(sim.baseUrl, { logger, fetch: wire.fetch });
  // Fetch the token before any fault, so faults hit the operations under test, not the token request.
  await client.call('getOutlet', { params: { id: 1 } });
});

afterEach(async () => {
  sim.control.resetFaults();
  if (sim.control.isOffline()) await sim.control.setOffline(false);
  delete wire.onResponse;
});

afterAll(async () => {
  await sim.stop();
});

const failure = (promise: Promise<unknown>) => callFailure(promise, (error) => thrown.push(error));

/** Ends the fault as soon as the client has seen one answer with `status`, so the next attempt succeeds. */
function endFaultAfter(status: number) {
  wire.onResponse = (response) => {
    if (response.status === status) sim.control.resetFaults();
  };
}

describe('reads are retried, writes are not', () => {
  it('429 with Retry-After 1 on a read: waits at least a second, then succeeds', async () => {
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 1, burst429RetryAfterSeconds: 1 });
    endFaultAfter(429);
    const started = performance.now();
    const outlet = await client.call('getOutlet', { params: { id: 2 } });
    expect(outlet.id).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    const retry = logger.entries.findLast((e) => e.event === 'retry')!;
    expect(retry).toMatchObject({ operation: 'getOutlet', status: 429, retryInMs: 1000, attempt: 1 });
  });

  it('429 on a write: transient with retryAfterMs, sent once', async () => {
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 100, burst429RetryAfterSeconds: 7 });
    const before = wire.count('POST', '/shippingports');
    const error = await failure(client.call('createShippingPort', { body: { name: 'Rate limited' } }));
    expect(error.kind).toBe('transient');
    expect(error.details).toMatchObject({ status: 429, retryAfterMs: 7000, delivery: 'yes' });
    expect(wire.count('POST', '/shippingports') - before).toBe(1);
  });

  it('a Retry-After longer than the backoff cap is handed back instead of waited for', async () => {
    const patient = testClient(sim.baseUrl, { fetch: wire.fetch, backoff: { baseMs: 5, capMs: 500 } });
    await patient.call('getOutlet', { params: { id: 1 } });
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 100, burst429RetryAfterSeconds: 1 });
    const error = await failure(patient.call('getOutlet', { params: { id: 1 } }));
    expect(error.details.retryAfterMs).toBe(1000);
  });

  it('503 on a read is retried with backoff', async () => {
    sim.control.setFaults({ error5xxRate: 1 });
    endFaultAfter(503);
    const before = wire.count('GET', '/outlets/3');
    expect((await client.call('getOutlet', { params: { id: 3 } })).id).toBe(3);
    expect(wire.count('GET', '/outlets/3') - before).toBe(2);
  });

  it('a read that keeps failing gives up after readRetries and returns the last error', async () => {
    sim.control.setFaults({ error5xxRate: 1 });
    const before = wire.count('GET', '/outlets/4');
    const error = await failure(client.call('getOutlet', { params: { id: 4 } }));
    expect(error.details.status).toBe(503);
    expect(wire.count('GET', '/outlets/4') - before).toBe(4);
    // retry: false turns it off for one call.
    await failure(client.call('getOutlet', { params: { id: 4 } }, { retry: false }));
    expect(wire.count('GET', '/outlets/4') - before).toBe(5);
  });

  it('503 on a write: transient, sent once, nothing created', async () => {
    sim.control.setFaults({ error5xxRate: 1 });
    const ports = sim.control.snapshot().counts.shippingPorts;
    const before = wire.count('POST', '/shippingports');
    const error = await failure(client.call('createShippingPort', { body: { name: 'Unavailable' } }));
    expect(error).toMatchObject({ kind: 'transient', details: { status: 503, delivery: 'yes' } });
    expect(wire.count('POST', '/shippingports') - before).toBe(1);
    expect(sim.control.snapshot().counts.shippingPorts).toBe(ports);
  });

  it('a write whose response is lost after the commit: transient, maybe, and the order exists exactly once', async () => {
    sim.control.setFaults({ dropAfterCommitRate: 1 });
    const before = wire.count('POST', '/purchaseorders');
    const body = {
      external_purchase_order_id: 'lost-response-1',
      outlet: { id: 1 },
      supplier: { id: 101 },
      purchase_order_items: [{ product: { id: 10001 }, quantity_ordered: 2 }],
    };
    const error = await failure(client.call('createPurchaseOrder', { body }));
    expect(error.kind).toBe('transient');
    expect(error.details.delivery).toBe('maybe');
    expect(wire.count('POST', '/purchaseorders') - before).toBe(1);
    expect(sim.control.snapshot().purchaseOrders['lost-response-1']).toHaveLength(1);
  });
});

describe('no response at all', () => {
  it('offline (connection refused): transient, delivery no, for reads and writes', async () => {
    await sim.control.setOffline(true);
    // Let the client see its pooled keep-alive socket closed. A request written on that socket before then
    // fails with UND_ERR_SOCKET, which is rightly 'maybe': it is indistinguishable from a response lost after
    // the commit (the previous test). Offline is about new connections being refused.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read = await failure(client.call('getOutlet', { params: { id: 1 } }, { retry: false }));
    expect(read.details.delivery).toBe('no');
    const write = await failure(client.call('createShippingPort', { body: { name: 'Offline' } }));
    expect(write).toMatchObject({ kind: 'transient', details: { delivery: 'no' } });
    expect(logger.entries.at(-1)).toMatchObject({ code: 'ECONNREFUSED', delivery: 'no' });
  });

  it('a timeout: transient, delivery maybe', async () => {
    sim.control.setFaults({ latencyMs: 1_000 });
    const error = await failure(
      client.call('getOutlet', { params: { id: 1 } }, { timeoutMs: 100, retry: false }),
    );
    expect(error.kind).toBe('transient');
    expect(error.details.delivery).toBe('maybe');
    expect(error.message).toMatch(/timed out/);
  });

  it("the caller's abort rejects at once with CallAbortedError, not ApiCallError", async () => {
    // The answer would take a minute: a call that waited for it instead of rejecting on the abort would
    // hit the test's timeout, and would have seen a status.
    sim.control.setFaults({ latencyMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client
      .call('getOutlet', { params: { id: 1 } }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(wire.sent.at(-1)).toMatchObject({ target: '/v2.1/outlets/1' });
    expect(wire.sent.at(-1)!.status).toBeUndefined();
    expect(error).toBeInstanceOf(CallAbortedError);
    expect(error).not.toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ name: 'AbortError', delivery: 'maybe', operation: 'getOutlet' });

    const already = await client
      .call('getOutlet', { params: { id: 1 } }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(already).toMatchObject({ name: 'AbortError', delivery: 'no' });
  });

  it('an abort during the backoff wait stops the retries', async () => {
    sim.control.setFaults({ burst429Rate: 1, burst429Length: 100, burst429RetryAfterSeconds: 5 });
    const controller = new AbortController();
    wire.onResponse = (response) => {
      if (response.status === 429) setTimeout(() => controller.abort(), 20);
    };
    const error = await client
      .call('getOutlet', { params: { id: 1 } }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', delivery: 'no' });
  });
});

describe('secrets', () => {
  it('no log entry and no error carries the key or a token', () => {
    expect(wire.tokens.length).toBeGreaterThan(0);
    expect(logger.entries.length).toBeGreaterThan(20);
    const text = JSON.stringify(logger.entries) + JSON.stringify(thrown) + thrown.map(String).join('\n');
    expect(text).not.toContain(TEST_KEY);
    for (const token of wire.tokens) expect(text).not.toContain(token);
    for (const entry of logger.entries) {
      expect(Object.keys(entry).sort()).toEqual(
        expect.arrayContaining(['attempt', 'durationMs', 'method', 'operation', 'path', 'requestId']),
      );
      expect(entry.path).not.toContain('?');
    }
  });
});
