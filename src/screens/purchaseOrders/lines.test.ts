import { describe, expect, it } from 'vitest';
import { addOne, labelledErrors, lineName, type FormLine } from './lines';
import type { ProductChoice } from '../../db/productLookup';

const choice = (id: number, name: string, sku = `SKU-${id}`): ProductChoice => ({
  id,
  name,
  sku,
  barcode: `93000000000${id}`,
  buyPrice: 2.5,
  supplierId: 7,
});

describe('form lines', () => {
  it('adds a product once, then counts it up on every further scan', () => {
    const lines: FormLine[] = [];
    expect(addOne(lines, choice(1, 'Hex bolt'))).toEqual({ index: 0, added: true });
    expect(addOne(lines, choice(2, 'Hex nut'))).toEqual({ index: 1, added: true });
    expect(addOne(lines, choice(1, 'Hex bolt'))).toEqual({ index: 0, added: false });
    expect(lines.map((line) => [line.productId, line.quantity, line.buyPrice])).toEqual([
      [1, 2, 2.5],
      [2, 1, 2.5],
    ]);
    lines[1]!.quantity = null;
    addOne(lines, choice(2, 'Hex nut'));
    expect(lines[1]!.quantity).toBe(1);
  });

  it('names each line uniquely, and labels errors by those names', () => {
    const lines: FormLine[] = [];
    addOne(lines, choice(1, 'Tee'));
    addOne(lines, choice(2, 'Tee'));
    addOne(lines, choice(3, 'Cap'));
    expect([0, 1, 2].map((i) => lineName(lines, i))).toEqual(['Tee (SKU-1)', 'Tee (SKU-2)', 'Cap']);
    expect(
      labelledErrors({ supplierId: ['Choose a supplier'], 'lines.2.quantity': ['Enter a quantity'] }, lines),
    ).toEqual({ Supplier: ['Choose a supplier'], 'Quantity for Cap': ['Enter a quantity'] });
  });
});
