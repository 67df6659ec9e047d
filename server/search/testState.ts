/**
 * Small states for the search tests and the benchmark, built from the contract's sample records (the
 * dataset generator in server/data is written in parallel; these do not depend on it).
 */
import {
  sampleCreditNote,
  sampleCreditNoteItem,
  sampleCustomer,
  sampleFixedPriceGroup,
  sampleLoyaltyHistoryEntry,
  sampleOutlet,
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleStandardPriceGroup,
  sampleSupplier,
  sampleSupplierInvoice,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
  sampleSupplierReturnReason,
  sampleSurveySegmentGroup,
  sampleShipmentType,
  sampleShippingPort,
} from '../../src/api/resources/fixtures';
import type { PurchaseOrder, PurchaseOrderItem } from '../../src/api/resources';
import type { PurchaseOrderItemRow, PurchaseOrderRow, SimState } from '../state';

export function emptyState(): SimState {
  return {
    nextId: {},
    users: [],
    reference: {
      purchaseOrderStatuses: [],
      supplierReturnStatuses: [],
      supplierReturnItemSources: [],
      shippingStatuses: [],
      countries: [],
      currencies: [],
      varianceReasons: [],
      customerTypes: [],
      salesChannels: [],
    },
    products: new Map(),
    msl: new Map(),
    outlets: new Map(),
    suppliers: new Map(),
    customers: new Map(),
    loyaltyHistory: new Map(),
    surveySegments: new Map(),
    returnReasons: new Map(),
    shippingPorts: new Map(),
    shipmentTypes: new Map(),
    productSuppliers: new Map(),
    standardPriceGroups: new Map(),
    fixedPriceGroups: new Map(),
    purchaseOrders: new Map(),
    supplierInvoices: new Map(),
    supplierReturns: new Map(),
    supplierReturnItems: new Map(),
    creditNotes: new Map(),
    creditNoteItems: new Map(),
  };
}

/** The stored form of an item: the product named by id, no pricing or inventory. */
export function itemRow(item: PurchaseOrderItem, poItemId = item.po_item_id ?? 1): PurchaseOrderItemRow {
  const { product, pricing: _pricing, inventory: _inventory, ...rest } = item;
  return { ...rest, po_item_id: poItemId, product_id: product.id };
}

/** The stored form of a purchase order, its items as rows. */
export function purchaseOrderRow(
  overrides: Partial<PurchaseOrder> = {},
  items: PurchaseOrderItemRow[] = [itemRow(samplePurchaseOrderItem())],
): PurchaseOrderRow {
  const { purchase_order_items: _items, ...order } = samplePurchaseOrder(overrides);
  return { ...order, id: order.id ?? 1, items };
}

/** One sample record of every resource, cross-referenced the way the samples are (PO 1001, product 5012…). */
export function sampleState(): SimState {
  const state = emptyState();
  const product = sampleProduct({
    attributes: [
      ...sampleProduct().attributes,
      {
        id: 3,
        name: 'Size',
        type: 'List',
        modified_on: '2026-03-02T09:15:00Z',
        value: { id: 31, name: 'M', list_order: 2 },
      },
    ],
  });
  state.products.set(product.id, product);
  state.msl.set(`${product.id}:1`, 6);
  state.outlets.set(1, sampleOutlet());
  state.suppliers.set(41, sampleSupplier());
  const order = purchaseOrderRow();
  state.purchaseOrders.set(order.id, order);
  state.customers.set(2001, sampleCustomer());
  state.loyaltyHistory.set(2001, [sampleLoyaltyHistoryEntry()]);
  state.surveySegments.set(4, sampleSurveySegmentGroup());
  state.returnReasons.set(5, sampleSupplierReturnReason());
  state.shippingPorts.set(3, sampleShippingPort());
  state.shipmentTypes.set(2, sampleShipmentType());
  state.standardPriceGroups.set(1, sampleStandardPriceGroup());
  state.fixedPriceGroups.set(2, sampleFixedPriceGroup());
  state.supplierInvoices.set(7001, sampleSupplierInvoice());
  state.supplierReturns.set(8001, sampleSupplierReturn());
  state.supplierReturnItems.set(
    8101,
    sampleSupplierReturnItem({ credit_note_item: { id: 9101, credit_note_id: 9001 } }),
  );
  state.creditNotes.set(9001, sampleCreditNote());
  state.creditNoteItems.set(9101, sampleCreditNoteItem());
  return state;
}
