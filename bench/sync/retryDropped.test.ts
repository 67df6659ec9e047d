/**
 * The raw-fetch baseline survives a dropped connection (issue #24: "other side closed" 2–8 times per
 * large pull lost the run's figures): the request is sent again; anything else still fails the run.
 */
import { describe, expect, it } from 'vitest';
import { isDroppedConnection, retryDropped } from './retryDropped';

/** What undici's fetch throws when the server closes the socket under a request. */
const otherSideClosed = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
  });
const reset = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('read'), { code: 'ECONNRESET' }),
  });

describe('rawFetch retries', () => {
  it('knows a dropped connection from other failures', () => {
    expect(isDroppedConnection(otherSideClosed())).toBe(true);
    expect(isDroppedConnection(reset())).toBe(true);
    expect(isDroppedConnection(new Error('socket hang up'))).toBe(true);
    expect(isDroppedConnection(new Error('/api/customers: 500'))).toBe(false);
    expect(isDroppedConnection(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))).toBe(
      false,
    );
    expect(isDroppedConnection(undefined)).toBe(false);
  });

  it('sends again after drops, counting them, with growing pauses', async () => {
    const failures = [otherSideClosed(), reset()];
    const pauses: number[] = [];
    let drops = 0;
    const answer = await retryDropped(
      () => {
        const failure = failures.shift();
        return failure ? Promise.reject(failure) : Promise.resolve('page 2');
      },
      { onDrop: () => drops++, pause: async (ms) => void pauses.push(ms) },
    );
    expect(answer).toBe('page 2');
    expect(drops).toBe(2);
    expect(pauses).toEqual([50, 100]);
  });

  it('gives up after the retries, and at once on anything else', async () => {
    const pause = async () => {};
    let tries = 0;
    await expect(
      retryDropped(() => (tries++, Promise.reject(otherSideClosed())), { retries: 3, pause }),
    ).rejects.toThrow('fetch failed');
    expect(tries).toBe(4);
    tries = 0;
    await expect(
      retryDropped(() => (tries++, Promise.reject(new Error('/api/customers: 500'))), { pause }),
    ).rejects.toThrow('500');
    expect(tries).toBe(1);
  });
});
