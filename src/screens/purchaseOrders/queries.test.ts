import { beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder, sampleProduct, sampleSupplier } from '../../api/resources/fixtures';
import type { PurchaseOrderStatus } from '../../api/resources';
import type { CachedPurchaseOrder, DockhandDb } from '../../db/schema';
import { tableMiddleware } from '../../db/tableMiddleware';
import { memoryDb } from '../../db/testing/memoryStore';
import { listOrderIds, listOrderWindow, NO_FILTERS, poListSpec, readListRows } from './listQuery';
import { outletChoices, supplierChoices } from '../../db/parties';
import { findProductByCode, searchProducts } from '../../db/productLookup';

let db: DockhandDb;

beforeEach(() => {
  db = memoryDb('po-screen');
});

function order(id: number, fields: Partial<CachedPurchaseOrder> = {}): CachedPurchaseOrder {
  const { purchase_order_items: _, ...po } = samplePurchaseOrder();
  return { ...po, id, external_purchase_order_id: `EXT-${id}`, ...fields };
}

const status = (name: PurchaseOrderStatus) => ({ id: 1, name });

/**
 * Counts the purchase order rows read with their values (not keys alone), by a Dexie middleware, and the
 * gets among those reads (a request per key).
 */
function countingRowReads(name: string) {
  const reads = { rows: 0, scans: 0 };
  const gets = { keys: 0 };
  const counted = memoryDb(name);
  counted.use(
    tableMiddleware('count-po-reads', (table, tableName) =>
      tableName !== 'purchaseOrders'
        ? {}
        : {
            get: (req) => ((reads.rows += 1), (gets.keys += 1), table.get(req)),
            getMany: (req) => (
              (reads.rows += req.keys.length),
              (gets.keys += req.keys.length),
              table.getMany(req)
            ),
            query: async (req) => {
              const answer = await table.query(req);
              if (req.values) reads.rows += answer.result.length;
              return answer;
            },
            openCursor: (req) => {
              if (req.values !== false) reads.scans += 1;
              return table.openCursor(req);
            },
          },
    ),
  );
  return { counted, reads, gets };
}

