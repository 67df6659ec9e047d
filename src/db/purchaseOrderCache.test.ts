/** A purchase order as sent becomes the order row, its lines with their product cut, and each product once. */
import { describe, expect, it } from 'vitest';
import { ProductSchema } from '../api/resources';
import { sampleProduct, samplePurchaseOrder, samplePurchaseOrderItem } from '../api/resources/fixtures';
import { LineProductSchema } from './lineProduct';
import { purchaseOrderRows } from './purchaseOrderCache';

const shirt = sampleProduct({ id: 7, short_description: 'Shirt', supplier_sku: 'SH-1' });
const newerShirt = { ...shirt, short_description: 'Shirt (new)', modified_on: '2026-11-20T00:00:00.000Z' };
const cap = sampleProduct({ id: 8, short_description: 'Cap' });

describe('purchaseOrderRows', () => {
  it('splits orders into rows, keeps part of each line’s product and each product once, whole', () => {
    const first = samplePurchaseOrder({
      id: 1,
      purchase_order_items: [
        samplePurchaseOrderItem({ po_id: 1, po_item_id: 11, product: shirt }),
        samplePurchaseOrderItem({ po_id: 1, po_item_id: 12, product: cap }),
      ],
    });
    const second = samplePurchaseOrder({
      id: 2,
      purchase_order_items: [samplePurchaseOrderItem({ po_id: 2, po_item_id: 21, product: newerShirt })],
    });
    const { orders, lines, products } = purchaseOrderRows([first, second]);

    expect(orders.map((order) => order.id)).toEqual([1, 2]);
    expect(orders.every((order) => !('purchase_order_items' in order))).toBe(true);
    expect(lines.map((line) => [line.po_id, line.po_item_id, line.product.id])).toEqual([
      [1, 11, 7],
      [1, 12, 8],
      [2, 21, 7],
    ]);
    // A line's product is exactly the kept fields (strict), with the values it was sent with.
    for (const line of lines) expect(LineProductSchema.parse(line.product)).toEqual(line.product);
    expect(lines[0]!.product).toMatchObject({ short_description: 'Shirt', supplier_sku: 'SH-1' });
    expect(lines[0]!.product).not.toHaveProperty('inventory');
    // Whole products, one per id, the last copy sent winning.
    expect(products.map((product) => product.id)).toEqual([7, 8]);
    expect(products.map((product) => ProductSchema.parse(product))).toEqual(products);
    expect(products[0]!.short_description).toBe('Shirt (new)');
  });

  it('skips a line without an id and refuses an order without one', () => {
    const order = samplePurchaseOrder({
      id: 3,
      purchase_order_items: [samplePurchaseOrderItem({ po_id: 3, po_item_id: null, product: cap })],
    });
    expect(purchaseOrderRows([order]).lines).toEqual([]);
    expect(() => purchaseOrderRows([{ ...order, id: null }])).toThrow(/without an id/);
  });

  it('takes an order without its lines (a light page) as the order alone', () => {
    const light = samplePurchaseOrder({ id: 4, purchase_order_items: null });
    expect(purchaseOrderRows([light])).toMatchObject({ orders: [{ id: 4 }], lines: [], products: [] });
  });
});
