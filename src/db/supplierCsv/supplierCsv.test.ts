/**
 * A supplier's CSV into a draft order over fake-indexeddb. Acme Apparel (41) is the supplier; the cache holds:
 *
 *   id  product      codes                               bought from                 buy price
 *   1   Tee black    ACME-TEE, barcode 9300000000019     Acme; link Acme 8.40, 14 d   9.99 (product)
 *   2   Socks        ACME-SOCK, 9300000000026             Acme; no link                3.50 (product)
 *   3   Beanie       KNIT-BEANIE, 9300000000033           NZ Knits only
 *   4   Scarf        ACME-SCARF                           Acme, disabled
 *   5   Gloves       KNIT-GLOVES                          NZ Knits; link Acme 6.00, Acme's own code AC-GLV-01
 *   6   Cap          ACME-CAP                             Acme
 *   7   Bag          ACME-BAG                             Acme
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleOutlet,
  sampleProduct,
  sampleProductSupplier,
  sampleSupplier,
} from '../../api/resources/fixtures';
import type { Product } from '../../api/resources';
import { DockhandDb } from '../schema';
import type { SlicePolicy } from '../yieldingRead';
import { columnLetter, guessMapping, type ColumnMapping } from './columns';
import { readStoredMapping, rememberMapping, startingMapping } from './mappingMemory';
import { matchRows, type ReadyRow } from './match';
import { waitingDrafts } from '../edits/queuedOrderLines';
import { addFromCsvToDraft, etaFor, raiseFromCsv } from './raise';
import { readPrice, readQuantity } from './values';

const NOW = new Date('2026-03-10T09:00:00');
// Acme as products name it (the fixture's), and NZ Knits.
const ACME = sampleProduct().supplier;
const KNIT = { ...ACME, id: 52, supplier_code: 'KNIT', name: 'NZ Knits' };

function product(id: number, name: string, sku: string, extra: Partial<Product> = {}): Product {
  return sampleProduct({
    id,
    short_description: name,
    supplier_sku: sku,
    supplier_sku2: '',
    manufacturer_sku: `MFR-${id}`,
    supplier: ACME,
    supplier_buy_ex: 9.99,
    lead_time: 0,
    ...extra,
  });
}

const PRODUCTS = [
  product(1, 'Tee black', 'ACME-TEE', { supplier_sku2: '9300000000019' }),
  product(2, 'Socks', 'ACME-SOCK', { supplier_sku2: '9300000000026', supplier_buy_ex: 3.5 }),
  product(3, 'Beanie', 'KNIT-BEANIE', { supplier_sku2: '9300000000033', supplier: KNIT }),
  product(4, 'Scarf', 'ACME-SCARF', { disabled: true }),
  product(5, 'Gloves', 'KNIT-GLOVES', { supplier: KNIT }),
  product(6, 'Cap', 'ACME-CAP'),
  product(7, 'Bag', 'ACME-BAG'),
];

// The supplier's file as rows of cells (cells split at `|` here; the CSV text itself is parseCsv's tests').
const FILE = `Barcode|Description|Qty|Unit price
9300000000019|Tee, black|12|8.40
acme-sock|Socks|1,200|
9300000000033|Beanie|5|4
ACME-SCARF|Scarf|2|1
AC-GLV-01|Gloves|3|$7.00
9300000000019|Tee again|1|8.4
ZZZ-404|Mystery|1|1
|Total||123.00
ACME-CAP|Cap|two|1
ACME-BAG|Bag|1|ask us
|||`
  .split('\n')
  .map((line) => line.split('|'));

const MAPPING: ColumnMapping = { code: 0, quantity: 2, price: 3, firstRowHeadings: true };

let db: DockhandDb;
let n = 0;
beforeEach(async () => {
  db = new DockhandDb(`supplier-csv-test-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.products.bulkPut(PRODUCTS);
  await db.suppliers.bulkPut([
    { ...sampleSupplier(), id: 41 },
    { ...sampleSupplier({ supplier_code: 'KNIT', name: 'NZ Knits' }), id: 52 },
  ]);
  await db.outlets.put({ ...sampleOutlet({ name: 'Sydney CBD' }), id: 1 });
  await db.productSuppliers.bulkPut([
    sampleProductSupplier({ product_id: 1, supplier_code: 'ACME', supplier_buy_ex: 8.4, lead_time: 14 }),
    sampleProductSupplier({ product_id: 3, supplier_code: 'KNIT', supplier_name: 'NZ Knits' }),
    sampleProductSupplier({ product_id: 5, supplier_code: 'KNIT', supplier_name: 'NZ Knits' }),
    sampleProductSupplier({
      product_id: 5,
      supplier_code: 'ACME',
      is_default: false,
      supplier_buy_ex: 6,
      supplier_sku2: 'AC-GLV-01',
      lead_time: 21,
    }),
  ]);
});

describe('columns', () => {
  it('guesses the columns from headings suppliers use, and from the cells of a file without headings', () => {
    expect(guessMapping(FILE)).toEqual(MAPPING);
    expect(guessMapping([['Item code', 'EAN', 'Order Qty (units)', 'Cost ex GST']])).toEqual({
      code: 1,
      quantity: 2,
      price: 3,
      firstRowHeadings: true,
    });
    expect(
      guessMapping([
        ['Tee black', '9300000000019', '12', '8.40'],
        ['Socks', '9300000000026', '3', '3.50'],
      ]),
    ).toEqual({ code: 1, quantity: 2, price: 3, firstRowHeadings: false });
    expect([0, 25, 26, 27].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB']);
  });
});

describe('values', () => {
  it('reads quantities and prices as suppliers write them, and says what is wrong with the rest', () => {
    expect(['12', ' 1,200 ', '3.0'].map((text) => readQuantity(text))).toEqual([
      { ok: true, value: 12 },
      { ok: true, value: 1200 },
      { ok: true, value: 3 },
    ]);
    expect(['', 'two', '2.5', '0', '-1', '100001'].map((text) => readQuantity(text).ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(readQuantity('2.5')).toEqual({ ok: false, message: 'Quantity "2.5" is not whole units' });
    expect(
      ['8.40', '$8.40', '12,50', '1,234.50', '1.234,50', 'AUD 3', ''].map((text) => readPrice(text)),
    ).toEqual([
      { ok: true, value: 8.4 },
      { ok: true, value: 8.4 },
      { ok: true, value: 12.5 },
      { ok: true, value: 1234.5 },
      { ok: true, value: 1234.5 },
      { ok: true, value: 3 },
      { ok: true, value: null },
    ]);
    expect(readPrice('ask us')).toEqual({ ok: false, message: 'Price "ask us" is not a number' });
    expect(readPrice('1.23456').ok).toBe(false);
    expect(readPrice('-2').ok).toBe(false);
  });
});

describe('matchRows', () => {
  it('matches each row to the supplier’s product or refuses it with the reason', async () => {
    const result = await matchRows(db, { supplierId: 41, rows: FILE, mapping: MAPPING });
    expect([result.ready, result.refused]).toEqual([3, 7]);
    const refusals = result.rows.flatMap((row) => (row.ok ? [] : [[row.row, row.reason, row.message]]));
    expect(refusals).toEqual([
      [4, 'otherSupplier', 'Beanie is bought from NZ Knits, not Acme Apparel'],
      [5, 'disabled', 'Scarf is not sold any more (disabled)'],
      [7, 'duplicate', 'Tee black is already on row 2'],
      [8, 'unknownCode', 'No product with code ZZZ-404 on this PC'],
      [9, 'noCode', 'No code in this row'],
      [10, 'badQuantity', 'Quantity "two" is not a number'],
      [11, 'badPrice', 'Price "ask us" is not a number'],
    ]);
    const ready = result.rows.filter((row): row is ReadyRow => row.ok);
    expect(
      ready.map((row) => [
        row.row,
        row.productId,
        row.quantity,
        row.price,
        row.unitPrice,
        row.priceFrom,
        row.priceDiffers,
      ]),
    ).toEqual([
      // The file's price, the same as Acme's link price.
      [2, 1, 12, 8.4, 8.4, 'file', false],
      // No price and no link: the server prices it from the product, 3.50.
      [3, 2, 1200, null, 3.5, 'product', false],
      // Found by Acme's own code in its link; the file's 7.00 differs from the link's 6.00.
      [6, 5, 3, 7, 7, 'file', true],
    ]);
    expect(ready[2]!.buyPrice).toBe(6);
  });

  it('fills an empty price from the supplier’s link and finds a carton’s GTIN-14 by its unit barcode', async () => {
    const rows = [
      ['09300000000019', '4', ''],
      ['9300000000026', '1', ''],
    ];
    const result = await matchRows(db, {
      supplierId: 41,
      rows,
      mapping: { code: 0, quantity: 1, price: 2, firstRowHeadings: false },
    });
    expect(
      result.rows.map((row) => (row.ok ? [row.row, row.productId, row.price, row.priceFrom] : row.message)),
    ).toEqual([
      [1, 1, 8.4, 'link'],
      [2, 2, null, 'product'],
    ]);
  });

  it('matches 5,000 rows in slices, giving the thread back and reporting progress', async () => {
    const many = Array.from({ length: 4500 }, (_, i) =>
      product(1000 + i, `Item ${i}`, `BULK-${i}`, { supplier_sku2: `94${String(i).padStart(11, '0')}` }),
    );
    await db.products.bulkPut(many);
    const rows = [['EAN', 'Qty', 'Price']];
    for (let i = 0; i < 5000; i++)
      rows.push([i < 4500 ? `94${String(i).padStart(11, '0')}` : `NOPE-${i}`, '2', '']);
    let clock = 0;
    let yields = 0;
    const policy: SlicePolicy = {
      rows: 500,
      budgetMs: 1,
      now: () => clock++,
      yieldNow: () => Promise.resolve().then(() => void yields++),
    };
    const progress: number[] = [];
    const result = await matchRows(
      db,
      { supplierId: 41, rows, mapping: { code: 0, quantity: 1, price: 2, firstRowHeadings: true } },
      { policy, onProgress: (done) => progress.push(done) },
    );
    expect([result.ready, result.refused]).toEqual([4500, 500]);
    expect(result.rows.at(-1)).toMatchObject({ row: 5001, reason: 'unknownCode' });
    expect(yields).toBeGreaterThan(50);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(5000);
  });
});

describe('mapping memory', () => {
  it('remembers the mapping per supplier and finds a moved column by its heading', async () => {
    await rememberMapping(db, 41, MAPPING, FILE);
    const moved = [
      ['Unit price', 'Qty', 'Barcode'],
      ['8.40', '12', '9300000000019'],
    ];
    expect(await startingMapping(db, 41, moved)).toEqual({
      mapping: { code: 2, quantity: 1, price: 0, firstRowHeadings: true },
      remembered: true,
    });
    // Another supplier's file starts from its own guess.
    expect(await startingMapping(db, 52, [['SKU', 'Cost', 'Quantity']])).toEqual({
      mapping: { code: 0, quantity: 2, price: 1, firstRowHeadings: true },
      remembered: false,
    });
  });

  it('ignores a stored mapping it cannot read', async () => {
    await db.meta.put({
      key: 'supplierCsv.mapping.41',
      value: { version: 1, code: 'A', firstRowHeadings: 'yes' },
    });
    expect(await readStoredMapping(db, 41)).toBeNull();
    expect((await startingMapping(db, 41, FILE)).remembered).toBe(false);
  });
});

describe('raiseFromCsv', () => {
  it('queues one new draft order of the supplier with the ready rows’ products, quantities and prices', async () => {
    const result = await matchRows(db, { supplierId: 41, rows: FILE, mapping: MAPPING });
    const ready = result.rows.filter((row): row is ReadyRow => row.ok);
    expect(etaFor(ready, NOW)).toBe('2026-03-31');
    const raised = await raiseFromCsv(
      db,
      { supplierId: 41, outletId: 1, eta: etaFor(ready, NOW), rows: ready },
      { now: NOW },
    );
    expect(raised).toMatchObject({ ok: true, lines: 3 });
    const [op, ...others] = await db.outbox.toArray();
    expect(others).toEqual([]);
    expect(op!.kind).toBe('createPurchaseOrder');
    const body = op!.body as {
      supplier: { id: number };
      outlet: { id: number };
      eta: string;
      purchase_order_items: unknown[];
    };
    expect([body.supplier.id, body.outlet.id, body.eta]).toEqual([41, 1, '2026-03-31']);
    expect(body.purchase_order_items).toEqual([
      { product: { id: 1 }, quantity_ordered: 12, supplier_buy_ex: 8.4 },
      { product: { id: 2 }, quantity_ordered: 1200 },
      { product: { id: 5 }, quantity_ordered: 3, supplier_buy_ex: 7 },
    ]);
    if (!raised.ok) return;
    const order = await db.purchaseOrders.get(raised.orderId);
    expect(order?.status.name).toBe('Incomplete');
    const lines = await db.purchaseOrderItems.where('po_id').equals(raised.orderId).toArray();
    expect(lines.map((line) => line.quantity_ordered).sort((a, b) => a - b)).toEqual([3, 12, 1200]);
  });

  it('writes nothing and names the file’s row when the order is refused', async () => {
    const result = await matchRows(db, { supplierId: 41, rows: FILE, mapping: MAPPING });
    const ready = result.rows.filter((row): row is ReadyRow => row.ok);
    expect(await raiseFromCsv(db, { supplierId: 41, outletId: 1, eta: '2026-03-31', rows: [] })).toEqual({
      ok: false,
      messages: ['No row of the file is ready to order.'],
    });
    await db.products.delete(2);
    expect(
      await raiseFromCsv(db, { supplierId: 41, outletId: 1, eta: '2026-03-31', rows: ready }, { now: NOW }),
    ).toEqual({
      ok: false,
      messages: ['Row 3 (Socks): Product 2 is not in the local cache'],
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds a file’s rows to a draft still waiting to be sent, naming the file’s row when refused', async () => {
    const result = await matchRows(db, { supplierId: 41, rows: FILE, mapping: MAPPING });
    const ready = result.rows.filter((row): row is ReadyRow => row.ok);
    const raised = await raiseFromCsv(
      db,
      { supplierId: 41, outletId: 1, eta: '2026-03-31', rows: ready },
      { now: NOW },
    );
    const [draft] = await waitingDrafts(db, 41);
    expect(draft).toMatchObject({ productIds: [1, 2, 5], lineCount: 3 });
    const socks = ready.find((row) => row.productId === 2)!;
    const refused = await addFromCsvToDraft(
      db,
      { draft: draft!, rows: [{ ...socks, quantity: 99_000 }] },
      { now: NOW },
    );
    expect(refused).toEqual({ ok: false, messages: [expect.stringMatching(/^Row 3 \(Socks\): /)] });
    const five = ready.find((row) => row.productId === 5)!;
    const added = await addFromCsvToDraft(
      db,
      { draft: draft!, rows: [{ ...five, quantity: 2 }] },
      { now: NOW },
    );
    expect(added).toEqual({ ok: true, orderId: raised.ok && raised.orderId, lines: 1 });
    const [op] = await db.outbox.toArray();
    expect((op!.body as { purchase_order_items: unknown[] }).purchase_order_items).toContainEqual({
      product: { id: 5 },
      quantity_ordered: 5,
      supplier_buy_ex: 7,
    });
  });
});
