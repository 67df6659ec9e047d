/** Scan decisions: the right line and quantity, or a reason; never a silent change to a wrong line. */
import { describe, expect, it } from 'vitest';
import { samplePurchaseOrderItem, sampleProduct } from '../../api/resources/fixtures';
import type { CachedPurchaseOrderItem } from '../schema';
import { deliveryTotals, lineFigures } from './figures';
import { decideScan, parseTypedQuantity, type ScanLine } from './scan';
import { DEFAULT_RECEIVING_SETTINGS } from './settings';

function line(
  poItemId: number,
  codes: { barcode: string; sku: string; carton?: string; maker?: string },
  ordered: number,
  before = 0,
  now = 0,
): ScanLine {
  const product = sampleProduct({
    id: poItemId * 10,
    supplier_sku2: codes.barcode,
    supplier_sku: codes.sku,
    manufacturer_sku: codes.maker ?? `M-${codes.sku}`,
    carton_quantity: codes.carton ?? '',
  });
  const item = samplePurchaseOrderItem({
    po_item_id: poItemId,
    product,
    quantity_ordered: ordered,
    quantity_received: before,
    quantity_cancelled: 0,
  }) as CachedPurchaseOrderItem;
  return {
    poItemId,
    product,
    name: `Item ${poItemId}`,
    figures: lineFigures(item, { received: now, faulty: 0, bin: '', notes: '' }),
  };
}

const lines = [
  line(1, { barcode: '9300000000011', sku: 'BOLT-1', carton: '12' }, 24),
  line(2, { barcode: '9300000000028', sku: 'NUT-2' }, 10, 4, 6),
];
const base = { lines, settings: DEFAULT_RECEIVING_SETTINGS, typed: '' };

describe('decideScan', () => {
  it('adds one unit to the line whose barcode, SKU or manufacturer SKU matches', () => {
    for (const code of ['9300000000011', 'BOLT-1', 'bolt-1', 'M-BOLT-1'])
      expect(decideScan({ ...base, code })).toMatchObject({ kind: 'apply', poItemId: 1, quantity: 1 });
  });

  it('adds a typed quantity of units (12x, 12*) or cartons (2c)', () => {
    for (const typed of ['12x', '12*', '12X', ' 12 x '])
      expect(decideScan({ ...base, code: 'BOLT-1', typed })).toMatchObject({ kind: 'apply', quantity: 12 });
    expect(decideScan({ ...base, code: 'BOLT-1', typed: '2c' })).toMatchObject({
      kind: 'apply',
      quantity: 24,
    });
  });

  it('says "-5" is not a quantity, in clerk words, whether or not the code is on the order', () => {
    for (const code of ['BOLT-1', '9399999999994']) {
      const decision = decideScan({ ...base, code, typed: '-5' });
      expect(decision).toMatchObject({ kind: 'refuse', reason: 'quantity' });
      expect(decision.kind === 'refuse' && decision.message).toBe(
        '“-5” is not a quantity, so nothing was added: type 5x before scanning to receive 5. To take units off a line, press Enter on it and correct it.',
      );
    }
  });

  it('never takes a bare number for a quantity: it may be a cut-off digit of the scan', () => {
    const decision = decideScan({ ...base, code: 'BOLT-1', typed: '9' });
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'quantity' });
    expect(decision.kind === 'refuse' && decision.message).toContain('type 9x and scan again');
  });

  it('refuses a quantity that is not one, and cartons of a product without a carton quantity', () => {
    expect(decideScan({ ...base, code: 'BOLT-1', typed: 'x1' })).toMatchObject({
      kind: 'refuse',
      reason: 'quantity',
    });
    expect(decideScan({ ...base, code: 'BOLT-1', typed: 'c' })).toMatchObject({ kind: 'refuse' });
    expect(decideScan({ ...base, code: 'BOLT-1', typed: '0x' })).toMatchObject({ kind: 'refuse' });
    const noCartons = decideScan({ ...base, code: 'NUT-2', typed: '1c' });
    expect(noCartons).toMatchObject({ kind: 'refuse', reason: 'quantity' });
    expect(noCartons.kind === 'refuse' && noCartons.message).toContain('no carton quantity');
  });

  it('hands a code no line has to the caller, to look it up among all products', () => {
    expect(decideScan({ ...base, code: '4000000000000' })).toEqual({
      kind: 'not-on-order',
      code: '4000000000000',
    });
  });

  it('asks before receiving past the remaining quantity, or refuses when Settings say so', () => {
    const over = decideScan({ ...base, code: 'BOLT-1', typed: '30x' });
    expect(over).toMatchObject({ kind: 'confirm', reason: 'over', poItemId: 1, quantity: 30 });
    expect(over.kind === 'confirm' && over.question).toContain('6 units over');
    const refused = decideScan({
      ...base,
      settings: { ...DEFAULT_RECEIVING_SETTINGS, overReceipt: 'refuse' },
      code: 'BOLT-1',
      typed: '30x',
    });
    expect(refused).toMatchObject({ kind: 'refuse', reason: 'over', poItemId: 1 });
  });

  it('says a line is already complete (10 of 10), and asks before adding to it', () => {
    const decision = decideScan({ ...base, code: 'NUT-2' });
    expect(decision).toMatchObject({ kind: 'confirm', reason: 'complete', poItemId: 2 });
    expect(decision.kind === 'confirm' && decision.question).toContain('already complete (10 of 10');
  });

  it('adds twelve identical cartons scanned one after another with no question, then asks at the thirteenth', () => {
    let received = 0;
    for (let carton = 0; carton < 12; carton++) {
      const current = [line(7, { barcode: '9300000000019', sku: 'BOX-7' }, 12, 0, received)];
      const decision = decideScan({ ...base, lines: current, code: '9300000000019' });
      expect(decision).toMatchObject({ kind: 'apply', quantity: 1 });
      received += 1;
    }
    const full = [line(7, { barcode: '9300000000019', sku: 'BOX-7' }, 12, 0, received)];
    expect(decideScan({ ...base, lines: full, code: '9300000000019' })).toMatchObject({
      kind: 'confirm',
      reason: 'complete',
    });
  });

  it('prefers, among lines of one product, the first that still expects units', () => {
    const twice = [
      line(5, { barcode: '9300000000059', sku: 'X' }, 2, 2),
      line(6, { barcode: '9300000000059', sku: 'X' }, 3),
    ];
    expect(decideScan({ ...base, lines: twice, code: '9300000000059' })).toMatchObject({ poItemId: 6 });
  });
});

