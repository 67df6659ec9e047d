/**
 * What the pull knows about each resource: how it is listed (keyset on (modified_on, id), `modified_since`,
 * or a full list), how a record becomes cache rows, and which records it references that the API serves only
 * by id (suppliers, outlets, supplier returns, shipping ports), so those are discovered rather than listed.
 */
import type { OperationId } from '../../../../src/api/endpoints';
import type { FilterClauseInput } from '../../../../src/api/query';
import type { PurchaseOrder } from '../../../../src/api/resources';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { purchaseOrderRows } from '../../../../src/db/purchaseOrderCache';
import type { CacheTable } from '../../../../src/db/schema';
import type { ChildList, FetchedChildren } from './children';

export type ByIdName = 'suppliers' | 'outlets' | 'supplierReturns' | 'shippingPorts';
export interface Ref {
  resource: ByIdName;
  id: number;
}

/**
 * dock: what the dock and the office need now (open purchase orders with their lines and products); the app
 * says "dock-ready" once every dock resource has finished its initial pass. background: everything else.
 */
export type Tier = 'dock' | 'background';

/** What a resource's filters may depend on, read at the start of each run. */
export interface PullContext {
  /** This PC's receiving outlet (the renderer's `settings.receiving`), when known. */
  outletId: number | null;
}

