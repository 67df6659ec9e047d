import { describe, expect, it } from 'vitest';
import { keepRows, keepUnchanged, sameData } from './sameData';

describe('sameData', () => {
  it('compares query results by value', () => {
    expect(sameData({ from: 0, ids: [3, 2, 1] }, { from: 0, ids: [3, 2, 1] })).toBe(true);
    expect(sameData({ from: 0, ids: [3, 2, 1] }, { from: 0, ids: [3, 2, 0] })).toBe(false);
    expect(sameData({ from: 0, ids: [3, 2] }, { from: 0, ids: [3, 2, 1] })).toBe(false);
    expect(sameData(new Map([[1, { name: 'a', eta: null }]]), new Map([[1, { name: 'a', eta: null }]]))).toBe(
      true,
    );
    expect(sameData(new Map([[1, { name: 'a' }]]), new Map([[2, { name: 'a' }]]))).toBe(false);
    expect(sameData(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameData(new Date(5), new Date(5))).toBe(true);
    expect(sameData(new Date(5), new Date(6))).toBe(false);
    expect(sameData(NaN, NaN)).toBe(true);
    expect(sameData(null, undefined)).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1, length: 1 })).toBe(false);
  });

  it('holds class instances equal only to themselves', () => {
    class Row {
      constructor(readonly id: number) {}
    }
    const row = new Row(1);
    expect(sameData(row, row)).toBe(true);
    expect(sameData(new Row(1), new Row(1))).toBe(false);
  });
});

describe('keepUnchanged', () => {
  it('keeps the parts that did not change, so what derives them sees the same object', () => {
    const prev = {
      online: true,
      pull: { done: 10, total: 100 },
      pullProgress: { customers: { done: 10, total: 50 }, creditNotes: { done: 5, total: 5 } },
      list: [{ id: 1 }, { id: 2 }],
    };
    const next = structuredClone(prev);
    next.pull.done = 20;
    next.pullProgress.customers.done = 20;
    next.list.push({ id: 3 });
    const kept = keepUnchanged(prev, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(prev);
    expect(kept.pull).not.toBe(prev.pull);
    expect(kept.pullProgress.customers).not.toBe(prev.pullProgress.customers);
    expect(kept.pullProgress.creditNotes).toBe(prev.pullProgress.creditNotes);
    expect(kept.list[0]).toBe(prev.list[0]);
    expect(kept.list[2]).toBe(next.list[2]);
    expect(keepUnchanged(prev, structuredClone(prev))).toBe(prev);
  });

  it('takes new keys and drops gone ones', () => {
    const prev: Record<string, { n: number }> = { a: { n: 1 }, b: { n: 2 } };
    const kept = keepUnchanged(prev, { a: { n: 1 }, c: { n: 3 } });
    expect(kept).toEqual({ a: { n: 1 }, c: { n: 3 } });
    expect(kept.a).toBe(prev.a);
  });
});

describe('keepRows', () => {
  it("keeps the last answer's row object where a row's data is equal, by key, whatever its place", () => {
    const prev = new Map([
      [3, { id: 3, status: 'OnOrder', eta: null }],
      [2, { id: 2, status: 'OnOrder', eta: '2026-03-04' }],
    ]);
    const next = new Map([
      [4, { id: 4, status: 'Draft', eta: null }],
      [3, { id: 3, status: 'OnOrder', eta: null }],
      [2, { id: 2, status: 'Received', eta: '2026-03-04' }],
    ]);
    const fresh = next.get(2);
    const kept = keepRows(prev, next);
    expect([...kept.keys()]).toEqual([4, 3, 2]);
    expect(kept.get(3)).toBe(prev.get(3));
    expect(kept.get(2)).toBe(fresh);
    expect(kept.get(2)?.status).toBe('Received');
    expect(keepRows(undefined, next)).toBe(next);
  });
});
