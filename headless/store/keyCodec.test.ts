/**
 * The key codec against IndexedDB's own comparison: for random keys of every type, nested, the byte order of
 * the encodings is `indexedDB.cmp`'s order, and every key decodes to itself.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/seededRandom';
import { decodeKey, encodeKey } from './keyCodec';

const cmp = (a: unknown, b: unknown) => new IDBFactory().cmp(a, b);

const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 1e-300, -1e-300, 1e300, -1e300, Infinity, -Infinity, 2 ** 53];
const EDGE_UNITS = [0x00, 0x01, 0x7e, 0x7f, 0x80, 0x407e, 0x407f, 0x4080, 0xd800, 0xdfff, 0xfffe, 0xffff];

function randomKey(next: () => number, depth = 0): unknown {
  const kind = Math.floor(next() * (depth > 2 ? 4 : 5));
  switch (kind) {
    case 0:
      return next() < 0.3
        ? EDGE_NUMBERS[Math.floor(next() * EDGE_NUMBERS.length)]
        : (next() - 0.5) * 10 ** Math.floor(next() * 12);
    case 1:
      return new Date(Math.floor((next() - 0.5) * 4e12));
    case 2: {
      let text = '';
      const length = Math.floor(next() * 6);
      for (let i = 0; i < length; i++) {
        const unit =
          next() < 0.5
            ? EDGE_UNITS[Math.floor(next() * EDGE_UNITS.length)]!
            : Math.floor(next() * (next() < 0.5 ? 0x80 : 0x10000));
        text += String.fromCharCode(unit);
      }
      return text;
    }
    case 3: {
      // fake-indexeddb takes an empty buffer for a detached one, which is not a key.
      const bytes = new Uint8Array(1 + Math.floor(next() * 3));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
      return bytes.buffer;
    }
    default: {
      const length = Math.floor(next() * 4);
      return Array.from({ length }, () => randomKey(next, depth + 1));
    }
  }
}

describe('key codec', () => {
  it('orders encodings as indexedDB.cmp orders the keys, for every type and nesting', () => {
    const next = seededRandom(20261125);
    const keys = Array.from({ length: 1500 }, () => randomKey(next));
    const encoded = keys.map((key) => encodeKey(key));
    for (let i = 0; i < keys.length; i++) {
      // Each key against its neighbour and a random other: 3,000 pairs, every type pair many times.
      for (const j of [(i + 1) % keys.length, Math.floor(next() * keys.length)]) {
        const expected = cmp(keys[i], keys[j]);
        const actual = Math.sign(Buffer.compare(encoded[i]!, encoded[j]!));
        if (actual !== expected)
          throw new Error(
            `order differs for ${JSON.stringify([keys[i], keys[j]])}: ${actual} vs ${expected}`,
          );
      }
    }
  });

  it('decodes every key to one IndexedDB holds equal', () => {
    const next = seededRandom(7);
    for (let n = 0; n < 1000; n++) {
      const key = randomKey(next);
      const back = decodeKey(encodeKey(key));
      expect(cmp(back, key)).toBe(0);
    }
    expect(decodeKey(encodeKey(new Date(5)))).toBeInstanceOf(Date);
    expect(decodeKey(encodeKey(['a', [1, 'b']]))).toEqual(['a', [1, 'b']]);
  });

  it('sorts a shorter string or array before one it begins', () => {
    const sorted = ['', 'a', 'a\u0000', 'a\uffff', 'b', [], [''], ['', 0], [0]];
    const bytes = sorted.map((key) => encodeKey(key));
    for (let i = 1; i < bytes.length; i++) {
      expect(Buffer.compare(bytes[i - 1]!, bytes[i]!)).toBe(cmp(sorted[i - 1], sorted[i]));
    }
  });

  it('refuses what is not a key instead of storing it under a wrong one', () => {
    expect(() => encodeKey({ id: 1 })).toThrow(/Not an IndexedDB key/);
    expect(() => decodeKey(Buffer.from([0x99]))).toThrow(/damaged/);
  });
});
