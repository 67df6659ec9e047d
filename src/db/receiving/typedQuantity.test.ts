/** The typed-quantity rule the scan decision and the scanner's wedge detector share. */
import { describe, expect, it } from 'vitest';
import { readTypedQuantity, startsWithTyping, typedIntoScan } from './typedQuantity';

describe('readTypedQuantity', () => {
  it('reads units (12x, 12*) and cartons (2c), never a bare or signed number', () => {
    expect(readTypedQuantity('12x')).toEqual({ units: 12 });
    expect(readTypedQuantity(' 12 * ')).toEqual({ units: 12 });
    expect(readTypedQuantity('2C')).toEqual({ cartons: 2 });
    for (const text of ['12', '-5', '-5x', '0x', '10000x']) expect(readTypedQuantity(text)).toBeNull();
  });
});

describe('startsWithTyping', () => {
  it('knows typing run into a scan by its start: a sign or a typed quantity', () => {
    for (const text of ['-59300000000019', '+5BOLT-1', '12x9300000000019', '2c9300000000019'])
      expect(startsWithTyping(text)).toBe(true);
  });

  it('never mistakes a code for typing: barcodes, SKUs, and SKUs with a dash inside', () => {
    for (const text of ['9300000000019', 'BOLT-1', 'SKU-12X', '12345678'])
      expect(startsWithTyping(text)).toBe(false);
  });
});

describe('typedIntoScan', () => {
  it('says in clerk words that typing ran into the scan, and what a quantity looks like', () => {
    expect(typedIntoScan('-59300000000019')).toBe(
      '“-” was typed just before the scan and ran into it, so nothing was added. A quantity has no sign: type it as a number then x, such as 5x, then scan again.',
    );
    expect(typedIntoScan('12x9300000000019')).toContain('“12x” was typed just as the scan began');
    expect(typedIntoScan('129300000000019')).toBeNull();
  });
});
