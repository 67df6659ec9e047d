/**
 * The one durable store: the renderer's Dexie database (docs/architecture.md). DOM-free, so the
 * sync engine's tests run it in Node over fake-indexeddb, and the renderer runs it over the browser's
 * IndexedDB. Cached server records are stored in their response shape (an order line keeps part of its
 * product, ./lineProduct.ts); the outbox holds OpRecords.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
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
} from '../api/resources';
import type { LineProduct } from './lineProduct';
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
/** A line as cached: its product cut to what lines show (./lineProduct.ts); the whole one is in `products`. */
export type CachedPurchaseOrderItem = Omit<PurchaseOrderItem, 'po_item_id' | 'product'> & {
  po_item_id: number;
  product: LineProduct;
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

/**
 * A delivery being received on this PC (src/db/receiving): what has been scanned so far, written on every
 * scan so a crash, reload or power cut loses nothing. One open draft per purchase order; completing it
 * queues the supplier invoice and deletes the draft in the same transaction.
 */
export interface ReceiptDraft {
  /** The purchase order being received (a temp id for an order raised offline and not yet synced). */
  poId: number;
  startedAt: string;
  updatedAt: string;
  /** Per ordered line (po_item_id): what this delivery brings. Lines not yet touched are absent. */
  lines: Record<string, ReceiptDraftLine>;
  /**
   * The last scan applied, to catch the same carton scanned twice in a row. `noted`: the lot and expiry it
   * added to the line's notes (src/db/receiving/cartons.ts), taken out again when it is undone.
   */
  lastScan?: { code: string; at: string; poItemId: number; quantity: number; noted?: string };
  /** What the clerk has typed of the completion form so far (docket number, dates, costs). */
  completion?: Record<string, string | boolean>;
}

/**
 * An order this PC receives into, watched for receipts made on other PCs (src/db/receiving/otherPcs.ts):
 * each line's `quantity_received` as this PC's cache held it when its first delivery began. What the line
 * holds later, less that and less this PC's own receipts since, came from another PC.
 */
export interface ReceiptWatch {
  poId: number;
  /** When the first delivery of this PC began (ISO): this PC's receipts from then on are its own share. */
  startedAt: string;
  /** Per line (po_item_id): quantity_received then. Lines added to the order later are absent. */
  base: Record<string, number>;
}

export interface ReceiptDraftLine {
  received: number;
  faulty: number;
  bin: string;
  notes: string;
}

/**
 * Products as cached: `_codes` (kept by a hook, see below) holds the product's codes (barcode, supplier SKU,
 * manufacturer SKU) in upper case, one multi-entry index, so a scan is one index seek whatever field the code
 * is in and whatever case it was typed in (src/db/productLookup.ts); `_words` holds the words of its short
 * description in lower case, so a search by words reads index keys, never 100,000 rows
 * (src/db/products/productSearch.ts).
 */
export type CachedProduct = Product & LocalMeta & { _codes?: string[]; _words?: string[] };

/**
 * A customer's loyalty history entry as read when someone looked (src/db/customers/loyaltyHistory.ts): the
 * API's entry, which does not name its customer, with the customer's id. Not pulled by the engine.
 */
export type CachedLoyaltyEntry = LoyaltyHistoryEntry & { customer_id: number };

/** Supplier invoices as cached: `_poIds` (kept by a hook, see below) indexes the orders they receive. */
export type CachedSupplierInvoice = Cached<SupplierInvoice> & { _poIds?: number[] };

export interface MetaEntry {
  key: string;
  value: unknown;
}

export class DockhandDb extends Dexie {
  purchaseOrders!: EntityTable<CachedPurchaseOrder, 'id'>;
  purchaseOrderItems!: EntityTable<CachedPurchaseOrderItem, 'po_item_id'>;
  products!: EntityTable<CachedProduct, 'id'>;
  suppliers!: EntityTable<Cached<Supplier>, 'id'>;
  outlets!: EntityTable<Cached<Outlet>, 'id'>;
  supplierInvoices!: EntityTable<CachedSupplierInvoice, 'id'>;
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
  receiptDrafts!: EntityTable<ReceiptDraft, 'poId'>;
  loyaltyEntries!: EntityTable<CachedLoyaltyEntry, 'id'>;
  receiptWatches!: EntityTable<ReceiptWatch, 'poId'>;

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
    // 2: receiving drafts; invoices indexed by the orders their receipts name (a PO's invoices).
    this.version(2).stores({
      supplierInvoices: 'id, supplier_invoice_number, status, modified_on, *_poIds',
      receiptDrafts: 'poId, updatedAt',
    });
    // 3: replay linear in the queue (src/db/opIndex.ts): ops by the unresolved temp ids they name and by
    // the temp id they create, live ops of one aggregate by state, runnable ops in seq order per state, and
    // a create's child temp ids by their parent.
    this.version(3).stores({
      outbox:
        '++seq, &id, state, aggregate, kind, createsTempId, *dependsOnTempIds, [aggregate+state], [state+seq]',
      tempIds: 'tempId, entity, serverId, parentTempId',
    });
    // 4: products by any of their codes, in upper case (`*_codes`), in place of one index per code field:
    // a scan or a miss is one seek instead of three (and a second pass for the case), and a write updates
    // one index instead of three; and by the words of their description (`*_words`). Existing rows get
    // both here, once.
    this.version(4)
      .stores({ products: 'id, supplier.id, modified_on, *_codes, *_words' })
      .upgrade((tx) =>
        tx
          .table<CachedProduct, number>('products')
          .toCollection()
          .modify((product) => {
            product._codes = productCodesOf(product);
            product._words = descriptionWords(product.short_description);
          }),
      );
    // 5: customers' loyalty history as read on their page, by customer and time.
    this.version(5).stores({ loyaltyEntries: 'id, customer_id, [customer_id+created_on]' });
    // 6: orders received here, watched for receipts of other PCs (src/db/receiving/otherPcs.ts).
    this.version(6).stores({ receiptWatches: 'poId' });
    // `_codes` and `_poIds` are derived on every write, whoever writes (pull, op result, local edit), so
    // they can never disagree with the fields they come from; a put that replaces a row drops them (server
    // rows lack them), so updates recompute them too.
    this.products.hook('creating', (_key, product) => {
      product._codes = productCodesOf(product);
      product._words = descriptionWords(product.short_description);
    });
    this.products.hook('updating', (changes, _key, product) => {
      const next = { ...product, ...changes } as CachedProduct;
      return { _codes: productCodesOf(next), _words: descriptionWords(next.short_description) };
    });
    // `_poIds` is derived from the receipts on every write, whoever writes (pull, op result, local edit),
    // so it can never disagree with them. IndexedDB cannot index a field inside an array of objects.
    this.supplierInvoices.hook('creating', (_key, invoice) => {
      invoice._poIds = poIdsOf(invoice);
    });
    // A put that replaces a row drops `_poIds` (server rows lack it): recompute on every update.
    this.supplierInvoices.hook('updating', (changes, _key, invoice) => ({
      _poIds: poIdsOf({ ...invoice, ...changes } as CachedSupplierInvoice),
    }));
  }
}

/** A code as the `_codes` index holds it, and as a lookup asks for it: trimmed, in upper case. */
export function codeKey(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The words of a text as the `_words` index holds them and a search asks for them: lower case, split at
 * anything that is not a letter or a digit ("M8-bolt" is "m8" and "bolt").
 */
export function descriptionWords(text: string | null | undefined): string[] {
  const words = (text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter(Boolean))];
}

function productCodesOf(
  product: Pick<Product, 'supplier_sku2' | 'supplier_sku' | 'manufacturer_sku'>,
): string[] {
  const codes = [product.supplier_sku2, product.supplier_sku, product.manufacturer_sku]
    .filter((code): code is string => typeof code === 'string')
    .map(codeKey)
    .filter(Boolean);
  return [...new Set(codes)];
}

function poIdsOf(invoice: Pick<SupplierInvoice, 'purchase_order_receipts'>): number[] {
  return [...new Set((invoice.purchase_order_receipts ?? []).map((receipt) => receipt.purchase_order_id))];
}

export { CACHE_TABLES, type CacheTable } from './tables';
