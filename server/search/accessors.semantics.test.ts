/** What the accessors read, checked through the engine with the sample records (PO 1001, product 5012…). */
import { describe, expect, it } from 'vitest';
import {
  sampleCustomer,
  sampleDeliveryAddress,
  sampleLoyaltyHistoryEntry,
  samplePurchaseOrderItem,
} from '../../src/api/resources/fixtures';
import type { Customer } from '../../src/api/resources';
import type { PurchaseOrderRow } from '../state';
import { searchPage, type AccessorTable, type SearchRequest } from './engine';
import {
  creditNoteAccessors,
  creditNoteItemAccessors,
  customerAccessors,
  loyaltyHistoryAccessors,
  loyaltySummary,
  purchaseOrderAccessors,
  purchaseOrderItemAccessors,
  purchaseOrderItemRows,
  supplierInvoiceAccessors,
  supplierReturnItemAccessors,
  type PurchaseOrderItemSearchRow,
} from './index';
import { itemRow, purchaseOrderRow, sampleState } from './testState';

const ids = <Row>(
  rows: Iterable<Row>,
  op: Parameters<typeof searchPage>[2]['op'],
  accessors: AccessorTable<Row>,
  idOf: (row: Row) => number,
  request: SearchRequest,
) => searchPage(rows, { page_size: 1000, ...request }, { op, accessors, idOf, view: idOf }).data;

describe('purchase orders', () => {
  const second = purchaseOrderRow(
    { id: 1002, status: { id: 2, name: 'OnOrder' }, outlet: { id: 2, name: 'Melbourne' } },
    [],
  );
  const rows: PurchaseOrderRow[] = [purchaseOrderRow(), second];
  const search = (filter_by: string) =>
    ids(rows, 'searchPurchaseOrders', purchaseOrderAccessors, (po) => po.id, { filter_by });

  it.each([
    ['status:eq:incomplete', [1001]],
    ['status:eq:2', [1002]], // a number matches the id
    ['status:in:OnOrder|Incomplete', [1001, 1002]],
    ['outlet:startswith:melb', [1002]],
    ['supplier:eq:Acme Apparel', [1001, 1002]],
    ['product_id:eq:5012', [1001]], // any item's product
    ['product_id:neq:5012', [1002]],
    ['product_id:notin:1|2', [1001, 1002]],
    ['created_by_first_name:eq:jane', [1001, 1002]],
    ['created_by_id:eq:7', [1001, 1002]],
    ['eta:gte:2026-03-20', [1001, 1002]],
  ])('%s', (filter, expected) => expect(search(filter)).toEqual(expected));

  it('orders status by name', () => {
    expect(
      ids(rows, 'searchPurchaseOrders', purchaseOrderAccessors, (po) => po.id, { order_by: 'status desc' }),
    ).toEqual([1002, 1001]);
  });
});

