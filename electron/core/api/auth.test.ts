/**
 * The token manager through the client against the real simulator: single flight, reuse until shortly before
 * expiry (on a clock shared by client and simulator), refresh once on 401, "credentials rejected" after that,
 * and token failures seen by a write that therefore was never sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../server/index';
import { CREDENTIALS_REJECTED } from './errors';
import { callFailure, captureLogger, recordingFetch, TEST_KEY, testClient } from './testing';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

async function start(options: SimulatorOptions = {}): Promise<Simulator> {
  sim = await startSimulator({ port: 0, apiKey: TEST_KEY, rateLimit: 100_000, ...options });
  return sim;
}

const MINUTE = 60_000;
const failure = (promise: Promise<unknown>) => callFailure(promise);

describe('token manager', () => {
  it('10 concurrent calls share one token request', async () => {
    const { baseUrl } = await start();
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch });
    const ids = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    const outlets = await Promise.all(ids.map((id) => client.call('getOutlet', { params: { id } })));
    expect(outlets.map((o) => o.id)).toEqual(ids);
    expect(wire.count('GET', '/auth/token')).toBe(1);
    expect(new Set(wire.sent.map((s) => s.headers['authorization'])).size).toBe(2); // none + one bearer
  });

  it('reuses the token until a minute before expires_on, then fetches a new one before any 401', async () => {
    let now = Date.parse('2026-02-01T00:00:00Z');
    const clock = () => new Date(now);
    const { baseUrl } = await start({ now: clock });
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch, now: clock });
    const read = () => client.call('getOutlet', { params: { id: 1 } });

    await read();
    now += 58 * MINUTE;
    await read();
    expect(wire.count('GET', '/auth/token')).toBe(1);
    now += 90_000; // 59.5 minutes: inside the 60 s skew of the 60-minute token
    await read();
    expect(wire.count('GET', '/auth/token')).toBe(2);
    expect(wire.sent.every((s) => s.status === 200)).toBe(true);
  });

  it('a 401 refreshes the token once and re-sends without spending an attempt (a write too)', async () => {
    let serverNow = Date.parse('2026-02-01T00:00:00Z');
    const { baseUrl } = await start({ now: () => new Date(serverNow) });
    const wire = recordingFetch();
    const logger = captureLogger();
    // The client's clock stands still, so it trusts the cached token the server now sees as expired.
    const client = testClient(baseUrl, {
      fetch: wire.fetch,
      logger,
      readRetries: 0,
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    await client.call('getOutlet', { params: { id: 1 } });
    serverNow += 2 * 60 * MINUTE;

    const port = await client.call('createShippingPort', { body: { name: 'After refresh' } });
    expect(port.name).toBe('After refresh');
    expect(wire.sent.map((s) => `${s.method} ${s.target.split('/').pop()} ${s.status}`)).toEqual([
      'GET token 200',
      'GET 1 200',
      'POST shippingports 401',
      'GET token 200',
      'POST shippingports 201',
    ]);
    const posts = logger.entries.filter((e) => e.operation === 'createShippingPort');
    expect(posts.map((e) => [e.status, e.attempt])).toEqual([
      [401, 1],
      [201, 1],
    ]);
    expect(posts[0]!.requestId).not.toBe(posts[1]!.requestId);
  });

  it('concurrent 401s share the one refresh', async () => {
    let serverNow = Date.parse('2026-02-01T00:00:00Z');
    const { baseUrl } = await start({ now: () => new Date(serverNow) });
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch, now: () => new Date('2026-02-01T00:00:00Z') });
    await client.call('getOutlet', { params: { id: 1 } });
    serverNow += 2 * 60 * MINUTE;
    await Promise.all([1, 2, 3, 4, 5].map((id) => client.call('getOutlet', { params: { id } })));
    expect(wire.count('GET', '/auth/token')).toBe(2);
  });

  it('a second 401 is final: auth, "credentials rejected"', async () => {
    // Every reading of the server's clock is two hours later, so each token has expired by its first use.
    let serverNow = Date.parse('2026-02-01T00:00:00Z');
    const { baseUrl } = await start({ now: () => new Date((serverNow += 2 * 60 * MINUTE)) });
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch });
    const error = await failure(client.call('getOutlet', { params: { id: 1 } }));
    expect(error.kind).toBe('auth');
    expect(error.message.startsWith(CREDENTIALS_REJECTED)).toBe(true);
    expect(error.details.status).toBe(401);
    expect(wire.sent.map((s) => s.status)).toEqual([200, 401, 200, 401]);
  });

  it('a 401 on the token request itself (wrong key) is auth at once, and the operation is never sent', async () => {
    const { baseUrl } = await start();
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch, getApiKey: () => Promise.resolve('wrong-key') });
    const error = await failure(client.call('getOutlet', { params: { id: 1 } }));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(
      /^credentials rejected: getOutlet could not get a token: getAuthToken answered 401/,
    );
    expect(error.details.delivery).toBe('no');
    expect(wire.sent.map((s) => s.target)).toEqual(['/v2.1/auth/token']);
  });

  it('a key source that fails is auth with nothing sent', async () => {
    const { baseUrl } = await start();
    const wire = recordingFetch();
    const client = testClient(baseUrl, {
      fetch: wire.fetch,
      getApiKey: () => Promise.reject(new Error('locked')),
    });
    const error = await failure(client.call('getOutlet', { params: { id: 1 } }));
    expect(error.kind).toBe('auth');
    expect(wire.sent).toEqual([]);
  });

  it('a transient token failure fails a write with delivery no (the write never left)', async () => {
    const { baseUrl, control } = await start();
    const wire = recordingFetch();
    const client = testClient(baseUrl, { fetch: wire.fetch });
    control.setFaults({ error5xxRate: 1 });
    const error = await failure(client.call('createShippingPort', { body: { name: 'Never' } }));
    expect(error.kind).toBe('transient');
    expect(error.details).toMatchObject({ delivery: 'no', status: 503, operation: 'createShippingPort' });
    expect(wire.sent.map((s) => s.target)).toEqual(['/v2.1/auth/token']);
  });
});