describe('the purchase order list queries', () => {
  const orders = () => [
    order(10, { supplier: { id: 7, name: 'Bolt Hardware' }, eta: '2026-04-01T00:00:00.000Z' }),
    order(11, { status: status('OnOrder'), outlet: { id: 2, name: 'Warehouse' }, eta: null }),
    order(12, { status: status('OnOrder'), eta: '2026-04-15T00:00:00.000Z' }),
    order(-1, { _pendingOps: ['op-1'], _temp: true, eta: '2026-04-02T00:00:00.000Z' }),
    order(-2, { _pendingOps: ['op-2'], _temp: true, status: status('OnOrder') }),
  ];
  beforeEach(async () => {
    await db.suppliers.put(sampleSupplier({ id: 7, supplier_code: 'BOLT', name: 'Bolt Hardware' }) as never);
    await db.purchaseOrders.bulkPut(orders());
  });

  const ids = (filters = {}, search = '') => listOrderIds(db, { ...NO_FILTERS, ...filters }, search);

  it('lists newest first, orders raised here on top, and badges those with local edits', async () => {
    expect(await ids()).toEqual([-2, -1, 12, 11, 10]);
    const badges = async () => {
      const rows = await readListRows(db, [-2, -1, 12]);
      return [-2, -1, 12].map((id) => rows.get(id)?.badge);
    };
    expect(await badges()).toEqual(['pending', 'pending', null]);
    // The server rejected one: its row says so instead of "Pending".
    await db.outbox.add({
      id: 'op-2',
      state: 'failed',
      aggregate: 'purchaseOrder:-2',
      kind: 'createPurchaseOrder',
    } as never);
    expect(await badges()).toEqual(['failed', 'pending', null]);
    expect((await readListRows(db, [12, 99])).get(12)).toMatchObject({
      id: 12,
      status: 'OnOrder',
      supplierName: expect.any(String),
      outletName: expect.any(String),
    });
    expect([...(await readListRows(db, [12, 99])).keys()]).toEqual([12]);
  });

  it('combines filters, whichever indexes serve the query', async () => {
    expect(await ids({ status: 'OnOrder' })).toEqual([-2, 12, 11]);
    expect(await ids({ status: 'OnOrder', outletId: 2 })).toEqual([11]);
    expect(await ids({ supplierId: 7 })).toEqual([10]);
    expect(await ids({ etaFrom: '2026-04-01', etaTo: '2026-04-02' })).toEqual([-1, 10]);
    expect(await ids({ etaFrom: '2026-04-02', status: 'Incomplete' })).toEqual([-1]);
    expect(await ids({ etaTo: '2026-04-01', supplierId: 7 })).toEqual([10]);
    expect(await ids({ supplierId: 7 }, 'ext')).toEqual([10]);
  });

  it('searches by PO number, external id and supplier name or code', async () => {
    expect(await ids({}, 'po 12')).toEqual([12]);
    expect(await ids({}, 'ext-11')).toEqual([11]);
    expect(await ids({}, 'bolt')).toEqual([10]);
    expect(await ids({}, 'BOLT hardware')).toEqual([10]);
    expect(await ids({}, 'new po 2')).toEqual([-2]);
    expect(await ids({}, '  ')).toEqual([-2, -1, 12, 11, 10]);
  });

  it('searches 10,000 rows by any word of the row', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => order(1000 + i));
    await db.purchaseOrders.bulkPut(many);
    expect(await ids({}, 'ext-5555')).toEqual([5555]);
    expect((await ids()).slice(0, 3)).toEqual([-2, -1, 10_999]);
  });

  // Issue #24: a search over 4,302 open orders read every one of them whole (~4 s on a busy dock PC).
  it('searches from index keys: no order row, but one per supplier the cache knows only by reference', async () => {
    const { counted, reads } = countingRowReads('po-search');
    await counted.suppliers.put(
      sampleSupplier({ id: 7, supplier_code: 'BOLT', name: 'Bolt Hardware' }) as never,
    );
    await counted.purchaseOrders.bulkPut([
      ...orders(),
      ...Array.from({ length: 500 }, (_, i) => order(100 + i, { supplier: { id: 8, name: 'Crate & Co' } })),
    ]);
    const search = (text: string) => listOrderIds(counted, NO_FILTERS, text);
    const crates = (digits: string) =>
      Array.from({ length: 500 }, (_, i) => 599 - i).filter((id) => String(id).includes(digits));
    // "42" in the PO number or the external id, of Crate & Co's orders.
    expect(await search('crate 42')).toEqual(crates('42'));
    const referenced = reads.rows;
    // The sample supplier and supplier 8 are named only inside orders: one order read for each, once.
    expect(referenced).toBe(2);
    expect(await search('bolt')).toEqual([10]);
    expect(await search('ext-10 bolt')).toEqual([10]);
    expect(await search('new po 2')).toEqual([-2]);
    expect(await search('crate ext-1')).toEqual(crates('').filter((id) => id < 200));
    expect(reads).toEqual({ rows: referenced, scans: 0 });
  });

  // Mid-sync at 4× CPU throttle, a get per row in view made one task of 360 ms (bench/stress/profile.ts).
  it('reads the rows in view by one key range when they are neighbours, one get each when scattered', async () => {
    const { counted, reads, gets } = countingRowReads('po-range');
    await counted.purchaseOrders.bulkPut([
      order(-1),
      ...Array.from({ length: 200 }, (_, i) => order(100 + i * (i < 100 ? 1 : 10))),
    ]);
    const window = Array.from({ length: 30 }, (_, i) => 199 - i);
    const rows = await readListRows(counted, [-1, ...window]);
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual([-1, ...window].sort((a, b) => a - b));
    expect(gets.keys).toBe(1);
    expect(reads.rows).toBe(31);
    // Ten ids spread over 900 keys: not a range of ninety times as many rows.
    const scattered = Array.from({ length: 10 }, (_, i) => 1_100 + i * 100);
    expect([...(await readListRows(counted, scattered)).keys()]).toEqual(scattered);
    expect(gets.keys).toBe(1 + 10);
  });

  // The first sync re-ran the list query on every pulled page; reading every row each time made it O(N²).
  it('reads no order row for the ids, and only the asked rows for the rows in view', async () => {
    const { counted, reads } = countingRowReads('po-reads');
    await counted.purchaseOrders.bulkPut([
      ...orders(),
      ...Array.from({ length: 2_000 }, (_, i) => order(100 + i)),
    ]);
    const all = await listOrderIds(counted, NO_FILTERS, '');
    const filtered = await listOrderIds(counted, { ...NO_FILTERS, status: 'OnOrder', outletId: 2 }, '');
    expect(all).toHaveLength(2_005);
    expect(filtered).toEqual([11]);
    expect(reads).toEqual({ rows: 0, scans: 0 });
    await readListRows(counted, all.slice(0, 30));
    expect(reads).toEqual({ rows: 30, scans: 0 });
    // The unfiltered list's window: the same order, from the primary key, wherever it starts.
    for (const [from, size] of [
      [0, 30],
      [0, 1],
      [1, 3],
      [2, 50],
      [1_000, 50],
      [1_003, 50],
      [1_990, 50],
      [2_000, 10],
      [3_000, 5],
    ]) {
      expect(await listOrderWindow(counted, from!, size!)).toEqual(all.slice(from, from! + size!));
      // Given the count, a window past the middle is read up from the oldest end: the same ids.
      expect(await listOrderWindow(counted, from!, size!, all.length)).toEqual(
        all.slice(from, from! + size!),
      );
    }
    expect(reads).toEqual({ rows: 30, scans: 0 });
  });

  it('keeps filters and search in the URL query, dropping what is not valid, never a sort', () => {
    const { parse, format } = poListSpec;
    const params = parse({ status: 'OnOrder', supplier: '7', to: '2026-02-01', q: 'acme', sort: 'eta' });
    expect(params).toEqual({
      filters: { status: 'OnOrder', supplierId: 7, outletId: null, etaFrom: null, etaTo: '2026-02-01' },
      search: 'acme',
      sort: null,
    });
    expect(parse(format(params) as Record<string, string>)).toEqual(params);
    expect(parse({ status: 'Lost', supplier: '-1', from: 'soon', outlet: 'x' })).toEqual({
      filters: NO_FILTERS,
      search: '',
      sort: null,
    });
  });

  it('reads an emptied ETA field as no bound: orders without an ETA stay listed', async () => {
    expect(await ids({ etaFrom: '', etaTo: '' })).toEqual([-2, -1, 12, 11, 10]);
    expect(await ids({ etaFrom: '2026-04-02' })).toEqual([-1, 12]);
  });
});

