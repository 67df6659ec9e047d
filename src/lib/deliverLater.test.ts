/**
 * A live query's answers reach the screen after the thread is given back (./deliverLater.ts): with the
 * yield in the test's hands, nothing is applied in the answer's own task, the newest of a burst is the one
 * applied, and nothing is applied after stop.
 */
import { describe, expect, it } from 'vitest';
import { deliverLater } from './deliverLater';

/** A yield that resolves when the test says. */
function heldYields() {
  const waiting: (() => void)[] = [];
  return {
    yieldNow: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.resolve();
      await Promise.resolve();
    },
    count: () => waiting.length,
  };
}

describe('deliverLater', () => {
  it('applies an answer only once the thread was given back', async () => {
    const yields = heldYields();
    const applied: number[] = [];
    const delivery = deliverLater((value: number) => applied.push(value), yields.yieldNow);
    delivery.push(1);
    await Promise.resolve();
    expect(applied).toEqual([]);
    await yields.release();
    expect(applied).toEqual([1]);
  });

  it('applies the newest of the answers that came while one waited, once', async () => {
    const yields = heldYields();
    const applied: number[] = [];
    const delivery = deliverLater((value: number) => applied.push(value), yields.yieldNow);
    delivery.push(1);
    delivery.push(2);
    delivery.push(3);
    expect(yields.count()).toBe(1);
    await yields.release();
    expect(applied).toEqual([3]);
    delivery.push(4);
    await yields.release();
    expect(applied).toEqual([3, 4]);
  });

  it('applies nothing after stop', async () => {
    const yields = heldYields();
    const applied: number[] = [];
    const delivery = deliverLater((value: number) => applied.push(value), yields.yieldNow);
    delivery.push(1);
    delivery.stop();
    await yields.release();
    delivery.push(2);
    await yields.release();
    expect(applied).toEqual([]);
  });
});
