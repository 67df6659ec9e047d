import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PRICE_MAX } from '../primitives';
import * as requests from './index';
import {
  DirectCostsSchema,
  ProductSupplierItemSchema,
  ProductSupplierItemsSchema,
  PurchaseOrderReceiptItemSchema,
  PurchaseOrderReceiptSchema,
  SupplierInvoiceCreateSchema,
  SupplierInvoiceUpdateSchema,
  SupplierReturnItemCreateSchema,
  SupplierReturnUpdateSchema,
} from './index';
import {
  sampleProductSupplierItem,
  sampleProductSupplierItems,
  sampleSupplierInvoiceCreate,
  sampleSupplierInvoiceUpdate,
  sampleSupplierReturnItemCreate,
  sampleSupplierReturnUpdate,
} from './fixtures';
import { edited, errorsOf, REMOVE, rejectsEach } from '../testing';

describe('ProductSupplierItemsSchema', () => {
  it('accepts realistic bodies, including a single item and the price bound reached exactly', () => {
    expect(errorsOf(ProductSupplierItemsSchema, sampleProductSupplierItems())).toEqual({});
    expect(errorsOf(ProductSupplierItemsSchema, [{ supplier_code: 'ACME01' }])).toEqual({});
    expect(
      errorsOf(ProductSupplierItemSchema, sampleProductSupplierItem({ supplier_buy_ex: -PRICE_MAX })),
    ).toEqual({});
  });

  it('rejects an empty body', () => {
    expect(Object.keys(errorsOf(ProductSupplierItemsSchema, []))).toEqual(['$']);
  });

  it('allows one default supplier and names each extra one', () => {
    const body = edited(sampleProductSupplierItems(), [1, 'is_default'], true) as unknown[];
    body.push(sampleProductSupplierItem({ supplier_code: 'GAMMA3', is_default: true }));
    expect(Object.keys(errorsOf(ProductSupplierItemsSchema, body))).toEqual([
      '[1].is_default',
      '[2].is_default',
    ]);
  });

  rejectsEach(it, ProductSupplierItemsSchema, sampleProductSupplierItems, [
    ['[1].supplier_code', [1, 'supplier_code'], 'ACME01'],
    ['[0].supplier_code', [0, 'supplier_code'], REMOVE],
    ['[0].supplier_code', [0, 'supplier_code'], 'x'.repeat(21)],
    ['[0].supplier_buy_ex', [0, 'supplier_buy_ex'], PRICE_MAX * 1.01],
    ['[1].supplier_buy_ex', [1, 'supplier_buy_ex'], -PRICE_MAX * 1.01],
    ['[0].lead_time', [0, 'lead_time'], -1],
    ['[0].lead_time', [0, 'lead_time'], 2.5],
    ['[0].is_default', [0, 'is_default'], 'yes'],
    ['[1].supplier_name', [1, 'supplier_name'], 'Beta'],
  ]);
});

