/**
 * The one durable store: the renderer's Dexie database (design.md, "Where data lives"). DOM-free, so the
 * sync engine's tests run it in Node over fake-indexeddb, and the renderer runs it over the browser's
 * IndexedDB. Cached server records are stored in their response shape; the outbox holds OpRecords.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type {
  CreditNote,
  CreditNoteItem,
  Customer,
  FixedPriceGroup,
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
} from '../api/resources';
import type { OpRecord } from './ops';

/** Local bookkeeping carried on cached rows. */
export interface LocalMeta {
  /** Ids of queued ops that touch this row: a pulled server version must be rebased, not overwritten. */
  _pendingOps?: string[];
  /** Set on rows created offline (negative id) until the server id replaces it. */
  _temp?: true;
  /** When the row was last written from the server (ISO); drives refresh TTLs of by-id resources. */
  _fetchedAt?: string;
}

/** A purchase order as cached: items live in their own table, so the PO row never carries them. */
export type CachedPurchaseOrder = Omit<PurchaseOrder, 'purchase_order_items' | 'id'> & {
  id: number;
} & LocalMeta;
export type CachedPurchaseOrderItem = Omit<PurchaseOrderItem, 'po_item_id'> & {
  po_item_id: number;
} & LocalMeta;
type Cached<T extends { id: number | null }> = Omit<T, 'id'> & { id: number } & LocalMeta;

/** A pull cursor per resource: the last (modified_on, id) fully committed. */
export interface PullCursor {
  resource: string;
  modifiedOn: string;
  id: number;
  /** Rows seen at exactly `modifiedOn` with id ≤ `id`, for de-duplication inside the overlap window. */
  completedAt: string;
  /** Progress of the initial sync, for resuming after a crash. */
  initial?: { done: number; total: number; finished: boolean };
}

export interface TempIdEntry {
  tempId: number;
  /** The resource the temp id stands for, e.g. `purchaseOrders`. */
  entity: string;
  serverId?: number;
  createdAt: string;
  /**
   * A child record created with its parent in one request (a line of an offline PO): its server id arrives
   * with the parent's create response, matched by position.
   */
  parentTempId?: number;
  /** When the server id was recorded; resolved entries are cleaned up a while after (dexiePull prune). */
  resolvedAt?: string;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export class DockhandDb extends Dexie {
  purchaseOrders!: EntityTable<CachedPurchaseOrder, 'id'>;
  purchaseOrderItems!: EntityTable<CachedPurchaseOrderItem, 'po_item_id'>;
  products!: EntityTable<Product & LocalMeta, 'id'>;
  suppliers!: EntityTable<Cached<Supplier>, 'id'>;
  outlets!: EntityTable<Cached<Outlet>, 'id'>;
  supplierInvoices!: EntityTable<Cached<SupplierInvoice>, 'id'>;
  supplierReturns!: EntityTable<Cached<SupplierReturn>, 'id'>;
  supplierReturnItems!: EntityTable<Cached<SupplierReturnItem>, 'id'>;
  creditNotes!: EntityTable<Cached<CreditNote>, 'id'>;
  creditNoteItems!: EntityTable<Cached<CreditNoteItem>, 'id'>;
  customers!: EntityTable<Customer & LocalMeta, 'id'>;
  returnReasons!: EntityTable<Cached<SupplierReturnReason>, 'id'>;
  shippingPorts!: EntityTable<ShippingPort & LocalMeta, 'id'>;
  shipmentTypes!: EntityTable<Cached<ShipmentType>, 'id'>;
  productSuppliers!: Table<ProductSupplier & LocalMeta, [number, string]>;
  fixedPriceGroups!: EntityTable<FixedPriceGroup & LocalMeta, 'id'>;
  standardPriceGroups!: EntityTable<StandardPriceGroup & LocalMeta, 'id'>;
  surveySegments!: EntityTable<SurveySegmentGroup & LocalMeta, 'id'>;
  outbox!: EntityTable<OpRecord, 'seq'>;
  cursors!: EntityTable<PullCursor, 'resource'>;
  tempIds!: EntityTable<TempIdEntry, 'tempId'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  /**
   * @param name database name (one per connected API + user, so two back offices never mix)
   * @param options `{indexedDB, IDBKeyRange}`: the browser's by default, fake-indexeddb in Node tests and tools
   */
  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      purchaseOrders: 'id, status.name, supplier.id, outlet.id, eta, modified_on, external_purchase_order_id',
      purchaseOrderItems: 'po_item_id, po_id, product.id',
      products: 'id, supplier_sku, supplier_sku2, manufacturer_sku, supplier.id, modified_on',
      suppliers: 'id, supplier_code, name',
      outlets: 'id, name',
      supplierInvoices: 'id, supplier_invoice_number, status, modified_on',
      supplierReturns: 'id, supplier.id, modified_on',
      supplierReturnItems: 'id, supplier_return_id, modified_on',
      creditNotes: 'id, supplier_return_id, modified_on',
      creditNoteItems: 'id, credit_note_id, modified_on',
      customers: 'id, customer_number, last_name, email, modified_on',
      returnReasons: 'id, name, modified_on',
      shippingPorts: 'id, name',
      shipmentTypes: 'id, name',
      productSuppliers: '[product_id+supplier_code], product_id',
      fixedPriceGroups: 'id, name',
      standardPriceGroups: 'id, name',
      surveySegments: 'id, name',
      outbox: '++seq, &id, state, aggregate, kind',
      cursors: 'resource',
      tempIds: 'tempId, entity, serverId',
      meta: 'key',
    });
  }
}

export { CACHE_TABLES, type CacheTable } from './tables';
