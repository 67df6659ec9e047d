/**
 * Products, purchase orders and their items, and product suppliers (./purchaseOrder.ts, ./product.ts,
 * ./productSupplier.ts).
 */
import { describe, expect, test } from 'vitest';
import { PRICE_MAX } from '../primitives';
import {
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleProductSupplier,
} from './fixtures';
import { ProductSchema, BREADTH_MAX } from './product';
import { ProductSupplierSchema } from './productSupplier';
import {
  canChangeLinkedTransferUpdate,
  LINKED_TRANSFER_UPDATE_VALUES,
  PURCHASE_ORDER_STATUSES,
  PurchaseOrderItemSchema,
  PurchaseOrderSchema,
} from './purchaseOrder';
import { acceptsNull, edited, INT32_OVERFLOW, issueKeys, rejectsEach, REMOVE } from '../testing';

describe('ProductSchema', () => {
  rejectsEach(test, ProductSchema, sampleProduct, [
    ['sell_price_inc', ['sell_price_inc'], PRICE_MAX * 2],
    ['sell_price_inc', ['sell_price_inc'], -PRICE_MAX * 2],
    ['breadth', ['breadth'], 10000],
    ['breadth', ['breadth'], -10000],
    ['id', ['id'], INT32_OVERFLOW],
    ['require_serial_number', ['require_serial_number'], 1.5],
    ['created_on', ['created_on'], '02/03/2026'],
    ['last_sold_on', ['last_sold_on'], null],
    ['cogs_ex', ['cogs_ex'], '8.40'],
    ['attributes[0].value.list_order', ['attributes', 0, 'value', 'list_order'], 1.5],
    ['inventory[0].outlet.modified_on', ['inventory', 0, 'outlet', 'modified_on'], 'yesterday'],
  ]);

  test('accepts the bounds themselves', () => {
    const edges = [
      { sell_price_inc: PRICE_MAX, breadth: BREADTH_MAX },
      { sell_price_inc: -PRICE_MAX, breadth: -BREADTH_MAX },
    ];
    for (const edge of edges) expect(issueKeys(ProductSchema, sampleProduct(edge))).toEqual([]);
  });

  test('sell_price_inc and markup_target cannot both be set; the issue names markup_target', () => {
    const result = ProductSchema.safeParse(sampleProduct({ sell_price_inc: 29.95, markup_target: 2.5 }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['markup_target'],
        message: expect.stringContaining('sell_price_inc'),
      }),
    ]);
  });

  test('either one alone, or neither, is fine', () => {
    for (const pair of [
      { sell_price_inc: null, markup_target: 2.5 },
      { sell_price_inc: 29.95, markup_target: null },
      { sell_price_inc: null, markup_target: null },
    ]) {
      expect(issueKeys(ProductSchema, sampleProduct(pair))).toEqual([]);
    }
  });

  test('an attribute may have no value', () => {
    expect(issueKeys(ProductSchema, edited(sampleProduct(), ['attributes', 0, 'value'], null))).toEqual([]);
  });
});

describe('PurchaseOrderItemSchema', () => {
  rejectsEach(test, PurchaseOrderItemSchema, samplePurchaseOrderItem, [
    ['pricing.sell_price_inc', ['pricing', 'sell_price_inc'], PRICE_MAX * 2],
    ['pricing.promotional_price_end', ['pricing', 'promotional_price_end'], '2026-13-01T00:00:00Z'],
    ['quantity_ordered', ['quantity_ordered'], INT32_OVERFLOW],
    ['quantity_received', ['quantity_received'], 2.5],
    ['po_id', ['po_id'], null],
    ['inventory.msl', ['inventory', 'msl'], -INT32_OVERFLOW - 1],
    ['variance_reason.name', ['variance_reason', 'name'], null],
    ['product.breadth', ['product', 'breadth'], 99999],
    ['product.markup_target', ['product', 'markup_target'], 3],
    ['is_linked_to_transfer', ['is_linked_to_transfer'], 'no'],
  ]);

  acceptsNull(test, PurchaseOrderItemSchema, samplePurchaseOrderItem, [
    'po_item_id',
    'quantity_received_variance',
    'quantity_cancelled',
    'quantity_remaining',
    'supplier_buy_ex',
    'created_on',
    'modified_on',
  ]);
});