describe('SupplierInvoiceCreateSchema', () => {
  const items = ['purchase_order_receipts', 0, 'purchase_order_receipt_items'] as const;
  const item = (index: number, field: string) => [...items, index, field];
  const itemKey = (index: number, field: string) =>
    `purchase_order_receipts[0].purchase_order_receipt_items[${index}].${field}`;

  it('accepts a realistic body and a minimal one', () => {
    expect(errorsOf(SupplierInvoiceCreateSchema, sampleSupplierInvoiceCreate())).toEqual({});
    const minimal = {
      supplier_invoice_number: 'INV-1',
      purchase_order_receipts: [
        {
          purchase_order_id: 1,
          purchase_order_receipt_items: [{ purchase_order_item_id: 9, quantity_received: 0 }],
        },
      ],
    };
    expect(errorsOf(SupplierInvoiceCreateSchema, minimal)).toEqual({});
  });

  it('exports its sub-schemas', () => {
    const receipt = sampleSupplierInvoiceCreate().purchase_order_receipts[0];
    expect(errorsOf(PurchaseOrderReceiptSchema, receipt)).toEqual({});
    expect(errorsOf(PurchaseOrderReceiptItemSchema, receipt?.purchase_order_receipt_items[0])).toEqual({});
    expect(errorsOf(DirectCostsSchema, sampleSupplierInvoiceCreate().direct_costs)).toEqual({});
  });

  rejectsEach(it, SupplierInvoiceCreateSchema, sampleSupplierInvoiceCreate, [
    ['supplier_invoice_number', ['supplier_invoice_number'], REMOVE],
    ['supplier_invoice_number', ['supplier_invoice_number'], ''],
    ['supplier_invoiced_on', ['supplier_invoiced_on'], '2026-03-15T09:00:00Z'],
    ['status', ['status'], 'Draft'],
    ['rounding_adjustment', ['rounding_adjustment'], '0.01'],
    ['purchase_order_receipts', ['purchase_order_receipts'], REMOVE],
    ['purchase_order_receipts', ['purchase_order_receipts'], []],
    [
      'purchase_order_receipts[0].purchase_order_id',
      ['purchase_order_receipts', 0, 'purchase_order_id'],
      REMOVE,
    ],
    ['purchase_order_receipts[0].purchase_order_receipt_items', [...items], []],
    [itemKey(0, 'purchase_order_item_id'), item(0, 'purchase_order_item_id'), REMOVE],
    [itemKey(1, 'purchase_order_item_id'), item(1, 'purchase_order_item_id'), 5001],
    [itemKey(0, 'quantity_received'), item(0, 'quantity_received'), -1],
    [itemKey(1, 'quantity_received'), item(1, 'quantity_received'), REMOVE],
    [itemKey(0, 'quantity_faulty'), item(0, 'quantity_faulty'), 25],
    [itemKey(0, 'quantity_invoiced'), item(0, 'quantity_invoiced'), 1.5],
    [itemKey(0, 'buy_price_ex'), item(0, 'buy_price_ex'), -12.5],
    [itemKey(0, 'include_tax'), item(0, 'include_tax'), 'no'],
    [itemKey(0, 'supplier_sku'), item(0, 'supplier_sku'), 'AC-1'],
    ['direct_costs.freight.total_ex', ['direct_costs', 'freight', 'total_ex'], -85],
    ['direct_costs.misc.total_ex', ['direct_costs', 'misc', 'total_ex'], REMOVE],
    ['direct_costs.duty.includes_tax', ['direct_costs', 'duty', 'includes_tax'], false],
    // Update-only and server-computed fields are not part of a create.
    ['international_order', ['international_order'], true],
    ['total_buy_price_ex', ['total_buy_price_ex'], 300],
  ]);
});

describe('SupplierInvoiceUpdateSchema', () => {
  it('accepts a realistic body and an empty one (partial update)', () => {
    expect(errorsOf(SupplierInvoiceUpdateSchema, sampleSupplierInvoiceUpdate())).toEqual({});
    expect(errorsOf(SupplierInvoiceUpdateSchema, {})).toEqual({});
    expect(
      errorsOf(SupplierInvoiceUpdateSchema, { status: 'Finalised', landed_costs_calculation: 'Manual' }),
    ).toEqual({});
  });

  rejectsEach(it, SupplierInvoiceUpdateSchema, sampleSupplierInvoiceUpdate, [
    ['landed_costs_calculation', ['landed_costs_calculation'], 'Automatic'],
    ['status', ['status'], 'finalised'],
    ['currency_conversion', ['currency_conversion'], 0],
    ['origin_country.name', ['origin_country', 'name'], 'China'],
    ['supplier_invoice_number', ['supplier_invoice_number'], ''],
    ['supplier_invoiced_on', ['supplier_invoiced_on'], '16/03/2026'],
    ['purchase_order_receipts', ['purchase_order_receipts'], []],
    ['direct_costs', ['direct_costs'], 85],
    ['direct_costs.freight.total_ex', ['direct_costs'], { freight: { total_ex: -1 } }],
    ['direct_costs.misc.includes_tax', ['direct_costs'], { misc: { includes_tax: 'yes' } }],
    // Duty has no tax flag, and the computed tax and inc totals are the server's.
    ['direct_costs.duty.includes_tax', ['direct_costs'], { duty: { includes_tax: false } }],
    ['direct_costs.freight.total_tax', ['direct_costs'], { freight: { total_tax: 8.5 } }],
  ]);

  it('takes direct costs line by line and field by field on update (not in the API PUT body)', () => {
    expect(errorsOf(SupplierInvoiceUpdateSchema, { direct_costs: { freight: { total_ex: 120 } } })).toEqual(
      {},
    );
    expect(errorsOf(SupplierInvoiceUpdateSchema, { direct_costs: { misc: { includes_tax: true } } })).toEqual(
      {},
    );
    expect(
      errorsOf(
        SupplierInvoiceUpdateSchema,
        sampleSupplierInvoiceUpdate({
          direct_costs: {
            freight: { includes_tax: true, total_ex: 85 },
            misc: { total_ex: 0 },
            duty: { total_ex: 30 },
          },
        }),
      ),
    ).toEqual({});
  });
});

