/**
 * An order page's products are checked whole unless the run stored that very version (./knownProducts.ts):
 * then only the fields the line keeps are checked, and the product is never stored from this page. A
 * malformed field is refused wherever it would be kept.
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../src/api/resources';
import {
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
} from '../../../../src/api/resources/fixtures';
import { purchaseOrderRows } from '../../../../src/db/purchaseOrderCache';
import { knownProducts } from './knownProducts';
import { LIST_RESOURCES } from './resources';

const openOrders = LIST_RESOURCES.find((resource) => resource.name === 'openPurchaseOrders')!;

const known = sampleProduct({ id: 11, modified_on: '2026-03-04T14:30:00Z' });
const fresh = sampleProduct({ id: 12, modified_on: '2026-03-04T14:30:00Z' });
const storedByRun = (id: number, modifiedOn: string) => id === known.id && modifiedOn === known.modified_on;

/** A page of one order whose lines embed `products` (as the API sends it: JSON, then parsed). */
function page(products: unknown[]) {
  const items = products.map((product, i) =>
    samplePurchaseOrderItem({ po_id: 1, po_item_id: i + 1, product: product as Product }),
  );
  const order = samplePurchaseOrder({ id: 1, purchase_order_items: items });
  return JSON.parse(JSON.stringify({ data: [order], page_number: 1, page_size: 100, total_records: 1 }));
}

/** A product whose long description (a field no line keeps) is malformed. */
const badLongText = (product: Product) => ({ ...product, long_description: 42 });

describe('known products', () => {
  it('checks a product stored at that version only for its line fields, and leaves it out of the writes', () => {
    const products = knownProducts(storedByRun);
    const parsed = products.pageSchema.safeParse(page([badLongText(known), fresh]));
    expect(parsed.success).toBe(true);
    expect(products.counts).toEqual({ whole: 1, lineFields: 1 });
    const { data } = parsed.data as { data: unknown[] };
    const writes = products.withoutUnchecked(openOrders.rows(data));
    const stored = writes.find((write) => write.table === 'products')!.put as Product[];
    // Only the product checked whole is stored; both lines keep their product's line fields.
    expect(stored.map((product) => product.id)).toEqual([fresh.id]);
    const lines = writes.find((write) => write.table === 'purchaseOrderItems')!.put as {
      product: { id: number; short_description: string };
    }[];
    expect(lines.map((line) => line.product.id)).toEqual([known.id, fresh.id]);
    expect(lines[0]!.product).toEqual(purchaseOrderRows(page([known]).data).lines[0]!.product);
  });

  it('checks every other product whole: a malformed field is refused', () => {
    // Not stored by the run: checked whole, as the endpoint's own schema would.
    expect(knownProducts(storedByRun).pageSchema.safeParse(page([badLongText(fresh)])).success).toBe(false);
    // Another version of a stored product is a product the run has not stored.
    const newer = { ...badLongText(known), modified_on: '2026-03-05T09:00:00Z' };
    expect(knownProducts(storedByRun).pageSchema.safeParse(page([newer])).success).toBe(false);
  });

  it('refuses a stored product whose line fields are malformed', () => {
    const products = knownProducts(storedByRun);
    const parsed = products.pageSchema.safeParse(page([{ ...known, short_description: 42 }]));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toContain('short_description');
  });
});