describe('PurchaseOrderSchema', () => {
  rejectsEach(test, PurchaseOrderSchema, samplePurchaseOrder, [
    ['status.name', ['status', 'name'], 'Shipped'],
    ['status.id', ['status', 'id'], INT32_OVERFLOW],
    ['outlet.name', ['outlet', 'name'], 'x'.repeat(256)],
    ['update_linked_transfers_on_receipt_to', ['update_linked_transfers_on_receipt_to'], 'Ship'],
    ['update_linked_transfers_on_receipt_to', ['update_linked_transfers_on_receipt_to'], 'allocate'],
    ['modified_on', ['modified_on'], null],
    ['eta', ['eta'], 'next week'],
    ['total_quantity_linked_transfers', ['total_quantity_linked_transfers'], INT32_OVERFLOW],
    ['total_quantity_linked_transfers', ['total_quantity_linked_transfers'], null],
    ['total_quantity_ordered', ['total_quantity_ordered'], 1.5],
    ['fob_currency.currency_code', ['fob_currency', 'currency_code'], 36],
    ['created_by.id', ['created_by', 'id'], '7'],
    ['shipping_port.name', ['shipping_port', 'name'], null],
    ['purchase_order_items[0].quantity_ordered', ['purchase_order_items', 0, 'quantity_ordered'], -0.5],
  ]);

  test('accepts an outlet name of exactly 255 characters', () => {
    const order = edited(samplePurchaseOrder(), ['outlet', 'name'], 'x'.repeat(255));
    expect(issueKeys(PurchaseOrderSchema, order)).toEqual([]);
  });

  test('int64 totals accept whole numbers beyond int32', () => {
    expect(
      issueKeys(PurchaseOrderSchema, samplePurchaseOrder({ total_quantity_ordered: 5_000_000_000 })),
    ).toEqual([]);
  });

  test.each(PURCHASE_ORDER_STATUSES)('status %s is accepted', (name) => {
    expect(issueKeys(PurchaseOrderSchema, samplePurchaseOrder({ status: { id: 1, name } }))).toEqual([]);
  });

  test.each(LINKED_TRANSFER_UPDATE_VALUES)(
    'update_linked_transfers_on_receipt_to %s is accepted',
    (value) => {
      const order = samplePurchaseOrder({ update_linked_transfers_on_receipt_to: value });
      expect(issueKeys(PurchaseOrderSchema, order)).toEqual([]);
    },
  );

  acceptsNull(test, PurchaseOrderSchema, samplePurchaseOrder, [
    'id',
    'external_purchase_order_id',
    'created_on',
    'update_linked_transfers_on_receipt_to',
    'shipping_type',
    'shipping_port',
    'country_of_origin',
    'total_quantity_ordered',
    'deposit',
  ]);

  test('purchase_order_items may be null or absent (only filled with include_items)', () => {
    expect(issueKeys(PurchaseOrderSchema, samplePurchaseOrder({ purchase_order_items: null }))).toEqual([]);
    expect(
      issueKeys(PurchaseOrderSchema, edited(samplePurchaseOrder(), ['purchase_order_items'], REMOVE)),
    ).toEqual([]);
  });

  test('status, outlet and supplier are required and not nullable', () => {
    for (const key of ['status', 'outlet', 'supplier']) {
      expect(issueKeys(PurchaseOrderSchema, edited(samplePurchaseOrder(), [key], null))).toContain(key);
      expect(issueKeys(PurchaseOrderSchema, edited(samplePurchaseOrder(), [key], REMOVE))).toContain(key);
    }
  });
});

describe('canChangeLinkedTransferUpdate', () => {
  test.each([
    ['Incomplete', true],
    ['OnOrder', true],
    ['ReceivingInProgress', true],
    ['BackOrder', false],
    ['Received', false],
    ['Cancelled', false],
    ['incomplete', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(canChangeLinkedTransferUpdate(status)).toBe(expected);
  });
});

describe('ProductSupplierSchema', () => {
  rejectsEach(test, ProductSupplierSchema, sampleProductSupplier, [
    ['supplier_buy_ex', ['supplier_buy_ex'], PRICE_MAX * 2],
    ['supplier_buy_ex', ['supplier_buy_ex'], -PRICE_MAX * 2],
    ['supplier_code', ['supplier_code'], ''],
    ['supplier_code', ['supplier_code'], 'x'.repeat(21)],
    ['supplier_code', ['supplier_code'], null],
    ['supplier_name', ['supplier_name'], 'x'.repeat(51)],
    ['lead_time', ['lead_time'], 1.5],
    ['product_id', ['product_id'], INT32_OVERFLOW],
    ['is_deleted', ['is_deleted'], null],
  ]);

  acceptsNull(test, ProductSupplierSchema, sampleProductSupplier, [
    'supplier_name',
    'supplier_sku2',
    'notes',
  ]);
});
