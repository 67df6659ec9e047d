/**
 * The fetch half of the initial sync's baseline (issue #11: "raw fetch + bulkPut of the same rows"): the
 * least any client must ask the same demo simulator for to hold the records the sync cached, each record
 * once, with plain `fetch` + `JSON.parse` and nothing kept. Run in this process, where the browser host's
 * engine makes its own requests (the page cannot: the simulator sends no CORS headers).
 *  - every list the pull reads (./../../electron/core/sync/pull/resources.ts), paged by number at the pull's
 *    page sizes (500; orders with their lines 100), page 1 first for the total, then the rest;
 *  - the children served per record (credit note items, supplier return items, product supplier links) and
 *    the records served only by id (suppliers, outlets, supplier returns, shipping ports), for the ids the
 *    sync cached.
 * CONCURRENCY requests in flight, as the headless baseline (bench/headless/rawChild.ts). A 429 is waited out
 * (its Retry-After) and counted: any client must. So is a dropped connection (ECONNRESET, undici's "other
 * side closed": a server closing an idle keep-alive socket as the client reuses it): the request is sent
 * again, up to DROP_RETRIES times, rather than the run losing its figures (issue #24).
 */
import { OPEN_PO_STATUSES } from '../../electron/core/sync/pull/resources';
import { ENDPOINTS, fillPath, fullPath, type OperationId } from '../../src/api/endpoints';
import { buildFilter } from '../../src/api/query/build';
import { retryDropped } from './retryDropped';

const CONCURRENCY = 4;
const PAGE_SIZE = 500;
const ORDERS_PAGE_SIZE = 100;

/** The ids the sync cached whose records (or children) the API serves per id. */
export interface CachedIds {
  creditNotes: number[];
  suppliers: number[];
  outlets: number[];
  supplierReturns: number[];
  shippingPorts: number[];
  /** Products whose supplier links the sync stored. */
  productSuppliers: number[];
}

export interface RawFetch {
  ms: number;
  requests: number;
  bytes: number;
  /** 429 answers waited out. */
  refused: number;
  /** Connections dropped under a request, which was sent again. */
  dropped: number;
}

type Query = Record<string, string | number | boolean>;
interface Get {
  operation: OperationId;
  params?: Record<string, number>;
  query?: Query;
}

interface List {
  operation: OperationId;
  query?: Query;
  pageSize?: number;
}

const LISTS: List[] = [
  { operation: 'searchPurchaseOrders', query: { include_items: true }, pageSize: ORDERS_PAGE_SIZE },
  { operation: 'searchSupplierInvoices' },
  { operation: 'searchCustomers' },
  { operation: 'searchCreditNotes' },
  { operation: 'searchSupplierReturnReasons' },
  { operation: 'searchFixedPriceGroups' },
  { operation: 'searchStandardPriceGroups' },
  { operation: 'searchSurveySegments' },
  { operation: 'searchShipmentTypes' },
];

/** The baseline of a sync stopped at dock-ready: the open orders with their lines, nothing else. */
export const OPEN_ORDER_LISTS: List[] = [
  {
    operation: 'searchPurchaseOrders',
    query: {
      include_items: true,
      filter_by: buildFilter([{ field: 'status', op: 'in', values: OPEN_PO_STATUSES }]),
    },
    pageSize: ORDERS_PAGE_SIZE,
  },
];

export const NO_IDS: CachedIds = {
  creditNotes: [],
  suppliers: [],
  outlets: [],
  supplierReturns: [],
  shippingPorts: [],
  productSuppliers: [],
};

