import { describe, expect, it } from 'vitest';
import { bytesToText, CHUNK_BYTES, idleChunks, JsonOut } from './jsonOut';

describe('JsonOut', () => {
  it('joins text and byte fragments in order, across chunk boundaries, without splitting characters', () => {
    const out = new JsonOut();
    const pieces: string[] = [];
    const emoji = '😀é'.repeat(1000);
    for (let i = 0; pieces.join('').length < 3 * CHUNK_BYTES; i++) {
      const piece = i % 3 === 0 ? emoji : i % 3 === 1 ? `{"n":${i}}` : 'x'.repeat(70_001);
      pieces.push(piece);
      if (i % 2 === 0) out.text(piece);
      else out.bytes(Buffer.from(piece));
    }
    const bytes = out.finish();
    expect(bytes.parts.length).toBeGreaterThan(3);
    expect(bytes.length).toBe(Buffer.byteLength(pieces.join('')));
    expect(bytesToText(bytes)).toBe(pieces.join(''));
    bytes.release();
  });

  it('copies a slice of a fragment', () => {
    const out = new JsonOut();
    out.bytes(Buffer.from('[1,2,3]'), 1, 4);
    const bytes = out.finish();
    expect(bytesToText(bytes)).toBe('1,2');
    bytes.release();
  });

  it('gives its chunks back to the pool once, and only on release', () => {
    const out = new JsonOut();
    out.text('x'.repeat(CHUNK_BYTES / 3));
    out.bytes(Buffer.alloc(CHUNK_BYTES));
    const bytes = out.finish();
    const idle = idleChunks();
    expect(bytes.parts).toHaveLength(2);
    bytes.release();
    bytes.release();
    expect(idleChunks()).toBe(idle + 2);
    expect(() => out.finish()).toThrow();
  });
});
