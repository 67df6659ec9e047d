import { describe, expect, it } from 'vitest';
import { addOne, labelledErrors, lineName, nameCounts, type FormLine } from './lines';
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
    const byProduct = new Map<number, FormLine>();
    const add = (c: ProductChoice) => {
      const { line, added } = addOne(lines, byProduct, c);
      return { index: lines.indexOf(line), added };
    };
    expect(add(choice(1, 'Hex bolt'))).toEqual({ index: 0, added: true });
    expect(add(choice(2, 'Hex nut'))).toEqual({ index: 1, added: true });
    expect(add(choice(1, 'Hex bolt'))).toEqual({ index: 0, added: false });
    expect(lines.map((line) => [line.productId, line.quantity, line.buyPrice])).toEqual([
      [1, 2, 2.5],
      [2, 1, 2.5],
    ]);
    lines[1]!.quantity = null;
    add(choice(2, 'Hex nut'));
    expect(lines[1]!.quantity).toBe(1);
    // A removed line (the form drops it from the index too) is added afresh by the next scan.
    const [removed] = lines.splice(0, 1);
    byProduct.delete(removed!.productId);
    expect(add(choice(1, 'Hex bolt'))).toEqual({ index: 1, added: true });
    expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });

  it('names each line uniquely, and labels errors by those names', () => {
    const lines: FormLine[] = [];
    const byProduct = new Map<number, FormLine>();
    addOne(lines, byProduct, choice(1, 'Tee'));
    addOne(lines, byProduct, choice(2, 'Tee'));
    addOne(lines, byProduct, choice(3, 'Cap'));
    const counts = nameCounts(lines);
    expect(lines.map((line) => lineName(line, counts))).toEqual(['Tee (SKU-1)', 'Tee (SKU-2)', 'Cap']);
    expect(
      labelledErrors({ supplierId: ['Choose a supplier'], 'lines.2.quantity': ['Enter a quantity'] }, lines),
    ).toEqual({ Supplier: ['Choose a supplier'], 'Quantity for Cap': ['Enter a quantity'] });
    expect(labelledErrors({}, lines)).toEqual({});
  });
});
