/**
 * The printable PO's content from the cache (fake-indexeddb): the supplier's own code comes from this
 * supplier's link to the product, never another supplier's; figures are the PO page's; the delivery address
 * is the outlet's; and what the buyer must check before sending it is said.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleOutlet,
  sampleProduct,
  sampleProductSupplier,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleSupplier,
} from '../../../api/resources/fixtures';
import { lineProduct } from '../../../db/lineProduct';
import { DockhandDb, type CachedPurchaseOrder, type CachedPurchaseOrderItem } from '../../../db/schema';
import { addressLines, loadPrintableOrder, type PrintableOrder } from './printableOrder';

let db: DockhandDb;
let n = 0;
beforeEach(() => {
  db = new DockhandDb(`po-print-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
});

const { purchase_order_items: _, ...orderFields } = samplePurchaseOrder();
const ORDER: CachedPurchaseOrder = { ...orderFields, id: 1001, total_supplier_buy_ex: 201.6 + 30.3 };

function line(
  poItemId: number,
  productId: number,
  more: Partial<CachedPurchaseOrderItem>,
): CachedPurchaseOrderItem {
  const item = samplePurchaseOrderItem();
  return {
    ...item,
    po_item_id: poItemId,
    product: lineProduct(
      sampleProduct({
        id: productId,
        short_description: `Product ${productId}`,
        supplier_sku: `SKU-${productId}`,
        supplier_sku2: `93000000${productId}`,
      }),
    ),
    ...more,
  };
}

async function seed(order: CachedPurchaseOrder = ORDER) {
  await db.purchaseOrders.put(order);
  await db.purchaseOrderItems.bulkPut([
    line(1, 5012, {}),
    line(2, 5013, {
      quantity_ordered: 10,
      quantity_cancelled: 3,
      supplier_buy_ex: 3.03,
      total_supplier_buy_ex: 30.3,
    }),
  ]);
  await db.outlets.put({ ...sampleOutlet(), id: 1 });
  await db.suppliers.put({ ...sampleSupplier(), id: 41 });
  await db.productSuppliers.bulkPut([
    sampleProductSupplier({ product_id: 5012, supplier_code: 'ACME', supplier_sku2: 'AC-77' }),
    // Another supplier's code for the same product: not this order's.
    sampleProductSupplier({
      product_id: 5013,
      supplier_code: 'OTHER',
      supplier_sku2: 'OT-1',
      is_default: false,
    }),
  ]);
}

async function printable(id = ORDER.id): Promise<PrintableOrder> {
  const read = await loadPrintableOrder(db, id);
  if (!read.order) throw new Error('not read');
  return read as PrintableOrder;
}

describe('loadPrintableOrder', () => {
  it('prints each line with our codes, the order supplier’s own code, and the PO page’s figures, summed in cents', async () => {
    await seed();
    const read = await printable();
    expect(read.lines).toEqual([
      {
        poItemId: 1,
        description: 'Product 5012',
        sku: 'SKU-5012',
        barcode: '930000005012',
        supplierCode: 'AC-77',
        ordered: 24,
        cancelled: 0,
        unitPriceEx: 8.4,
        lineTotalEx: 201.6,
      },
      expect.objectContaining({
        poItemId: 2,
        supplierCode: '',
        ordered: 10,
        cancelled: 3,
        lineTotalEx: 30.3,
      }),
    ]);
    expect(read.units).toBe(34);
    expect(read.subtotalEx).toBe(231.9);
    expect(read.currency).toBe('AUD');
    expect(read.check).toBeNull();
    expect(read.deliverTo).toEqual(['Sydney CBD', '1 George St', 'Sydney NSW 2000', 'Australia']);
  });

  it('says what to check when the lines do not add up to the order on record, and falls back to its "deliver to"', async () => {
    await seed({ ...ORDER, total_supplier_buy_ex: 500 });
    await db.outlets.clear();
    const read = await printable();
    expect(read.check).toMatch(
      /^The order's total on record is .*500\.00, but the lines on this computer add up to .*231\.90/,
    );
    expect(read.outlet).toBeNull();
    expect(read.deliverTo).toEqual(['Sydney CBD, 1 George St']);
  });

  it('an order not on this computer reads as such; one that synced under its server id says where it went', async () => {
    expect(await loadPrintableOrder(db, 999)).toEqual({ order: null, movedTo: null });
    const moved = { tempId: -4, entity: 'purchaseOrders', serverId: 1001, createdAt: ORDER.modified_on };
    await db.tempIds.put(moved);
    expect(await loadPrintableOrder(db, -4)).toEqual({ order: null, movedTo: 1001 });
  });
});

describe('addressLines', () => {
  it('reads as an envelope: empty parts left out, a country only when it is words', () => {
    expect(
      addressLines('Acme', {
        address_line1: '8 Mill Rd',
        suburb: 'Alexandria',
        state: null,
        postcode: '2015',
        country: { id: 13 },
      }),
    ).toEqual(['Acme', '8 Mill Rd', 'Alexandria 2015']);
  });
});
