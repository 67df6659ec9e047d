/** Slot demand: counted wants, changes gathered until the task ends and handed over once. */
import { describe, expect, it } from 'vitest';
import { SlotDemand } from './slotDemand';

describe('SlotDemand', () => {
  it('hands over the wanted keys once per task, and keeps a key two slots want until both stop', async () => {
    const changes: number[][] = [];
    const demand = new SlotDemand<number>((keys) => changes.push(keys.sort((a, b) => a - b)));
    const stopA = demand.want(1);
    const stopB = demand.want(1);
    demand.want(2);
    expect(changes).toEqual([]);
    await Promise.resolve();
    expect(changes).toEqual([[1, 2]]);
    stopA();
    await Promise.resolve();
    expect(changes.at(-1)).toEqual([1, 2]);
    stopB();
    await Promise.resolve();
    expect(changes.at(-1)).toEqual([2]);
    expect(changes).toHaveLength(3);
  });
});
