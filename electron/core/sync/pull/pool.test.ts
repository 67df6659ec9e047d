import { describe, expect, it } from 'vitest';
import { inPool } from './pool';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inPool', () => {
  it('answers in the order of the items with at most `limit` in flight', async () => {
    let running = 0;
    let most = 0;
    const answers = await inPool(
      [5, 1, 4, 2, 3, 0],
      async (n) => {
        running++;
        most = Math.max(most, running);
        for (let i = 0; i < n; i++) await tick();
        running--;
        return n * 10;
      },
      3,
    );
    expect(answers).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure and throws it once the ones in flight have settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = inPool(
      [1, 2, 3, 4, 5],
      async (n) => {
        started.push(n);
        await tick();
        settled++;
        if (n === 1) throw new Error('one failed');
        return n;
      },
      2,
    );
    await expect(run).rejects.toThrow('one failed');
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(2);
  });
});
