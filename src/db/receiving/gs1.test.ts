/** Reading GS1 element strings as wedges send them (./gs1.ts), and GTIN-14 cartons (./gtin.ts). */
import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR as GS, readScannedCode } from './gs1';
import { gtinRole, unitBarcode } from './gtin';

/** A carton of the unit 9312345678907 (indicator 1), and the unit itself in 14 digits. */
const CARTON = '19312345678904';
const UNIT_14 = '09312345678907';

const elements = (raw: string) => {
  const read = readScannedCode(raw);
  if (read.kind !== 'gs1') throw new Error(`not read as GS1: ${JSON.stringify(read)}`);
  return read.elements;
};

describe('readScannedCode', () => {
  it('reads a GS1-128 carton label with its symbology identifier: GTIN and (30) count', () => {
    expect(elements(`]C101${CARTON}3024`)).toEqual({
      gtin: CARTON,
      count: 24,
      lot: null,
      expiry: null,
      text: `(01)${CARTON}(30)24`,
    });
  });

  it('reads a GS1 DataMatrix with GS separators: (37) count, (10) lot and (17) expiry', () => {
    expect(elements(`]d201${UNIT_14}10LOT-7${GS}17270531${GS}3712`)).toEqual({
      gtin: UNIT_14,
      count: 12,
      lot: 'LOT-7',
      expiry: '2027-05-31',
      text: `(01)${UNIT_14}(10)LOT-7(17)270531(37)12`,
    });
  });

  it('ends a lot at a separator the scanner was set to send instead of GS (~ or |)', () => {
    for (const separator of ['~', '|']) {
      const read = elements(`]Q301${CARTON}10AB12${separator}3024`);
      expect([read.lot, read.count]).toEqual(['AB12', 24]);
    }
  });

  it('reads an element string without symbology identifier when the wedge sends GS', () => {
    const read = elements(`01${CARTON}10L9${GS}3048`);
    expect([read.gtin, read.lot, read.count]).toEqual([CARTON, 'L9', 48]);
  });

  it('reads a GTIN-first element string with neither identifier nor separator (fixed-length elements)', () => {
    // Day 00 is the month's last day (GS1 General Specifications).
    expect(elements(`01${CARTON}17260600`)).toMatchObject({ gtin: CARTON, expiry: '2026-06-30' });
  });

  it('reads the printed form a clerk can type: "(01)…(30)24"', () => {
    expect(elements(`(01)${CARTON}(30)24(10)B7`)).toMatchObject({ gtin: CARTON, count: 24, lot: 'B7' });
  });

  it('takes (02), the GTIN of the items inside a logistic unit, with its (37) count', () => {
    expect(elements(`]C10009312345000000001702${UNIT_14}3724`)).toMatchObject({ gtin: UNIT_14, count: 24 });
  });

  it('refuses a GS1 label whose GTIN fails its check digit, never looks it up', () => {
    expect(readScannedCode(`]C101${CARTON.slice(0, -1)}5${'30'}24`)).toEqual({
      kind: 'refused',
      reason: 'check-digit',
      code: `01${CARTON.slice(0, -1)}53024`,
    });
  });

  it('refuses a GS1 label that does not read (cut short)', () => {
    expect(readScannedCode(`]d201${CARTON.slice(0, 9)}`)).toMatchObject({
      kind: 'refused',
      reason: 'unreadable',
    });
  });

  it('leaves plain codes alone, without the symbology identifier a scanner may send', () => {
    expect(readScannedCode('9312345678907')).toEqual({ kind: 'plain', code: '9312345678907' });
    expect(readScannedCode(']E09312345678907')).toEqual({ kind: 'plain', code: '9312345678907' });
    expect(readScannedCode(']C0TENT-2P')).toEqual({ kind: 'plain', code: 'TENT-2P' });
    expect(readScannedCode('TENT-2P')).toEqual({ kind: 'plain', code: 'TENT-2P' });
  });

  it('leaves a code that only starts like an element string as it is (a long SKU of digits)', () => {
    expect(readScannedCode(`01${CARTON.slice(0, -1)}5`)).toEqual({
      kind: 'plain',
      code: `01${CARTON.slice(0, -1)}5`,
    });
  });

  it('hands a label naming no trade item (a pallet SSCC) on in its printed form', () => {
    expect(readScannedCode(']C100093123450000000017')).toEqual({
      kind: 'plain',
      code: '(00)093123450000000017',
    });
  });
});

describe('gtinRole', () => {
  it('reads indicators 1–8 of a GTIN-14 as a carton of the GTIN-13 inside it', () => {
    expect(gtinRole(CARTON)).toEqual({ pack: 'carton', unit: '931234567890' });
    expect(gtinRole('59312345678902')).toEqual({ pack: 'carton', unit: '931234567890' });
    expect(unitBarcode('931234567890')).toBe('9312345678907');
  });

  it('reads the unit the same way in 13 and 14 digits, and a GTIN-12 and GTIN-8 padded', () => {
    expect(gtinRole('9312345678907')).toEqual({ pack: 'unit', unit: '931234567890' });
    expect(gtinRole(UNIT_14)).toEqual({ pack: 'unit', unit: '931234567890' });
    expect(unitBarcode(gtinRole('042100005264')!.unit)).toBe('042100005264');
    expect(unitBarcode(gtinRole('12345670')!.unit)).toBe('12345670');
  });

  it('names no carton for indicator 9 (variable measure) nor for a wrong check digit', () => {
    expect(gtinRole('99312345678900')).toBeNull();
    expect(gtinRole('19312345678905')).toBeNull();
    expect(gtinRole('TENT-2P')).toBeNull();
  });
});