describe('purchase order items', () => {
  const state = sampleState();
  const order = state.purchaseOrders.get(1001)!;
  const elsewhere = purchaseOrderRow({ id: 1003, outlet: { id: 9, name: 'Hobart' } }, [
    itemRow(samplePurchaseOrderItem({ po_id: 1003 }), 90002),
  ]);
  const rows = [...purchaseOrderItemRows(order), ...purchaseOrderItemRows(elsewhere)];
  const accessors = purchaseOrderItemAccessors(state);
  const idOf = (row: PurchaseOrderItemSearchRow) => row.item.po_item_id;
  const search = (request: SearchRequest) => ids(rows, 'searchPurchaseOrderItems', accessors, idOf, request);

  it.each([
    ['supplier_sku:eq:acme-tee-blk-m', [90001, 90002]],
    ['size:eq:m', [90001, 90002]],
    ['colour:eq:Black', [90001, 90002]],
    ['season:isnull', [90001, 90002]], // the attribute exists without a value
    ['brand:isnull', [90001, 90002]], // no such attribute
    ['attribute:1:eq:black', [90001, 90002]],
    ['attribute:2:isnull', [90001, 90002]],
    ['attribute:3:eq:M', [90001, 90002]],
    ['custom1:eq:cotton', [90001, 90002]], // no property named custom1: the first one
    ['custom2:isnull', [90001, 90002]],
    ['product_type:eq:apparel', [90001, 90002]],
    ['supplier_code:eq:ACME', [90001, 90002]],
    ['supplier_id:eq:41', [90001, 90002]],
    // Inventory is the order's outlet's: outlet 1 has stock and an msl, outlet 9 has neither (0, as the view).
    ['quantity_available:eq:12', [90001]],
    ['quantity_available:eq:0', [90002]],
    ['quantity_on_order:isnull', []],
    ['msl:eq:6', [90001]],
    ['msl:eq:0', [90002]],
    ['pricing_sell_price_inc:eq:29.95', [90001, 90002]],
    ['pricing_promotional_price_end:eq:2026-04-01T00:00:00Z', [90001, 90002]],
    ['quantity_ordered:gte:24', [90001, 90002]],
    ['po_item_id:eq:90002', [90002]],
  ])('%s', (filter_by, expected) => expect(search({ filter_by })).toEqual(expected));

  it('selects id (the item id), po_id, product_id and product_supplier_buy_ex', () => {
    expect(search({ select: 'id,po_id,product_id,product_supplier_buy_ex,quantity_back_order' })).toEqual([
      { id: 90001, po_id: 1001, product_id: 5012, product_supplier_buy_ex: 8.4, quantity_back_order: 0 },
      { id: 90002, po_id: 1003, product_id: 5012, product_supplier_buy_ex: 8.4, quantity_back_order: 0 },
    ]);
  });

  it('gives nulls for an item whose product is unknown', () => {
    const orphan = purchaseOrderRow({ id: 1004 }, [
      { ...itemRow(samplePurchaseOrderItem()), product_id: 999 },
    ]);
    const [row] = purchaseOrderItemRows(orphan);
    expect(accessors.supplier_sku!(row!, undefined)).toBeNull();
    expect(accessors.size!(row!, undefined)).toBeNull();
    expect(accessors.pricing_sell_price_inc!(row!, undefined)).toBeNull();
    expect(accessors.quantity_available!(row!, undefined)).toBeNull();
  });
});

describe('customers', () => {
  const state = sampleState();
  const second = sampleCustomer({
    id: 2002,
    first_name: null,
    last_name: 'Lee',
    price_groups: [{ id: 2, name: 'Staff', type: 'Fixed' }],
    sales_channels: [],
    survey_responses: [],
    delivery_addresses: [
      sampleDeliveryAddress({ id: 1, suburb: 'Newtown', default: false }),
      sampleDeliveryAddress({ id: 2, suburb: 'Glebe', default: true }),
    ],
  });
  state.customers.set(second.id, second);
  state.loyaltyHistory.set(2002, [
    sampleLoyaltyHistoryEntry({
      id: 3,
      created_on: '2026-03-03T00:00:00Z',
      loyalty_points_delta: 5,
      loyalty_points_available: 11,
    }),
    sampleLoyaltyHistoryEntry({
      id: 1,
      created_on: '2026-03-01T00:00:00Z',
      loyalty_points_delta: 10,
      loyalty_points_available: 10,
    }),
    sampleLoyaltyHistoryEntry({
      id: 2,
      created_on: '2026-03-02T00:00:00Z',
      loyalty_points_delta: -4,
      loyalty_points_available: 6,
    }),
  ]);
  const third = sampleCustomer({ id: 2003, delivery_addresses: [], price_groups: [] });
  state.customers.set(third.id, third);
  const search = (filter_by: string) =>
    ids(state.customers.values(), 'searchCustomers', customerAccessors(state), (c: Customer) => c.id, {
      filter_by,
    });

  it.each([
    ['full_name:eq:sam nguyen', [2001, 2003]],
    ['full_name:eq:Lee', [2002]],
    ['delivery_suburb:eq:pyrmont', [2001]],
    ['delivery_suburb:eq:glebe', [2002]], // the address flagged default, not the first
    ['delivery_suburb:isnull', [2003]],
    ['loyalty_points_available:eq:312.4', [2001]],
    ['loyalty_points_available:eq:11', [2002]], // the latest entry's balance
    ['loyalty_points_to_date:eq:15', [2002]],
    ['loyalty_points_redeemed:eq:4', [2002]],
    ['loyalty_points_available:isnull', [2003]],
    ['price_group_standard:eq:wholesale', [2001]],
    ['price_group_fixed:eq:staff', [2002]],
    ['price_group_fixed:isnull', [2001, 2003]],
    ['sales_channel:1:eq:true', [2001, 2003]],
    ['survey:1:eq:friend', [2001, 2003]],
    ['survey:1:isnull', [2002]],
    ['customer_type_name:eq:retail', [2001, 2002, 2003]],
    ['billing_address_postcode:eq:2009', [2001, 2002, 2003]],
    ['website:isnull', [2001, 2002, 2003]],
  ])('%s', (filter, expected) => expect(search(filter)).toEqual(expected));

  it('summarises loyalty history by the latest entry and the signed deltas', () => {
    expect(loyaltySummary(state.loyaltyHistory.get(2002))).toEqual({
      available: 11,
      availableValue: 11,
      redeemed: 4,
      toDate: 15,
    });
    expect(loyaltySummary([])).toBeNull();
  });
});

