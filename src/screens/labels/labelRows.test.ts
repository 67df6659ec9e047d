/** What a scan adds to the labels page and what goes to the printer (./labelRows.ts). */
import { describe, expect, it } from 'vitest';
import { labelLine } from '../../lib/labels/layout';
import { addLabels, printPlan, removeRow, scannedUnits, startRows } from './labelRows';
import type { LabelRow } from './labelSources';

const row = (productId: number, code: string, received: number | null = null): LabelRow => ({
  productId,
  line: labelLine(
    {
      short_description: `Product ${productId}`,
      supplier_sku: `SKU-${productId}`,
      supplier_sku2: code,
      manufacturer_sku: '',
      sell_price_inc: 10,
    },
    received ?? undefined,
  ),
  received,
  faulty: received === null ? null : 0,
  cartonQuantity: productId === 1 ? 6 : null,
});

describe('labelRows', () => {
  it('starts each row at its default: units on the shelf from a receipt, else one', () => {
    expect(startRows([row(1, '9300633601232', 5), row(2, 'PEG-10')]).quantities).toEqual({ 1: '5', 2: '1' });
  });

  it('adds a scanned product at the end, and to its own row when it is there already', () => {
    let rows = startRows([row(1, '9300633601232', 5)]);
    rows = addLabels(rows, row(2, 'PEG-10'), 1);
    rows = addLabels(rows, row(1, '9300633601232'), 3);
    expect(rows.rows.map((r) => r.productId)).toEqual([1, 2]);
    expect(rows.quantities).toEqual({ 1: '8', 2: '1' });
    expect(removeRow(rows, 1)).toEqual({ rows: [rows.rows[1]], quantities: { 2: '1' } });
  });

  it('reads a quantity typed before the scan as units or cartons, and refuses other typing', () => {
    expect(scannedUnits('', row(2, 'PEG-10'))).toEqual({ ok: true, units: 1 });
    expect(scannedUnits('5x', row(2, 'PEG-10'))).toEqual({ ok: true, units: 5 });
    expect(scannedUnits('2c', row(1, '9300633601232'))).toEqual({ ok: true, units: 12 });
    expect(scannedUnits('2c', row(2, 'PEG-10'))).toMatchObject({ ok: false, error: /no carton quantity/ });
    expect(scannedUnits('5', row(2, 'PEG-10'))).toMatchObject({ ok: false, error: /such as 5x/ });
  });

  it('prints the valid quantities of the rows whose barcode can be drawn, and names the wrong ones', () => {
    const rows = startRows([row(1, '9300633601232', 5), row(2, 'PEG-10'), row(3, '9300633601233')]);
    const plan = printPlan({ ...rows, quantities: { 1: '4', 2: 'two', 3: '3' } });
    expect(plan.lines.map((line) => line.quantity)).toEqual([4, 0, 3]);
    expect(plan.errors).toEqual({ 2: 'Type a whole number of labels, 0 to 1,000.' });
    // The third row's barcode has a wrong check digit: LabelSheet names it and prints none of it.
    expect(plan.total).toBe(4);
  });
});
