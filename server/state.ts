/**
 * The simulator's in-memory state: one Map per resource, keyed by id. Records are stored in their response
 * shape wherever that shape is self-contained, so a handler can return them as they are. Two exceptions are
 * normalised, because embedding would multiply memory on the large dataset (200,000+ PO items):
 *  - a purchase order keeps its items as `PurchaseOrderItemRow`s that name their product by id; the view
 *    (server/domain/views) embeds the product, pricing and inventory when a response is built;
 *  - children that the API reaches through their parent (loyalty entries, product suppliers) are kept in
 *    Maps keyed by the parent's id.
 * The state is plain data (Maps of JSON-able objects) so a snapshot can be written and read back as JSON.
 */
import type {
  CreditNote,
  CreditNoteItem,
  Customer,
  FixedPriceGroup,
  LoyaltyHistoryEntry,
  Outlet,
  Product,
  ProductSupplier,
  PurchaseOrder,
  PurchaseOrderItem,
  ShipmentType,
  ShippingPort,
  StandardPriceGroup,
  Supplier,
  SupplierInvoice,
  SupplierReturn,
  SupplierReturnItem,
  SupplierReturnReason,
  SurveySegmentGroup,
} from '../src/api/resources';

/** A back-office user, as embedded in created_by / modified_by. */
export type User = PurchaseOrder['created_by'];

/** A purchase order item without the parts derived from other records at response time. */
export type PurchaseOrderItemRow = Omit<
  PurchaseOrderItem,
  'product' | 'pricing' | 'inventory' | 'po_item_id'
> & {
  po_item_id: number;
  product_id: number;
};

/** A purchase order as stored: the response shape with its items always present, as rows. */
export type PurchaseOrderRow = Omit<PurchaseOrder, 'purchase_order_items' | 'id'> & {
  id: number;
  items: PurchaseOrderItemRow[];
};

/** A reference value the API embeds as {id, name} but never serves on its own (statuses, countries, …). */
export interface NamedValue {
  id: number;
  name: string;
}

export interface Currency {
  id: number;
  currency_code: string;
  currency_name: string;
}

/** Value lists the domain needs to resolve `{id}` references in requests into `{id, name}` in responses. */
export interface ReferenceLists {
  purchaseOrderStatuses: NamedValue[];
  supplierReturnStatuses: NamedValue[];
  supplierReturnItemSources: NamedValue[];
  shippingStatuses: NamedValue[];
  countries: NamedValue[];
  currencies: Currency[];
  varianceReasons: NamedValue[];
  customerTypes: NamedValue[];
  salesChannels: NamedValue[];
}

export interface SimState {
  /** The next id per resource; ids are never reused, even after a delete. */
  nextId: Record<string, number>;
  users: User[];
  reference: ReferenceLists;

  products: Map<number, Product>;
  /** Minimum stock level per `${productId}:${outletId}`. */
  msl: Map<string, number>;
  outlets: Map<number, Outlet>;
  suppliers: Map<number, Supplier>;
  customers: Map<number, Customer>;
  /** Loyalty history entries per customer id. */
  loyaltyHistory: Map<number, LoyaltyHistoryEntry[]>;
  surveySegments: Map<number, SurveySegmentGroup>;
  returnReasons: Map<number, SupplierReturnReason>;
  shippingPorts: Map<number, ShippingPort>;
  shipmentTypes: Map<number, ShipmentType>;
  /** Product suppliers per product id (soft-deleted ones stay, flagged). */
  productSuppliers: Map<number, ProductSupplier[]>;
  standardPriceGroups: Map<number, StandardPriceGroup>;
  fixedPriceGroups: Map<number, FixedPriceGroup>;

  purchaseOrders: Map<number, PurchaseOrderRow>;
  supplierInvoices: Map<number, SupplierInvoice>;
  supplierReturns: Map<number, SupplierReturn>;
  supplierReturnItems: Map<number, SupplierReturnItem>;
  creditNotes: Map<number, CreditNote>;
  creditNoteItems: Map<number, CreditNoteItem>;
}

/** The Map-valued keys of SimState: what a snapshot serialises as arrays of [key, value]. */
export const STATE_MAPS = [
  'products',
  'msl',
  'outlets',
  'suppliers',
  'customers',
  'loyaltyHistory',
  'surveySegments',
  'returnReasons',
  'shippingPorts',
  'shipmentTypes',
  'productSuppliers',
  'standardPriceGroups',
  'fixedPriceGroups',
  'purchaseOrders',
  'supplierInvoices',
  'supplierReturns',
  'supplierReturnItems',
  'creditNotes',
  'creditNoteItems',
] as const satisfies readonly (keyof SimState)[];

/** Takes the next id of a sequence, starting from 1 (or after the highest generated id). */
export function nextId(state: SimState, sequence: string): number {
  const id = state.nextId[sequence] ?? 1;
  state.nextId[sequence] = id + 1;
  return id;
}
