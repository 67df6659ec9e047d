/** Authentication over real HTTP: key, token lifecycle, the restricted key and the rate limit. */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthTokenSchema } from '../../src/api/resources/token';
import { expectProblem, KEY, RESTRICTED_KEY, startTestSimulator, type TestSimulator } from './testing';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.stop();
  sim = undefined;
});

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-03-04T10:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const outlet = (s: TestSimulator, headers: Record<string, string>) =>
  fetch(`${s.baseUrl}/outlets/1`, { headers });

describe('the API key and the token', () => {
  it('issues a bearer token with an absolute expiry one TTL away', async () => {
    const clock = manualClock();
    sim = await startTestSimulator({ now: clock.now, tokenTtlSeconds: 600 });
    const response = await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': KEY } });
    expect(response.status).toBe(200);
    const token = AuthTokenSchema.parse(await response.json());
    expect(token.expires_on).toBe('2026-03-04T10:10:00.000Z');
    expect(token.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses the token endpoint without a key or with an unknown key', async () => {
    sim = await startTestSimulator();
    await expectProblem(await fetch(`${sim.baseUrl}/auth/token`), 401);
    await expectProblem(await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': 'nope' } }), 401);
  });

  it('refuses a call without the key even with a good token', async () => {
    sim = await startTestSimulator();
    const { authorization } = await sim.authHeaders();
    await expectProblem(await outlet(sim, { authorization: authorization! }), 401);
  });

  it.each([
    ['missing', undefined],
    ['malformed', 'Token abc'],
    ['empty', 'Bearer '],
    ['unknown', 'Bearer bm90LWEtdG9rZW4'],
  ])('refuses a %s token', async (_name, authorization) => {
    sim = await startTestSimulator();
    const headers: Record<string, string> = { 'x-api-key': KEY };
    if (authorization !== undefined) headers['authorization'] = authorization;
    const problem = await expectProblem(await outlet(sim, headers), 401);
    expect(problem.detail).toEqual(expect.any(String));
  });

  it('accepts the scheme in any case', async () => {
    sim = await startTestSimulator();
    const { authorization } = await sim.authHeaders();
    const lower = authorization!.replace('Bearer', 'bearer');
    expect((await outlet(sim, { 'x-api-key': KEY, authorization: lower })).status).toBe(200);
  });

  it('refuses a token once it has expired, by the injected clock', async () => {
    const clock = manualClock();
    sim = await startTestSimulator({ now: clock.now, tokenTtlSeconds: 60 });
    const headers = await sim.authHeaders();
    clock.advance(59_999);
    expect((await outlet(sim, headers)).status).toBe(200);
    clock.advance(1);
    expect((await expectProblem(await outlet(sim, headers), 401)).detail).toMatch(/expired/);
  });

  it('refuses a token issued for another key', async () => {
    sim = await startTestSimulator();
    const { authorization } = await sim.authHeaders(RESTRICTED_KEY);
    const problem = await expectProblem(
      await outlet(sim, { 'x-api-key': KEY, authorization: authorization! }),
      401,
    );
    expect(problem.detail).toMatch(/another API key/);
  });
});

describe('the restricted key', () => {
  it('gets 403 on every purchase order operation and 200 elsewhere', async () => {
    sim = await startTestSimulator();
    const headers = await sim.authHeaders(RESTRICTED_KEY);
    expect((await outlet(sim, headers)).status).toBe(200);
    await expectProblem(await fetch(`${sim.baseUrl}/purchaseorders/1001`, { headers }), 403);
    await expectProblem(await fetch(`${sim.baseUrl}/purchaseorders`, { headers }), 403);
    const post = await fetch(`${sim.baseUrl}/purchaseorders`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    await expectProblem(post, 403);
    const main = await sim.authHeaders(KEY);
    expect((await fetch(`${sim.baseUrl}/purchaseorders/1001`, { headers: main })).status).toBe(200);
  });

  it('acts as the second user of the state', async () => {
    let seen: number | undefined;
    sim = await startTestSimulator({
      handlers: {
        getOutlet: ({ state, user }) => {
          seen = user.id;
          return { body: state.outlets.get(1) };
        },
      },
    });
    await outlet(sim, await sim.authHeaders(RESTRICTED_KEY));
    expect(seen).toBe(sim.state.users[1]!.id);
    await outlet(sim, await sim.authHeaders(KEY));
    expect(seen).toBe(sim.state.users[0]!.id);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit, per key, the token call included', async () => {
    const clock = manualClock();
    sim = await startTestSimulator({ now: clock.now, rateLimit: 3 });
    const headers = await sim.authHeaders(); // 1
    clock.advance(10_000);
    expect((await outlet(sim, headers)).status).toBe(200); // 2
    expect((await outlet(sim, headers)).status).toBe(200); // 3
    const refused = await outlet(sim, headers);
    await expectProblem(refused, 429);
    // The first request leaves the window 50 s from now.
    expect(refused.headers.get('retry-after')).toBe('50');
    // The other key has its own budget.
    expect((await outlet(sim, await sim.authHeaders(RESTRICTED_KEY))).status).toBe(200);
    clock.advance(50_000);
    expect((await outlet(sim, headers)).status).toBe(200);
  });

  it('does not count requests without a valid key', async () => {
    sim = await startTestSimulator({ rateLimit: 1 });
    for (let i = 0; i < 3; i++) await expectProblem(await outlet(sim, { 'x-api-key': 'wrong' }), 401);
    expect((await fetch(`${sim.baseUrl}/auth/token`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
  });
});