/** In the page after the sync: the ids of ./rawFetch.ts CachedIds, read from the app's IndexedDB. */
export async function cachedIdsInPage(): Promise<CachedIds> {
  const dbs = await indexedDB.databases();
  const name = dbs.find((d) => d.name?.startsWith('dockhand-') && (d.version ?? 0) >= 2)!.name!;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const keys = (table: string) =>
    new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction(table, 'readonly').objectStore(table).getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('getAllKeys failed'));
    });
  const ids = async (table: string) =>
    (await keys(table)).filter((k): k is number => typeof k === 'number' && k > 0);
  try {
    // productSuppliers is keyed [product_id, supplier_code].
    const links = (await keys('productSuppliers')) as [number, string][];
    return {
      creditNotes: await ids('creditNotes'),
      suppliers: await ids('suppliers'),
      outlets: await ids('outlets'),
      supplierReturns: await ids('supplierReturns'),
      shippingPorts: await ids('shippingPorts'),
      productSuppliers: [...new Set(links.map(([product]) => product))],
    };
  } finally {
    db.close();
  }
}

export async function rawFetch(
  baseUrl: string,
  apiKey: string,
  ids: CachedIds,
  lists: readonly List[] = LISTS,
): Promise<RawFetch> {
  const origin = new URL(baseUrl).origin;
  const started = performance.now();
  let requests = 0;
  let bytes = 0;
  let refused = 0;
  let dropped = 0;
  const onDrop = () => (dropped += 1);
  const { access_token: token } = await retryDropped(
    async () => {
      const tokenResponse = await fetch(`${baseUrl}/auth/token`, { headers: { 'x-api-key': apiKey } });
      return (await tokenResponse.json()) as { access_token: string };
    },
    { onDrop },
  );
  requests += 1;
  const headers = { 'x-api-key': apiKey, authorization: `Bearer ${token}` };

  async function get({ operation, params = {}, query = {} }: Get): Promise<unknown> {
    const url = new URL(origin + fillPath(fullPath(ENDPOINTS[operation]), params));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    for (;;) {
      // The body is read inside the retry too: a connection can drop while it arrives.
      const { response, text } = await retryDropped(
        async () => {
          const response = await fetch(url, { headers });
          return { response, text: await response.text() };
        },
        { onDrop },
      );
      requests += 1;
      bytes += Buffer.byteLength(text);
      if (response.status === 429) {
        refused += 1;
        const seconds = Number(response.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0.05, seconds) * 1000));
        continue;
      }
      if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`);
      return JSON.parse(text);
    }
  }

  const queue: Get[] = [];
  for (const list of lists)
    queue.push({ ...list, query: { ...list.query, page_size: list.pageSize ?? PAGE_SIZE } });
  const perId = (operation: OperationId, values: number[], key = 'id', query?: Query) =>
    values.forEach((id) => queue.push({ operation, params: { [key]: id }, ...(query ? { query } : {}) }));
  const pageQuery = { page_number: 1, page_size: PAGE_SIZE };
  perId('searchCreditNoteItems', ids.creditNotes, 'id', pageQuery);
  perId('getSupplier', ids.suppliers);
  perId('getOutlet', ids.outlets);
  perId('getSupplierReturn', ids.supplierReturns);
  perId('searchSupplierReturnItems', ids.supplierReturns, 'id', pageQuery);
  perId('getShippingPort', ids.shippingPorts);
  perId('listProductSuppliers', ids.productSuppliers, 'product_id');

  // A list's first page tells how many more there are: they join the queue, so a worker that finds it empty
  // waits while others are still in flight.
  let active = 0;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake();
  };
  async function worker() {
    for (;;) {
      const next = queue.shift();
      if (!next) {
        if (active === 0) return wakeAll();
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      active += 1;
      try {
        const answer = await get(next);
        const query = next.query ?? {};
        if (query.page_number === undefined && typeof query.page_size === 'number') {
          const total = (answer as { total_records: number }).total_records;
          for (let page = 2; (page - 1) * query.page_size < total; page++)
            queue.push({ ...next, query: { ...query, page_number: page } });
        }
      } finally {
        active -= 1;
        wakeAll();
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - started, requests, bytes, refused, dropped };
}