describe('decideScan with cartons', () => {
  /** A tent sold by the unit (EAN-13 9312345678907), 24 to a carton; its carton's GTIN-14 is 19312345678904. */
  const tent = (ordered: number, now = 0, carton = '24', maker?: string) =>
    line(3, { barcode: '9312345678907', sku: 'TENT-2P', carton, maker }, ordered, 0, now);
  const scanOf = (code: string, lines: ScanLine[], typed = '') => decideScan({ ...base, lines, code, typed });
  const said = (decision: ReturnType<typeof decideScan>) =>
    decision.kind === 'apply' ? decision.message : decision.kind === 'confirm' ? decision.question : '';

  it('adds a carton for a GTIN-14 wrapping the unit’s barcode, and says "1 carton = 24"', () => {
    const decision = scanOf('19312345678904', [tent(96)]);
    expect(decision).toMatchObject({ kind: 'apply', poItemId: 3, quantity: 24 });
    expect(said(decision)).toBe('+24 units: Item 3 — 1 carton = 24');
    // Any indicator 1–8 is a carton of the same unit; the unit in 14 digits is one unit.
    expect(scanOf('59312345678902', [tent(96)])).toMatchObject({ kind: 'apply', quantity: 24 });
    expect(scanOf('09312345678907', [tent(96)])).toMatchObject({ kind: 'apply', quantity: 1 });
  });

  it('adds a carton for the product’s own carton code (a GTIN-14 among its codes)', () => {
    const decision = scanOf('29300000000020', [tent(96, 0, '12', '29300000000020')]);
    expect(decision).toMatchObject({ kind: 'apply', quantity: 12 });
    expect(said(decision)).toContain('1 carton = 12');
  });

  it('takes a GS1 label’s count over the product’s carton quantity, and shows its lot and expiry', () => {
    const decision = scanOf('(01)19312345678904(30)12(10)L7(17)270531', [tent(96)]);
    expect(decision).toMatchObject({ kind: 'apply', quantity: 12 });
    expect(said(decision)).toBe('+12 units: Item 3 — 1 carton = 12 (Lot L7, expiry 2027-05-31)');
    // A label naming the unit's GTIN with a (37) count is a carton of that many; without a count, one unit.
    expect(scanOf('(01)09312345678907(37)6', [tent(96)])).toMatchObject({ kind: 'apply', quantity: 6 });
    expect(scanOf('(01)09312345678907(10)L8', [tent(96)])).toMatchObject({ kind: 'apply', quantity: 1 });
    // Without a count, the carton's GTIN counts the product's carton quantity.
    expect(scanOf('(01)19312345678904(10)L9', [tent(96)])).toMatchObject({ kind: 'apply', quantity: 24 });
  });

  it('counts cartons for a number typed before a carton scan (3x or 3c alike)', () => {
    for (const typed of ['3x', '3c']) {
      const decision = scanOf('19312345678904', [tent(96)], typed);
      expect(decision).toMatchObject({ kind: 'apply', quantity: 72 });
      expect(said(decision)).toBe('+72 units: Item 3 — 3 cartons, 1 carton = 24');
    }
  });

  it('adds a carton for each carton scanned, and asks only when one would go past what was ordered', () => {
    expect(scanOf('19312345678904', [tent(48, 0)])).toMatchObject({ kind: 'apply', quantity: 24 });
    expect(scanOf('19312345678904', [tent(48, 24)])).toMatchObject({ kind: 'apply', quantity: 24 });
    const over = scanOf('19312345678904', [tent(60, 48)]);
    expect(over).toMatchObject({ kind: 'confirm', reason: 'over', quantity: 24 });
    expect(said(over)).toBe(
      'Item 3 expects 12 units more; this adds 24 units (12 units over). 1 carton = 24. Receive 12 units more than ordered?',
    );
    const refused = decideScan({
      ...base,
      lines: [tent(48, 48)],
      code: '19312345678904',
      settings: { ...DEFAULT_RECEIVING_SETTINGS, overReceipt: 'refuse' },
    });
    expect(refused).toMatchObject({ kind: 'refuse', reason: 'complete' });
  });

  it('refuses a carton of a product with no carton quantity, in the clerk’s words', () => {
    const decision = scanOf('19312345678904', [tent(96, 0, '')]);
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'quantity' });
    expect(decision.kind === 'refuse' && decision.message).toBe(
      'That is a carton of Item 3, which has no carton quantity in Dockhand. Count the units, type the number with an x (24x), then scan one unit.',
    );
  });

  it('refuses a label whose count is more than one scan may add, like a mistyped quantity', () => {
    const decision = scanOf('(01)19312345678904(30)240000', [tent(96)]);
    expect(decision).toMatchObject({ kind: 'refuse', reason: 'quantity' });
    expect(decision.kind === 'refuse' && decision.message).toContain('check the carton label');
  });

  it('hands a carton that is not on the order on by its GTIN; indicator 9 names no carton', () => {
    expect(scanOf('(01)19300000000016(30)6', [tent(96)])).toEqual({
      kind: 'not-on-order',
      code: '19300000000016',
    });
    expect(scanOf('99312345678900', [tent(96)])).toEqual({ kind: 'not-on-order', code: '99312345678900' });
  });
});

