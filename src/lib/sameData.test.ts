import { describe, expect, it } from 'vitest';
import { sameData } from './sameData';

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
