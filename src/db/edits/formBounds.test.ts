/** The shared bounds' own arithmetic and words (each form's tests pin its fields' messages). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedNumber, figure, hasAtMostPlaces, textAtMost } from './formBounds';

describe('formBounds', () => {
  it('counts decimal places despite binary floating point', () => {
    expect(hasAtMostPlaces(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostPlaces(12.34, 2)).toBe(true);
    expect(hasAtMostPlaces(19.99 * 3, 2)).toBe(true);
    expect(hasAtMostPlaces(1.005, 2)).toBe(false);
    expect(hasAtMostPlaces(1.2345, 4)).toBe(true);
    expect(hasAtMostPlaces(1.23456, 4)).toBe(false);
  });

  it('writes figures with thousands separators', () => {
    expect(figure(100_000)).toBe('100,000');
    expect(figure(-1_000)).toBe('-1,000');
  });

  it('checks the sanity bound before the contract, so a value past it gets one message', () => {
    const quantity = boundedNumber(z.int32().min(1), 'Quantity', { max: 100_000 });
    expect(quantity.safeParse(2 ** 31).error?.issues.map((issue) => issue.message)).toEqual([
      'Quantity must be 100,000 or less',
    ]);
    expect(quantity.safeParse(0).error?.issues).toHaveLength(1);
    expect(quantity.safeParse(100_000).success).toBe(true);
  });

  it('says how long a text is against its bound', () => {
    expect(textAtMost(5).safeParse('abcdef').error?.issues[0]?.message).toBe(
      'At most 5 characters (this has 6).',
    );
  });
});