describe('parseTypedQuantity', () => {
  it('reads units, cartons and nothing', () => {
    expect(parseTypedQuantity('')).toEqual({ units: 1 });
    expect(parseTypedQuantity(' 7x ')).toEqual({ units: 7 });
    expect(parseTypedQuantity('7*')).toEqual({ units: 7 });
    expect(parseTypedQuantity('3 C')).toEqual({ cartons: 3 });
    expect(parseTypedQuantity('7')).toHaveProperty('error');
    expect(parseTypedQuantity('10000x')).toHaveProperty('error');
    expect(parseTypedQuantity('-2')).toHaveProperty('error');
  });
});

describe('figures', () => {
  it('counts complete lines and units across deliveries', () => {
    const totals = deliveryTotals(lines.map((l) => l.figures));
    expect(totals).toEqual({
      lines: 2,
      linesComplete: 1,
      unitsOrdered: 34,
      unitsCancelled: 0,
      unitsExpected: 34,
      unitsIn: 10,
      unitsOutstanding: 24,
      unitsOver: 0,
      unitsReceived: 10,
      unitsNow: 6,
      linesNow: 1,
    });
    const over = line(9, { barcode: '1', sku: 'Y' }, 5, 0, 8).figures;
    expect(over).toMatchObject({
      remainingBefore: 5,
      remainingAfter: 0,
      over: 3,
      overAll: 3,
      complete: true,
    });
  });
});
