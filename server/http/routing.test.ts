/** Routing, input validation and error answers of the HTTP layer, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePurchaseOrderCreate } from '../../src/api/requests/fixtures';
import { expectProblem, rawRequest, startTestSimulator, statusOf, type TestSimulator } from './testing';

let sim: TestSimulator;
let auth: Record<string, string>;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  sim = await startTestSimulator();
  auth = await sim.authHeaders();
});
afterAll(() => sim.stop());

describe('routing', () => {
  it('answers a known operation with its record, a request id and no caching', async () => {
    const response = await fetch(`${sim.baseUrl}/outlets/1`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(((await response.json()) as { id: number }).id).toBe(1);
  });

  it('echoes a plain client request id', async () => {
    const response = await fetch(`${sim.baseUrl}/outlets/1`, {
      headers: { ...auth, 'x-request-id': 'op-42.1' },
    });
    expect(response.headers.get('x-request-id')).toBe('op-42.1');
  });

  it('serves shipping ports under /v2 only', async () => {
    expect((await fetch(`${sim.origin}/v2/shippingports/3`, { headers: auth })).status).toBe(200);
    await expectProblem(await fetch(`${sim.baseUrl}/shippingports/3`, { headers: auth }), 404);
  });

  it('answers 404 with a problem for an unknown path, before asking for credentials', async () => {
    const problem = await expectProblem(await fetch(`${sim.baseUrl}/nothing/here`), 404);
    expect(problem.instance).toBe('/v2.1/nothing/here');
    expect(problem.request_id).toEqual(expect.any(String));
    await expectProblem(await fetch(`${sim.baseUrl}/outlets/1/`, { headers: auth }), 404);
    await expectProblem(await fetch(`${sim.origin}/`), 404);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const response = await fetch(`${sim.baseUrl}/outlets/1`, { method: 'DELETE', headers: auth });
    await expectProblem(response, 405);
    expect(response.headers.get('allow')).toBe('GET');
    const ports = await fetch(`${sim.origin}/v2/shippingports/3`, { method: 'PATCH', headers: auth });
    await expectProblem(ports, 405);
    expect(ports.headers.get('allow')).toBe('GET, PUT, DELETE');
  });

  it('answers 201 for a create and 204 without a body for a delete', async () => {
    const created = await fetch(`${sim.origin}/v2/shippingports`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ name: 'Fremantle' }),
    });
    expect(created.status).toBe(201);
    const port = (await created.json()) as { id: number };
    const deleted = await fetch(`${sim.origin}/v2/shippingports/${port.id}`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  it('answers 501 for an operation without a handler', async () => {
    await expectProblem(await fetch(`${sim.baseUrl}/customers/1`, { headers: auth }), 501);
  });
});

describe('path and query validation', () => {
  it.each(['abc', '1.5', '99999999999', '-', '%zz', '%00'])('refuses the id %s with 400', async (id) => {
    const problem = await expectProblem(await fetch(`${sim.baseUrl}/outlets/${id}`, { headers: auth }), 400);
    expect(Object.keys(problem.errors ?? {})).toEqual([id === '%zz' ? 'path' : 'id']);
  });

  it('names unknown query parameters', async () => {
    const response = await fetch(`${sim.baseUrl}/purchaseorders/1001?include_items=true&colour=red`, {
      headers: auth,
    });
    expect((await expectProblem(response, 400)).errors).toEqual({ colour: ['Unknown parameter "colour"'] });
  });

  it('refuses a query parameter on an operation that takes none, even "__proto__"', async () => {
    const response = await fetch(`${sim.baseUrl}/outlets/1?__proto__=1`, { headers: auth });
    expect(response.status).toBe(400);
    // Read as text: JSON.parse would give the client the same "__proto__" surprise the server avoids.
    expect(await response.text()).toContain('"errors":{"__proto__":["Unknown parameter \\"__proto__\\""]}');
  });

  it('refuses a repeated query parameter', async () => {
    const response = await fetch(`${sim.baseUrl}/purchaseorders?page_size=1&page_size=2`, { headers: auth });
    expect(Object.keys((await expectProblem(response, 400)).errors ?? {})).toEqual(['page_size']);
  });

  it.each(['page_number=0', 'page_number=100001', 'page_size=x', 'filter_by=nope:eq:1', 'order_by=%zz'])(
    'refuses %s with 400 and the field named',
    async (query) => {
      const problem = await expectProblem(
        await fetch(`${sim.baseUrl}/purchaseorders?${query}`, { headers: auth }),
        400,
      );
      expect(Object.keys(problem.errors ?? {})).toHaveLength(1);
    },
  );

  it('passes typed query values to the handler', async () => {
    const response = await fetch(`${sim.baseUrl}/purchaseorders?include_items=true&page_size=10`, {
      headers: auth,
    });
    expect(response.status).toBe(200);
  });
});

describe('bodies', () => {
  const post = (body: string | Uint8Array, headers: Record<string, string> = json) =>
    fetch(`${sim.baseUrl}/purchaseorders`, { method: 'POST', headers: { ...auth, ...headers }, body });
  const valid = JSON.stringify(samplePurchaseOrderCreate({ external_purchase_order_id: 'body-test' }));

  it('accepts application/json with a UTF-8 charset', async () => {
    expect((await post(valid, { 'content-type': 'application/json; charset=UTF-8' })).status).toBe(201);
  });

  const mediaTypes: Record<string, string>[] = [
    {},
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/json; charset=latin1' },
  ];
  it.each(mediaTypes)('answers 415 for content type %j', async (headers) => {
    await expectProblem(await post(valid, headers), 415);
  });

  it.each(['{', '', 'nul', '{"a":1}{'])('answers 400 for the malformed JSON %j', async (text) => {
    expect((await expectProblem(await post(text), 400)).errors).toHaveProperty('$');
  });

  it('answers 400 for invalid UTF-8, deep nesting and a __proto__ key', async () => {
    await expectProblem(await post(new Uint8Array([0x7b, 0xff, 0x7d])), 400);
    await expectProblem(await post('['.repeat(10_000) + ']'.repeat(10_000)), 400);
    await expectProblem(await post('{"__proto__":{"x":1}}'), 400);
  });

  it('answers 400 naming the invalid fields', async () => {
    const body = { ...samplePurchaseOrderCreate(), outlet: { id: 'one' }, surprise: 1 };
    const problem = await expectProblem(await post(JSON.stringify(body)), 400);
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['outlet.id', 'surprise']);
  });

  it('answers 413 for a body over 5 MB', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(6 * 1024 * 1024) });
    await expectProblem(await post(huge), 413);
  });
});

describe('hostile targets', () => {
  const send = (requestLine: string, headers = '') => {
    const credentials = Object.entries(auth).map(([name, value]) => `${name}: ${value}\r\n`);
    return rawRequest(sim.port, `${requestLine}\r\nhost: x\r\n${credentials.join('')}${headers}\r\n`);
  };

  it('does not normalise ".." and never answers 5xx for odd targets', async () => {
    expect(statusOf(await send('GET /v2.1/purchaseorders/../outlets/1 HTTP/1.1'))).toBe(404);
    expect(statusOf(await send('GET /v2.1/outlets/.. HTTP/1.1'))).toBe(400);
    expect(statusOf(await send('GET http://elsewhere/v2.1/nothing HTTP/1.1'))).toBe(404);
    expect(statusOf(await send('GET * HTTP/1.1'))).toBe(400);
    expect(statusOf(await send('GET /v2.1/outlets/1\0 HTTP/1.1'))).toBe(400);
    expect(statusOf(await send('BREW /v2.1/outlets/1 HTTP/1.1'))).toBe(400);
    expect(statusOf(await send('GET /v2.1/outlets/1 HTTP/1.1', `x-big: ${'a'.repeat(20_000)}\r\n`))).toBe(
      431,
    );
  });

  it('answers a problem body to what the HTTP parser refuses', async () => {
    const reply = await send('GET /v2.1/outlets/1 HTTP/1.1', 'content-length: nope\r\n');
    expect(statusOf(reply)).toBe(400);
    expect(reply).toContain('application/problem+json');
  });

  it('still serves after all of that', async () => {
    expect((await fetch(`${sim.baseUrl}/outlets/1`, { headers: auth })).status).toBe(200);
  });
});
