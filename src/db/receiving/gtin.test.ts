import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, hasGtinShape, isValidGtin, passesCheckDigit } from './gtin';

describe('GS1 check digits', () => {
  it('accepts real barcodes of every GTIN length', () => {
    // EAN-8, UPC-A, EAN-13 and GTIN-14 as printed on products and cartons.
    for (const code of ['96385074', '036000291452', '4006381333931', '9300000000019', '10012345678902'])
      expect(isValidGtin(code), code).toBe(true);
  });

  it('refuses a lost, an extra or a changed digit', () => {
    expect(isValidGtin('400638133393')).toBe(false); // the last digit lost: now 12 digits
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('4006381333913')).toBe(false); // two digits swapped
    expect(isValidGtin('398816794574')).toBe(false); // the lost first digit of 9398816794574
  });

  it('computes the digit from the right, whatever the length', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
    expect(gtinCheckDigit('1001234567890')).toBe(2);
  });

  it('judges only all-digit codes of GTIN length', () => {
    expect(hasGtinShape('9355897')).toBe(false);
    expect(hasGtinShape('BOLT-123')).toBe(false);
    expect(passesCheckDigit('100123')).toBe(true);
    expect(passesCheckDigit('9359384216166264')).toBe(true);
    expect(passesCheckDigit('ABCDEFGH')).toBe(true);
    expect(passesCheckDigit('12345678')).toBe(false);
  });
});