describe('product lookup', () => {
  beforeEach(async () => {
    const supplier = {
      id: 7,
      supplier_code: 'BOLT',
      name: 'Bolt',
      is_enabled: true,
      modified_on: '2026-01-01T00:00:00Z',
    };
    await db.products.bulkPut([
      sampleProduct({
        id: 1,
        short_description: 'Hex bolt M8',
        supplier_sku: 'HB-M8',
        supplier_sku2: '9300000000019',
        manufacturer_sku: 'X-1',
        supplier,
      }),
      sampleProduct({
        id: 2,
        short_description: 'Hex nut M8',
        supplier_sku: 'HN-M8',
        supplier_sku2: '9300000000026',
        manufacturer_sku: 'X-2',
        supplier,
      }),
      sampleProduct({
        id: 3,
        short_description: 'Washer',
        supplier_sku: 'WA-1',
        supplier_sku2: '9300000000033',
        manufacturer_sku: 'HB-OTHER',
      }),
    ]);
  });

  it('finds a product by barcode, then by either SKU, in any case; unknown codes find nothing', async () => {
    expect((await findProductByCode(db, '9300000000026'))?.id).toBe(2);
    expect((await findProductByCode(db, 'WA-1'))?.id).toBe(3);
    expect((await findProductByCode(db, 'x-2'))?.id).toBe(2);
    expect(await findProductByCode(db, '9399999999999')).toBeUndefined();
    expect(await findProductByCode(db, '  ')).toBeUndefined();
  });

  it('when products share a code, takes the exact one, then the barcode, then the supplier SKU', async () => {
    await db.products.bulkPut([
      sampleProduct({
        id: 7,
        supplier_sku: 'ab-7',
        supplier_sku2: '9300000000071',
        manufacturer_sku: 'SHARED',
      }),
      sampleProduct({
        id: 8,
        supplier_sku: 'SHARED',
        supplier_sku2: '9300000000088',
        manufacturer_sku: 'M-8',
      }),
      sampleProduct({ id: 9, supplier_sku: 'AB-7', supplier_sku2: 'Shared', manufacturer_sku: 'M-9' }),
    ]);
    // Exactly as typed: 9's barcode; in another case, the barcode (9) beats the supplier SKU (8).
    expect((await findProductByCode(db, 'Shared'))?.id).toBe(9);
    expect((await findProductByCode(db, 'shared'))?.id).toBe(9);
    // Exactly as typed in two products: the supplier SKU (8) beats the manufacturer SKU (7).
    expect((await findProductByCode(db, 'SHARED'))?.id).toBe(8);
    expect((await findProductByCode(db, 'ab-7'))?.id).toBe(7);
    expect((await findProductByCode(db, 'AB-7'))?.id).toBe(9);
  });

  it('searches the supplier’s products by name, and any product by code prefix', async () => {
    const names = async (query: string, supplierId: number | null) =>
      (await searchProducts(db, query, { supplierId })).map((choice) => choice.name);
    expect(await names('hex m8', 7)).toEqual(['Hex bolt M8', 'Hex nut M8']);
    expect(await names('washer', 7)).toEqual([]);
    expect(await names('hb-', null)).toEqual(['Hex bolt M8', 'Washer']);
    expect(await names('93000000000', null)).toHaveLength(3);
  });
});

