/** The token cache and single flight, with a scripted acquire (the HTTP side is tested in auth.test.ts). */
import { describe, expect, it } from 'vitest';
import type { AuthToken } from '../../../src/api/resources/token';
import { ContractError } from './errors';
import { createTokenManager } from './tokens';

function setup(lifetimeMs = 3_600_000) {
  let now = Date.parse('2026-02-01T00:00:00Z');
  let issued = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const manager = createTokenManager({
    now: () => new Date(now),
    skewMs: 60_000,
    acquire: async (): Promise<AuthToken> => {
      issued++;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return {
        token_type: 'Bearer',
        access_token: `t${issued}`,
        expires_on: new Date(now + lifetimeMs).toISOString(),
      };
    },
  });
  return {
    manager,
    advance: (ms: number) => (now += ms),
    issued: () => issued,
    hold: () => (hold = true),
    release: () => release?.(),
  };
}

describe('token manager', () => {
  it('shares one request among concurrent callers and reuses the result', async () => {
    const t = setup();
    t.hold();
    const waiting = Promise.all(Array.from({ length: 10 }, () => t.manager.get()));
    await Promise.resolve();
    t.release();
    expect(new Set(await waiting)).toEqual(new Set(['t1']));
    expect(await t.manager.get()).toBe('t1');
    expect(t.issued()).toBe(1);
  });

  it('refreshes skew before expiry, and at half-life for tokens shorter than twice the skew', async () => {
    const t = setup();
    await t.manager.get();
    t.advance(58 * 60_000);
    expect(await t.manager.get()).toBe('t1');
    t.advance(61_000);
    expect(await t.manager.get()).toBe('t2');

    const short = setup(60_000);
    await short.manager.get();
    short.advance(29_000);
    expect(await short.manager.get()).toBe('t1');
    short.advance(2_000);
    expect(await short.manager.get()).toBe('t2');
  });

  it('invalidate(refused) forgets only the token that was refused', async () => {
    const t = setup();
    await t.manager.get();
    t.manager.invalidate('t0');
    expect(await t.manager.get()).toBe('t1');
    t.manager.invalidate('t1');
    expect(await t.manager.get()).toBe('t2');
    t.manager.invalidate();
    expect(await t.manager.get()).toBe('t3');
  });

  it("one waiter's abort does not fail the others", async () => {
    const t = setup();
    t.hold();
    const controller = new AbortController();
    const aborted = t.manager.get(controller.signal).catch((e: unknown) => e);
    const other = t.manager.get();
    controller.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    t.release();
    expect(await other).toBe('t1');
  });

  it('refuses a token that cannot travel in a header', async () => {
    const manager = createTokenManager({
      now: () => new Date(),
      skewMs: 0,
      acquire: () =>
        Promise.resolve({ token_type: 'Bearer', access_token: 'a b\n', expires_on: '2099-01-01T00:00:00Z' }),
    });
    await expect(manager.get()).rejects.toBeInstanceOf(ContractError);
  });
});
