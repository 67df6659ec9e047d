/** The hand-written date reader (the sort's hot path) against Date.parse, and value normalisation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byName, dynamicKey, instantOf, isRef, scalarOf, textOf } from './values';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

describe('instantOf', () => {
  it('agrees with Date.parse on ISO date-times with Z and ±HH:MM offsets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2e12, max: 4e12 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        fc.boolean(),
        (ms, offset, fraction) => {
          const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
          const utc = fraction ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
          expect(instantOf(utc)).toBe(Date.parse(utc));
          // The same instant written in another offset.
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
          const sign = offset < 0 ? '-' : '+';
          const withOffset = `${local}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
          expect(instantOf(withOffset)).toBe(Date.parse(withOffset));
          expect(instantOf(withOffset)).toBe(Math.floor(ms / 1000) * 1000);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['2026-03-02', Date.UTC(2026, 2, 2)], // calendar date: midnight UTC
    ['2026-03-02T09:15:00', Date.UTC(2026, 2, 2, 9, 15)], // no offset: UTC
    ['2026-03-02T09:15', Date.UTC(2026, 2, 2, 9, 15)], // no seconds (regex path)
    ['2026-03-02T19:15:00+1000', Date.UTC(2026, 2, 2, 9, 15)],
    ['2026-03-02T19:15:00+10', Date.UTC(2026, 2, 2, 9, 15)],
    ['2026-03-02T09:15:00.1234567Z', Date.UTC(2026, 2, 2, 9, 15, 0, 123)],
    ['2026-03-02 09:15:00z', Date.UTC(2026, 2, 2, 9, 15)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['1969-12-31T23:59:59.999Z', -1],
  ])('%s', (text, expected) => expect(instantOf(text)).toBe(expected));

  it.each(['', 'yesterday', '2026-13-02', '2026-03-02T09:15:00+1', '2026-03-02Tnoon', '20260302'])(
    'rejects %j',
    (text) => expect(instantOf(text)).toBeNull(),
  );

  it('takes Date objects and numbers as instants', () => {
    expect(instantOf(new Date(5))).toBe(5);
    expect(instantOf(7)).toBe(7);
    expect(instantOf(new Date(Number.NaN))).toBeNull();
    expect(instantOf(null)).toBeNull();
  });
});

describe('value normalisation', () => {
  it('treats {id, name} objects as references, by name', () => {
    const ref = byName({ id: 3, name: 'OnOrder' });
    expect(isRef(ref)).toBe(true);
    expect(isRef([{ id: 1, name: 'x' }])).toBe(false);
    expect(isRef('OnOrder')).toBe(false);
    expect(byName(null)).toBeNull();
    expect(scalarOf(ref)).toBe('OnOrder');
    expect(textOf(42)).toBe('42');
    expect(scalarOf(undefined)).toBeNull();
    expect(scalarOf(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });

  it('keys untyped values by what they look like', () => {
    expect(dynamicKey('2026-03-02T00:00:00Z')).toBe(Date.UTC(2026, 2, 2));
    expect(dynamicKey('ACME-1')).toBe('ACME-1');
    expect(dynamicKey(true)).toBe(1);
    expect(dynamicKey(null)).toBeNull();
  });
});