describe('loyalty history', () => {
  const entries = [
    sampleLoyaltyHistoryEntry(),
    sampleLoyaltyHistoryEntry({ id: 78, order_item: null, adjustment_reason: { id: 3, name: 'Goodwill' } }),
  ];
  const search = (request: SearchRequest) =>
    ids(entries, 'searchLoyaltyHistory', loyaltyHistoryAccessors, (e) => e.id, request);

  it('reads order fields from order_item and the reason from adjustment_reason', () => {
    expect(search({ filter_by: 'order_id:eq:880' })).toEqual([77]);
    expect(search({ filter_by: 'adjustment_reason_id:eq:3' })).toEqual([78]);
    expect(search({ filter_by: 'product_id:isnull' })).toEqual([78]);
    expect(search({ order_by: 'adjustment_reason desc' })).toEqual([78, 77]);
  });
});

describe('supplier invoices', () => {
  const state = sampleState();
  const search = (filter_by: string) =>
    ids(
      state.supplierInvoices.values(),
      'searchSupplierInvoices',
      supplierInvoiceAccessors(state),
      (i) => i.id,
      {
        filter_by,
      },
    );

  it.each([
    ['purchase_order_id:eq:1001', [7001]],
    ['purchase_order_id:neq:1001', []],
    ['purchase_order_supplier:eq:acme apparel', [7001]], // the received order's supplier
    ['purchase_order_supplier:eq:41', [7001]],
    ['freight_total_ex:eq:50', [7001]],
    ['misc_includes_tax:eq:true', [7001]],
    ['duty_includes_tax:isnull', [7001]], // duty has no tax flag
    ['finalised_by_id:isnull', [7001]],
    ['created_by_surname:eq:smith', [7001]],
    ['status:eq:in progress', [7001]],
  ])('%s', (filter, expected) => expect(search(filter)).toEqual(expected));
});

describe('supplier return items and credit notes', () => {
  const state = sampleState();

  it('reads size and colour from the product in state and credit figures from the credit note item', () => {
    const item = state.supplierReturnItems.get(8101)!;
    const accessors = supplierReturnItemAccessors(state);
    expect(accessors.size!(item, undefined)).toBe('M');
    expect(accessors.colour!(item, undefined)).toBe('Black');
    expect(accessors.credit_note_id!(item, undefined)).toBe(9001);
    expect(accessors.credit_amount_ex!(item, undefined)).toBe(8.4);
    expect(accessors.total_credit_amount_inc!(item, undefined)).toBe(18.48);
    const uncredited = { ...item, credit_note_item: null };
    expect(accessors.credit_amount_ex!(uncredited, undefined)).toBeNull();
  });

  it('filters credit notes by supplier and outlet names and audit users', () => {
    const search = (filter_by: string) =>
      ids(state.creditNotes.values(), 'searchCreditNotes', creditNoteAccessors, (n) => n.id ?? 0, {
        filter_by,
      });
    expect(search('supplier:eq:acme apparel')).toEqual([9001]);
    expect(search('outlet:eq:1')).toEqual([9001]);
    expect(search('modified_by_id:eq:8')).toEqual([9001]);
    expect(search('supplier_credited_on:isnull')).toEqual([9001]);
  });

  it('reads credit note item size and colour from the product in state', () => {
    const item = state.creditNoteItems.get(9101)!;
    const accessors = creditNoteItemAccessors(state);
    expect(accessors.size!(item, undefined)).toBe('M');
    expect(accessors.colour!(item, undefined)).toBe('Black');
    expect(accessors.created_by_id!(item, undefined)).toBe(7);
  });
});
