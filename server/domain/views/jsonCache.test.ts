import { describe, expect, it } from 'vitest';
import { Arena } from './jsonCache';

const read = (record: { bytes: Buffer; ends: number[] } | null) => {
  if (!record) return null;
  const parts: string[] = [];
  let start = 0;
  for (const end of record.ends) {
    parts.push(record.bytes.toString('utf8', start, end));
    start = end;
  }
  return parts;
};

describe('Arena', () => {
  it('writes records back to back and reports where each part ends, in bytes', () => {
    const arena = new Arena(64, 4);
    const first = arena.record(['ab', 'c']);
    const second = arena.record(['é', '😀x']);
    expect(read(first)).toEqual(['ab', 'c']);
    expect(read(second)).toEqual(['é', '😀x']);
    expect(second!.ends).toEqual([2, 7]);
  });

  it('moves a record that would cross the end of a slab to the next one, whole', () => {
    // 8 KB slabs: smaller Buffers would be slices of Node's shared pool and look alike.
    const arena = new Arena(8192, 4);
    const first = arena.record(['x'.repeat(8000)]);
    const second = arena.record(['a'.repeat(100), 'b'.repeat(150)]);
    expect(read(first)).toEqual(['x'.repeat(8000)]);
    expect(read(second)).toEqual(['a'.repeat(100), 'b'.repeat(150)]);
    expect(second!.bytes.buffer).not.toBe(first!.bytes.buffer);
    expect(second!.bytes.byteOffset).toBe(0);
  });

  it('declines a record larger than a slab, and any record once the budget is spent', () => {
    const arena = new Arena(16, 2);
    expect(arena.record(['x'.repeat(20)])).toBeNull();
    expect(read(arena.record(['0123456789']))).toEqual(['0123456789']);
    expect(read(arena.record(['0123456789']))).toEqual(['0123456789']);
    expect(arena.record(['0123456789'])).toBeNull();
  });

  it('writes over its slabs after a reset instead of allocating new ones', () => {
    const arena = new Arena(8192, 2);
    const before = arena.record(['abc'])!;
    arena.reset();
    const after = arena.record(['xyz'])!;
    expect(after.bytes.buffer).toBe(before.bytes.buffer);
    expect(before.bytes.toString()).toBe('xyz');
  });
});