describe('supplier and outlet choices', () => {
  it('offer cached records, then those only known from references in cached products and orders', async () => {
    await db.suppliers.put(sampleSupplier({ id: 7, supplier_code: 'BOLT', name: 'Bolt Hardware' }) as never);
    await db.suppliers.put(
      sampleSupplier({ id: 8, supplier_code: 'OLD', name: 'Old Co', is_enabled: false }) as never,
    );
    const acme = {
      id: 41,
      supplier_code: 'ACME',
      name: 'Acme Apparel',
      is_enabled: true,
      modified_on: '2026-01-01T00:00:00Z',
    };
    await db.products.bulkPut([
      sampleProduct({ id: 1, supplier: acme }),
      sampleProduct({ id: 2, supplier: acme }),
    ]);
    await db.purchaseOrders.put(order(10, { outlet: { id: 3, name: 'Warehouse' } }));
    await db.outlets.put({ id: 1, name: 'Sydney CBD', enabled: true } as never);

    expect(await supplierChoices(db, { enabledOnly: true })).toEqual([
      { value: 41, label: 'Acme Apparel (ACME)' },
      { value: 7, label: 'Bolt Hardware (BOLT)' },
    ]);
    expect((await supplierChoices(db)).map((choice) => choice.value)).toEqual([41, 7, 8]);
    expect(await outletChoices(db)).toEqual([
      { value: 1, label: 'Sydney CBD' },
      { value: 3, label: 'Warehouse' },
    ]);
  });
});
