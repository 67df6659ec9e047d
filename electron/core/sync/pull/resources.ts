/**
 * What the pull knows about each resource: how it is listed (keyset on (modified_on, id), `modified_since`,
 * or a full list), how a record becomes cache rows, and which records it references that the API serves only
 * by id (suppliers, outlets, supplier returns, shipping ports), so those are discovered rather than listed.
 */
import type { OperationId } from '../../../../src/api/endpoints';
import type { PurchaseOrder } from '../../../../src/api/resources';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import type { CacheTable } from '../../../../src/db/schema';
import type { ChildList, FetchedChildren } from './children';

export type ByIdName = 'suppliers' | 'outlets' | 'supplierReturns' | 'shippingPorts';
export interface Ref {
  resource: ByIdName;
  id: number;
}

export interface ListResource {
  name: string;
  table: CacheTable;
  /**
   * keyset: `filter_by` on (modified_on, id), resumable page by page;
   * since:  `modified_since` + order_by (no filter_by on this search), paged by number;
   * full:   no change filter at all: the whole (small) list each time, and rows the server no longer lists
   *         are deleted locally.
   */
  strategy: 'keyset' | 'since' | 'full';
  operation: OperationId;
  /** Query parameters every request of this resource carries. */
  query?: Record<string, unknown>;
  /** order_by for `since` and `full` (when the search takes one). */
  orderBy?: string;
  rows(records: readonly unknown[]): CacheWrite[];
  refs?(record: unknown): Ref[];
  /**
   * A child table the record's response lists in full (a PO's lines with include_items): cached children of
   * the page's records that the response no longer lists were deleted on the server.
   */
  children?: ChildList;
  /** A child list served per record (a credit note's items): fetched for the page's changed records. */
  fetched?: FetchedChildren;
}

type Rec = Record<string, unknown>;
const idOf = (value: unknown): number | undefined => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' && id > 0 ? id : undefined;
};
const ref = (resource: ByIdName, value: unknown): Ref[] => {
  const id = typeof value === 'number' ? value : idOf(value);
  return id === undefined || id <= 0 ? [] : [{ resource, id }];
};
const plain =
  (table: CacheTable) =>
  (records: readonly unknown[]): CacheWrite[] => [{ table, put: [...records] }];

/** A PO page is three tables: the orders without their lines, the lines, and the products the lines name. */
export function purchaseOrderRows(records: readonly unknown[]): CacheWrite[] {
  const orders: Rec[] = [];
  const lines: Rec[] = [];
  const products = new Map<number, unknown>();
  for (const record of records as PurchaseOrder[]) {
    const { purchase_order_items: items, ...order } = record;
    orders.push(order);
    for (const item of items ?? []) {
      if (item.po_item_id === null) continue;
      lines.push(item);
      products.set(item.product.id, item.product);
    }
  }
  return [
    { table: 'purchaseOrders', put: orders },
    { table: 'purchaseOrderItems', put: lines },
    { table: 'products', put: [...products.values()] },
  ];
}

const ORDER_BY_CHANGE = 'modified_on asc,id asc';

export const LIST_RESOURCES: readonly ListResource[] = [
  {
    name: 'purchaseOrders',
    table: 'purchaseOrders',
    strategy: 'keyset',
    operation: 'searchPurchaseOrders',
    query: { include_items: true },
    rows: purchaseOrderRows,
    children: { table: 'purchaseOrderItems', parentField: 'po_id', key: 'po_item_id' },
    refs: (r) => {
      const po = r as PurchaseOrder;
      return [
        ...ref('suppliers', po.supplier),
        ...ref('outlets', po.outlet),
        ...ref('shippingPorts', po.shipping_port),
      ];
    },
  },
  {
    name: 'supplierInvoices',
    table: 'supplierInvoices',
    strategy: 'keyset',
    operation: 'searchSupplierInvoices',
    rows: plain('supplierInvoices'),
  },
  {
    name: 'customers',
    table: 'customers',
    strategy: 'keyset',
    operation: 'searchCustomers',
    rows: plain('customers'),
    refs: (r) => ref('outlets', (r as Rec).home_outlet),
  },
  {
    name: 'creditNotes',
    table: 'creditNotes',
    strategy: 'keyset',
    operation: 'searchCreditNotes',
    rows: plain('creditNotes'),
    // Credit notes change rarely and carry few items: one items request per changed note.
    fetched: {
      table: 'creditNoteItems',
      parentField: 'credit_note_id',
      key: 'id',
      operation: 'searchCreditNoteItems',
    },
    refs: (r) => {
      const note = r as Rec;
      return [
        ...ref('suppliers', note.supplier),
        ...ref('outlets', note.outlet),
        ...ref('supplierReturns', note.supplier_return_id),
      ];
    },
  },
  {
    // Soft-deleted reasons come too (is_deleted absent = both), with their `deleted` flag.
    name: 'returnReasons',
    table: 'returnReasons',
    strategy: 'since',
    operation: 'searchSupplierReturnReasons',
    orderBy: ORDER_BY_CHANGE,
    rows: plain('returnReasons'),
  },
  {
    name: 'fixedPriceGroups',
    table: 'fixedPriceGroups',
    strategy: 'full',
    operation: 'searchFixedPriceGroups',
    orderBy: 'id asc',
    rows: plain('fixedPriceGroups'),
  },
  {
    name: 'standardPriceGroups',
    table: 'standardPriceGroups',
    strategy: 'full',
    operation: 'searchStandardPriceGroups',
    orderBy: 'id asc',
    rows: plain('standardPriceGroups'),
  },
  {
    name: 'surveySegments',
    table: 'surveySegments',
    strategy: 'full',
    operation: 'searchSurveySegments',
    orderBy: 'id asc',
    rows: plain('surveySegments'),
  },
  {
    name: 'shipmentTypes',
    table: 'shipmentTypes',
    strategy: 'full',
    operation: 'searchShipmentTypes',
    rows: plain('shipmentTypes'),
  },
];

export interface ByIdResource {
  name: ByIdName;
  table: CacheTable;
  operation: OperationId;
  refs?(record: unknown): Ref[];
}

export const BY_ID_RESOURCES: Readonly<Record<ByIdName, ByIdResource>> = {
  suppliers: {
    name: 'suppliers',
    table: 'suppliers',
    operation: 'getSupplier',
    refs: (r) => ref('shippingPorts', (r as Rec).shipping_port),
  },
  outlets: { name: 'outlets', table: 'outlets', operation: 'getOutlet' },
  supplierReturns: {
    name: 'supplierReturns',
    table: 'supplierReturns',
    operation: 'getSupplierReturn',
    refs: (r) => [...ref('suppliers', (r as Rec).supplier), ...ref('outlets', (r as Rec).outlet)],
  },
  shippingPorts: { name: 'shippingPorts', table: 'shippingPorts', operation: 'getShippingPort' },
};
