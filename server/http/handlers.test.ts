/** How handler results and handler errors reach the client, and what response validation catches. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleOutlet } from '../../src/api/resources/fixtures';
import { ApiError, conflict, invalid } from '../errors';
import { expectProblem, startTestSimulator, type TestSimulator } from './testing';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
  vi.restoreAllMocks();
});

const badOutlet = () => ({ ...sampleOutlet(), id: 'one', surprise: true });

describe('response validation', () => {
  it('answers 500 naming the fields of a record that breaks the contract', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    sim = await startTestSimulator({ handlers: { getOutlet: () => ({ body: badOutlet() }) } });
    const problem = await expectProblem(
      await fetch(`${sim.baseUrl}/outlets/1`, { headers: await sim.authHeaders() }),
      500,
    );
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['id', 'surprise']);
    expect(problem.detail).toMatch(/getOutlet/);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('getOutlet'));
  });

  it('checks pre-serialised JSON too', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    sim = await startTestSimulator({
      handlers: { getOutlet: () => ({ json: JSON.stringify(badOutlet()) }) },
    });
    await expectProblem(await fetch(`${sim.baseUrl}/outlets/1`, { headers: await sim.authHeaders() }), 500);
  });

  it('sends the record unchecked when validation is off', async () => {
    sim = await startTestSimulator({
      validateResponses: false,
      handlers: { getOutlet: () => ({ body: badOutlet() }) },
    });
    const response = await fetch(`${sim.baseUrl}/outlets/1`, { headers: await sim.authHeaders() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'one' });
  });

  it('is on in tests through the environment, and off without it (the demo, npm run api)', async () => {
    expect(process.env.DOCKHAND_VALIDATE_RESPONSES).toBe('1');
    const saved = process.env.DOCKHAND_VALIDATE_RESPONSES;
    delete process.env.DOCKHAND_VALIDATE_RESPONSES;
    try {
      sim = await startTestSimulator({ handlers: { getOutlet: () => ({ body: badOutlet() }) } });
    } finally {
      process.env.DOCKHAND_VALIDATE_RESPONSES = saved;
    }
    const response = await fetch(`${sim.baseUrl}/outlets/1`, { headers: await sim.authHeaders() });
    expect(response.status).toBe(200);
  });

  it('checks a search with select against the selected fields only', async () => {
    sim = await startTestSimulator();
    const headers = await sim.authHeaders();
    const url = `${sim.baseUrl}/purchaseorders/1001/purchaseorderitems?select=id,quantity_ordered`;
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toEqual([
      { id: 90001, quantity_ordered: 24 },
    ]);
  });

  it('answers 500 when a search with select returns other fields', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    sim = await startTestSimulator({
      handlers: {
        searchPurchaseOrderItems: () => ({
          body: { data: [{ id: 1, po_id: 2 }], page_number: 1, page_size: 1, total_records: 1 },
        }),
      },
    });
    const url = `${sim.baseUrl}/purchaseorders/1001/purchaseorderitems?select=id`;
    const problem = await expectProblem(await fetch(url, { headers: await sim.authHeaders() }), 500);
    expect(Object.keys(problem.errors ?? {})).toEqual(['data[0].po_id']);
  });

  it('answers 500 when a 204 operation returns a body, or a 200 operation none', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    sim = await startTestSimulator({
      handlers: { deleteShippingPort: () => ({ body: {} }), getOutlet: () => ({ empty: true }) },
    });
    const headers = await sim.authHeaders();
    await expectProblem(await fetch(`${sim.origin}/v2/shippingports/3`, { method: 'DELETE', headers }), 500);
    await expectProblem(await fetch(`${sim.baseUrl}/outlets/1`, { headers }), 500);
  });
});

describe('handler errors', () => {
  it.each([
    [404, () => new ApiError(404, 'Not Found', 'No outlet with id 1')],
    [409, () => conflict('The invoice is finalised')],
    [400, () => invalid('name', 'Too long')],
  ])('answers an ApiError %i with its problem body', async (status, error) => {
    sim = await startTestSimulator({
      handlers: {
        getOutlet: () => {
          throw error();
        },
      },
    });
    const problem = await expectProblem(
      await fetch(`${sim.baseUrl}/outlets/1`, { headers: await sim.authHeaders() }),
      status,
    );
    expect(problem).toMatchObject({
      type: 'about:blank',
      instance: '/v2.1/outlets/1',
      detail: error().detail,
    });
    if (status === 400) expect(problem.errors).toEqual({ name: ['Too long'] });
  });

  it('answers 500 and logs any other exception, and keeps serving', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let calls = 0;
    sim = await startTestSimulator({
      handlers: {
        getOutlet: ({ state }) => {
          if (++calls === 1) throw new TypeError('boom');
          return { body: state.outlets.get(1) };
        },
      },
    });
    const headers = await sim.authHeaders();
    const problem = await expectProblem(await fetch(`${sim.baseUrl}/outlets/1`, { headers }), 500);
    expect(problem.detail).not.toMatch(/boom/);
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('TypeError: boom'));
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers })).status).toBe(200);
  });
});
