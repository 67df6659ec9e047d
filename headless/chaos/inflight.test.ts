/**
 * The chaos run's in-flight proxy (./inflight.ts): requests pass through unchanged (the server's Date
 * included, which the client's server clock reads), and an aimed kill lands while the request is in flight:
 * before the server saw it (nothing committed) or after it answered (committed, the answer never delivered),
 * on a write and not on a read that comes first. Where the server cuts a connection, so does the proxy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrderCreate } from '../../src/api/requests/fixtures';
import { startTestSimulator, type TestSimulator } from '../../server/http/testing';
import { startInFlightProxy, type InFlightProxy } from './inflight';

let sim: TestSimulator | undefined;
let proxy: InFlightProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await sim?.stop();
  proxy = undefined;
  sim = undefined;
});

async function started() {
  sim = await startTestSimulator({ control: true });
  proxy = await startInFlightProxy(sim.baseUrl);
  return { sim, proxy, headers: await sim.authHeaders() };
}

const createOrder = (baseUrl: string, headers: Record<string, string>, external: string) =>
  fetch(`${baseUrl}/purchaseorders`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(samplePurchaseOrderCreate({ external_purchase_order_id: external })),
  });

const failed = (request: Promise<Response>) =>
  request.then(
    () => 'answered',
    () => 'failed',
  );

describe('the in-flight proxy', () => {
  it('passes requests and answers through, the Date header included', async () => {
    const { sim, proxy, headers } = await started();
    const answer = await fetch(`${proxy.baseUrl}/outlets/1`, { headers });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { id: number }).id).toBe(1);
    expect(answer.headers.get('date')).toMatch(/GMT$/);
    expect((await createOrder(proxy.baseUrl, headers, 'through')).status).toBe(201);
    expect(sim.control.snapshot().purchaseOrders['through']).toHaveLength(1);
    expect(proxy.open()).toBe(0);
  });

  it('kills after the server answered a write: committed, and the client never hears', async () => {
    const { sim, proxy, headers } = await started();
    const kills: number[] = [];
    const { landed } = proxy.aim('write', 'after-answer', () => kills.push(proxy.open()));
    // A read first: not the aim.
    expect((await fetch(`${proxy.baseUrl}/outlets/1`, { headers })).status).toBe(200);
    expect(kills).toEqual([]);
    expect(await failed(createOrder(proxy.baseUrl, headers, 'committed'))).toBe('failed');
    expect(await landed).toMatchObject({ method: 'POST', point: 'after-answer' });
    expect(kills).toEqual([1]); // the write itself was in flight when the kill came
    expect(sim.control.snapshot().purchaseOrders['committed']).toHaveLength(1);
  });

  it('kills before the server sees a write: nothing committed', async () => {
    const { sim, proxy, headers } = await started();
    let killed = 0;
    const { landed } = proxy.aim('write', 'before-server', () => (killed += 1));
    expect(await failed(createOrder(proxy.baseUrl, headers, 'never'))).toBe('failed');
    expect(await landed).toMatchObject({ method: 'POST', point: 'before-server' });
    expect(killed).toBe(1);
    expect(sim.control.snapshot().purchaseOrders['never']).toBeUndefined();
    // Landed once: the next write goes through.
    expect((await createOrder(proxy.baseUrl, headers, 'after')).status).toBe(201);
  });

  it('a widened aim takes a read; an older aim cannot widen a newer one', async () => {
    const { proxy, headers } = await started();
    const first = proxy.aim('write', 'after-answer', () => {});
    const second = proxy.aim('write', 'after-answer', () => {});
    first.widen();
    expect((await fetch(`${proxy.baseUrl}/outlets/1`, { headers })).status).toBe(200);
    second.widen();
    expect(await failed(fetch(`${proxy.baseUrl}/outlets/1`, { headers }))).toBe('failed');
    expect(await second.landed).toMatchObject({ method: 'GET', point: 'after-answer' });
  });

  it("cuts the client's connection where the server cut its own", async () => {
    const { sim, proxy, headers } = await started();
    sim.control.setFaults({ dropAfterCommitRate: 1 });
    expect(await failed(createOrder(proxy.baseUrl, headers, 'dropped'))).toBe('failed');
    expect(sim.control.snapshot().purchaseOrders['dropped']).toHaveLength(1);
    sim.control.setFaults({ resetRate: 1 });
    expect(await failed(fetch(`${proxy.baseUrl}/outlets/1`, { headers }))).toBe('failed');
  });
});
