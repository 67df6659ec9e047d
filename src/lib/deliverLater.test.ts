/**
 * A live query's answers reach the screen after the thread is given back (./deliverLater.ts): with the
 * yield in the test's hands, nothing is applied in the answer's own task, the newest of a burst is the one
 * applied, and nothing is applied after stop. Rows' draws (`DrawTurns`) are taken a few a task: never in
 * the task that asked, as many as the budget on the injected clock allows (at least one, at most `most`).
 */
import { describe, expect, it } from 'vitest';
import { deliverLater, DrawTurns } from './deliverLater';

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

describe('DrawTurns', () => {
  /** Turns on a clock that each draw moves on by `drawMs`; the yields in the test's hands. */
  function turnsOf(drawMs: number, most = 8) {
    const yields = heldYields();
    let clock = 0;
    const flushed: number[] = [];
    const turns = new DrawTurns({
      budgetMs: 8,
      most,
      now: () => clock,
      yieldNow: yields.yieldNow,
      flush: () => flushed.push(clock),
    });
    const drawn: number[] = [];
    const add = (n: number) =>
      turns.add(() => {
        clock += drawMs;
        drawn.push(n);
      });
    return { turns, yields, drawn, flushed, add };
  }

  it('draws nothing in the task that asked, then as many a task as its budget allows, in order', async () => {
    const { turns, yields, drawn, flushed, add } = turnsOf(3);
    for (let n = 1; n <= 7; n++) add(n);
    expect(drawn).toEqual([]);
    await yields.release();
    // 3 ms a draw: the third one spends the 8 ms budget.
    expect(drawn).toEqual([1, 2, 3]);
    // Each draw was flushed on its own, so the clock saw what it cost.
    expect(flushed).toEqual([3, 6, 9]);
    await yields.release();
    expect(drawn).toEqual([1, 2, 3, 4, 5, 6]);
    await yields.release();
    expect(drawn).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(turns.tasks).toBe(3);
    expect(yields.count()).toBe(0);
  });

  it('draws at most `most` a task however fast they go, and one a task however slow', async () => {
    const fast = turnsOf(0, 4);
    for (let n = 1; n <= 10; n++) fast.add(n);
    await fast.yields.release();
    expect(fast.drawn).toHaveLength(4);

    const slow = turnsOf(50);
    for (let n = 1; n <= 3; n++) slow.add(n);
    await slow.yields.release();
    expect(slow.drawn).toEqual([1]);
    await slow.yields.release();
    expect(slow.drawn).toEqual([1, 2]);
  });

  it('takes back a draw still waiting, and draws what is asked for meanwhile in a later turn', async () => {
    const { turns, yields, drawn, add } = turnsOf(1);
    add(1);
    const takeBack = add(2);
    add(3);
    takeBack();
    expect(turns.size).toBe(2);
    await yields.release();
    expect(drawn).toEqual([1, 3]);
    add(4);
    expect(drawn).toEqual([1, 3]);
    await yields.release();
    expect(drawn).toEqual([1, 3, 4]);
    expect(turns.drawn).toBe(3);
  });
});
