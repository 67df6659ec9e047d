/**
 * Every record of the test dataset (small unless DOCKHAND_DATA_TEST=large) parses with its response schema.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../src/api/fieldErrors';
import {
  CreditNoteItemSchema,
  CreditNoteSchema,
  CustomerSchema,
  FixedPriceGroupSchema,
  LoyaltyHistoryEntrySchema,
  OutletSchema,
  ProductSchema,
  ProductSupplierSchema,
  PurchaseOrderItemSchema,
  PurchaseOrderSchema,
  ShipmentTypeSchema,
  ShippingPortSchema,
  StandardPriceGroupSchema,
  SupplierInvoiceSchema,
  SupplierReturnItemSchema,
  SupplierReturnReasonSchema,
  SupplierReturnSchema,
  SupplierSchema,
  SurveySegmentGroupSchema,
} from '../../src/api/resources';
import { userRef } from '../../src/api/primitives';
import { testState } from './testing';

/** An item row: the item's own fields, with the product named by id instead of embedded. */
const PurchaseOrderItemRowSchema = PurchaseOrderItemSchema.omit({
  product: true,
  pricing: true,
  inventory: true,
}).extend({ po_item_id: z.int32(), product_id: z.int32() });

/** The first few failures, with the record's id, so a broken generator names what it broke. */
function failures(
  schema: z.ZodType,
  records: Iterable<unknown>,
  label: (record: unknown) => string,
): string[] {
  const out: string[] = [];
  for (const record of records) {
    const result = schema.safeParse(record);
    if (!result.success) out.push(`${label(record)}: ${JSON.stringify(fieldErrors(result.error))}`);
    if (out.length >= 5) break;
  }
  return out;
}

const byId = (record: unknown) => `id ${String((record as { id?: unknown }).id)}`;
const state = testState();

describe('every generated record parses with its response schema', () => {
  const cases: [string, z.ZodType, () => Iterable<unknown>][] = [
    ['product', ProductSchema, () => state.products.values()],
    ['outlet', OutletSchema, () => state.outlets.values()],
    ['supplier', SupplierSchema, () => state.suppliers.values()],
    ['customer', CustomerSchema, () => state.customers.values()],
    ['loyalty history entry', LoyaltyHistoryEntrySchema, () => [...state.loyaltyHistory.values()].flat()],
    ['survey segment group', SurveySegmentGroupSchema, () => state.surveySegments.values()],
    ['supplier return reason', SupplierReturnReasonSchema, () => state.returnReasons.values()],
    ['shipping port', ShippingPortSchema, () => state.shippingPorts.values()],
    ['shipment type', ShipmentTypeSchema, () => state.shipmentTypes.values()],
    ['product supplier', ProductSupplierSchema, () => [...state.productSuppliers.values()].flat()],
    ['standard price group', StandardPriceGroupSchema, () => state.standardPriceGroups.values()],
    ['fixed price group', FixedPriceGroupSchema, () => state.fixedPriceGroups.values()],
    ['supplier invoice', SupplierInvoiceSchema, () => state.supplierInvoices.values()],
    ['supplier return', SupplierReturnSchema, () => state.supplierReturns.values()],
    ['supplier return item', SupplierReturnItemSchema, () => state.supplierReturnItems.values()],
    ['credit note', CreditNoteSchema, () => state.creditNotes.values()],
    ['credit note item', CreditNoteItemSchema, () => state.creditNoteItems.values()],
    ['user', userRef(), () => state.users],
  ];

  test.each(cases)('%s', (_name, schema, records) => {
    expect([...records()].length).toBeGreaterThan(0);
    expect(failures(schema, records(), byId)).toEqual([]);
  });

  test('purchase order (without its items)', () => {
    const orders = [...state.purchaseOrders.values()].map(({ items: _items, ...order }) => order);
    expect(failures(PurchaseOrderSchema, orders, byId)).toEqual([]);
  });

  test('purchase order item rows', () => {
    const rows = [...state.purchaseOrders.values()].flatMap((order) => order.items);
    expect(
      failures(
        PurchaseOrderItemRowSchema,
        rows,
        (row) => `po_item_id ${(row as { po_item_id: number }).po_item_id}`,
      ),
    ).toEqual([]);
  });

  test('parsing changes nothing: no record relies on a schema default', () => {
    for (const supplier of state.suppliers.values()) expect(SupplierSchema.parse(supplier)).toEqual(supplier);
    for (const note of state.creditNotes.values()) expect(CreditNoteSchema.parse(note)).toEqual(note);
    for (const reason of state.returnReasons.values())
      expect(SupplierReturnReasonSchema.parse(reason)).toEqual(reason);
  });
});