describe('SupplierReturnUpdateSchema', () => {
  it('accepts a realistic body and an empty one, and does not invent include_tax', () => {
    expect(errorsOf(SupplierReturnUpdateSchema, sampleSupplierReturnUpdate())).toEqual({});
    expect(SupplierReturnUpdateSchema.parse({})).toEqual({});
    expect(
      errorsOf(SupplierReturnUpdateSchema, { notes: 'x'.repeat(8000), return_authorisation: '' }),
    ).toEqual({});
  });

  rejectsEach(it, SupplierReturnUpdateSchema, sampleSupplierReturnUpdate, [
    ['notes', ['notes'], 'x'.repeat(8001)],
    ['return_authorisation', ['return_authorisation'], 'x'.repeat(101)],
    ['include_tax', ['include_tax'], 'true'],
    ['supplier.id', ['supplier', 'id'], REMOVE],
    ['supplier_return_status.name', ['supplier_return_status', 'name'], 'Incomplete'],
    ['supplier_address.country.id', ['supplier_address', 'country', 'id'], REMOVE],
    ['supplier_address.country.code', ['supplier_address', 'country', 'code'], 'AU'],
    ['supplier_address.postcode', ['supplier_address', 'postcode'], 3175],
    ['total_return_quantity', ['total_return_quantity'], 2],
  ]);
});

describe('SupplierReturnItemCreateSchema', () => {
  it('accepts a realistic body and a minimal one', () => {
    expect(errorsOf(SupplierReturnItemCreateSchema, sampleSupplierReturnItemCreate())).toEqual({});
    const minimal = { product: { id: 1 }, supplier_return_reason: { id: 2 }, return_quantity: 1 };
    expect(errorsOf(SupplierReturnItemCreateSchema, minimal)).toEqual({});
  });

  rejectsEach(it, SupplierReturnItemCreateSchema, sampleSupplierReturnItemCreate, [
    ['product', ['product'], REMOVE],
    ['supplier_return_reason', ['supplier_return_reason'], REMOVE],
    ['return_quantity', ['return_quantity'], REMOVE],
    ['return_quantity', ['return_quantity'], 0],
    ['return_quantity', ['return_quantity'], 1.5],
    ['original_buy_ex', ['original_buy_ex'], -1],
    ['claim_amount_ex', ['claim_amount_ex'], -0.5],
    ['supplier_return_item_source.id', ['supplier_return_item_source', 'id'], 'manual'],
    ['supplier_return_item_status', ['supplier_return_item_status'], { id: 1 }],
  ]);
});

describe('every request schema', () => {
  const schemas = Object.entries(requests).filter(([name]) => name.endsWith('Schema'));

  it('is exported from the index', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(20);
  });

  it.each(schemas)('%s converts to JSON Schema (for the OpenAPI document)', (_name, schema) => {
    expect(() => z.toJSONSchema(schema as z.ZodType, { io: 'input' })).not.toThrow();
  });
});