export interface ListResource {
  name: string;
  table: CacheTable;
  tier: Tier;
  /**
   * The name callers select it by in `PullOptions.resources` (default: its own name): the open-order passes
   * belong to `purchaseOrders`, so asking for purchase orders asks for all of them.
   */
  family?: string;
  /** Keyset only: clauses every request carries (before the cursor's), or null to skip the resource this run. */
  filter?(context: PullContext): FilterClauseInput[] | null;
  /** Keyset only: clauses added during the initial pass (records another resource already brought). */
  initialFilter?: FilterClauseInput[];
  /** Keyset only: run only during the initial pass of this resource and of `whileInitial` (a one-off head start). */
  whileInitial?: string;
  /** Keyset only: wait until this resource's initial pass has finished (checked when its turn comes). */
  after?: string;
  /**
   * Keyset only: the initial pass leaves the child lists out (`query`, e.g. `include_items: false`): it
   * brings the records alone, leaves cached children as they are, and opens the pass of `later` (a
   * resource with `openedBy`), which brings the children afterwards.
   */
  initialWithoutChildren?: { query: Record<string, unknown>; later: string };
  /**
   * Keyset only: runs only once another resource's light pass opened it (wrote its cursor), until its own
   * initial pass finishes. A cache filled before light passes existed never needs it.
   */
  openedBy?: string;
  /**
   * Keyset only: records a page at most, when fewer than the pull's page size (a page waits for its fetched
   * children, or is heavy to store).
   */
  pageSize?: number;
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
export function purchaseOrderPageRows(records: readonly unknown[]): CacheWrite[] {
  const { orders, lines, products } = purchaseOrderRows(records as PurchaseOrder[]);
  return [
    { table: 'purchaseOrders', put: orders },
    { table: 'purchaseOrderItems', put: lines },
    { table: 'products', put: products },
  ];
}

const ORDER_BY_CHANGE = 'modified_on asc,id asc';

/** The statuses the dock receives against and the office still works on. */
export const OPEN_PO_STATUSES = ['Incomplete', 'OnOrder', 'ReceivingInProgress', 'BackOrder'] as const;
const openOrders: FilterClauseInput = { field: 'status', op: 'in', values: OPEN_PO_STATUSES };
const closedOrders: FilterClauseInput = { field: 'status', op: 'notin', values: OPEN_PO_STATUSES };

const purchaseOrderParts = {
  table: 'purchaseOrders',
  family: 'purchaseOrders',
  strategy: 'keyset',
  operation: 'searchPurchaseOrders',
  query: { include_items: true },
  // 100 orders with their lines (~8 MB, ~2,000 lines and their products) rather than the pull's 500: a
  // 500-order page of the large dataset (~41 MB) took the renderer longer to store than the store port
  // waits for an answer (30 s), so the page failed on every run and the dock tier never finished.
  pageSize: 100,
  rows: purchaseOrderPageRows,
  children: { table: 'purchaseOrderItems', parentField: 'po_id', key: 'po_item_id' },
  refs: (r: unknown) => {
    const po = r as PurchaseOrder;
    return [
      ...ref('suppliers', po.supplier),
      ...ref('outlets', po.outlet),
      ...ref('shippingPorts', po.shipping_port),
    ];
  },
} as const satisfies Omit<ListResource, 'name' | 'tier'>;

const creditNoteParts = {
  table: 'creditNotes',
  family: 'creditNotes',
  tier: 'background',
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
  refs: (r: unknown) => {
    const note = r as Rec;
    return [
      ...ref('suppliers', note.supplier),
      ...ref('outlets', note.outlet),
      ...ref('supplierReturns', note.supplier_return_id),
    ];
  },
} as const satisfies Omit<ListResource, 'name'>;

export const LIST_RESOURCES: readonly ListResource[] = [
  {
    // A head start for this PC's outlet, during the first sync only: its open orders before anyone else's.
    // The pass below reads them again (unchanged rows cost no writes); later changes come through it.
    ...purchaseOrderParts,
    name: 'openPurchaseOrdersHere',
    tier: 'dock',
    whileInitial: 'openPurchaseOrders',
    filter: ({ outletId }) =>
      outletId === null ? null : [openOrders, { field: 'outlet', op: 'eq', values: [outletId] }],
  },
  {
    // Open orders have a keyset of their own, so their changes keep arriving first. An order that closes
    // leaves this filter with a newer modified_on, which the `purchaseOrders` pass below then reads.
    ...purchaseOrderParts,
    name: 'openPurchaseOrders',
    tier: 'dock',
    filter: () => [openOrders],
  },
  {
    // Every order; during its first pass the open ones are skipped (the dock tier brought them) and the
    // closed ones come without their lines, most of a first sync's bytes (`closedPurchaseOrderLines`, last, brings them).
    // Once that pass is over, changed orders come with their lines, so an order that closes is complete.
    ...purchaseOrderParts,
    name: 'purchaseOrders',
    tier: 'background',
    initialFilter: [closedOrders],
    initialWithoutChildren: { query: { include_items: false }, later: 'closedPurchaseOrderLines' },
  },
  {
    name: 'supplierInvoices',
    table: 'supplierInvoices',
    tier: 'background',
    strategy: 'keyset',
    operation: 'searchSupplierInvoices',
    rows: plain('supplierInvoices'),
  },
  {
    name: 'customers',
    table: 'customers',
    tier: 'background',
    strategy: 'keyset',
    operation: 'searchCustomers',
    rows: plain('customers'),
    refs: (r) => ref('outlets', (r as Rec).home_outlet),
  },
  {
    ...creditNoteParts,
    name: 'creditNotes',
    // The first pass brings the notes alone: their items (one request per note) trickle in last.
    initialWithoutChildren: { query: {}, later: 'creditNoteItems' },
  },
  {
    // Soft-deleted reasons come too (is_deleted absent = both), with their `deleted` flag.
    name: 'returnReasons',
    table: 'returnReasons',
    tier: 'background',
    strategy: 'since',
    operation: 'searchSupplierReturnReasons',
    orderBy: ORDER_BY_CHANGE,
    rows: plain('returnReasons'),
  },
  {
    name: 'fixedPriceGroups',
    table: 'fixedPriceGroups',
    tier: 'background',
    strategy: 'full',
    operation: 'searchFixedPriceGroups',
    orderBy: 'id asc',
    rows: plain('fixedPriceGroups'),
  },
  {
    name: 'standardPriceGroups',
    table: 'standardPriceGroups',
    tier: 'background',
    strategy: 'full',
    operation: 'searchStandardPriceGroups',
    orderBy: 'id asc',
    rows: plain('standardPriceGroups'),
  },
  {
    name: 'surveySegments',
    table: 'surveySegments',
    tier: 'background',
    strategy: 'full',
    operation: 'searchSurveySegments',
    orderBy: 'id asc',
    rows: plain('surveySegments'),
  },
  {
    name: 'shipmentTypes',
    table: 'shipmentTypes',
    tier: 'background',
    strategy: 'full',
    operation: 'searchShipmentTypes',
    rows: plain('shipmentTypes'),
  },
  {
    // The lines of the closed orders, last of all and once: a keyset of its own over the closed orders
    // with their lines, from the start to now. Later changes come through `purchaseOrders` above.
    ...purchaseOrderParts,
    name: 'closedPurchaseOrderLines',
    tier: 'background',
    openedBy: 'purchaseOrders',
    after: 'purchaseOrders',
    filter: () => [closedOrders],
  },
  {
    // The items of the notes the first pass brought, after everything else and once: the notes again, a
    // small page at a time, each page committed with its notes' items (one transaction per page).
    ...creditNoteParts,
    name: 'creditNoteItems',
    openedBy: 'creditNotes',
    after: 'creditNotes',
    pageSize: 50,
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
