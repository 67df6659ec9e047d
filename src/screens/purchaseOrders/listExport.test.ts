/**
 * The purchase order list's CSV rows, over fake-indexeddb: every order once, in the list's order (raised
 * here first, then the newest), with the declared columns; an order deleted during the export is passed
 * over without losing or repeating any other, and a filtered export holds the matching orders in order.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder } from '../../api/resources/fixtures';
import { csvColumns } from '../../components/list/listShell';
import { csvChunks, type RowSource } from '../../lib/csv/csvChunks';
import { poNumber } from '../../lib/recordFormat';
import { DockhandDb, type CachedPurchaseOrder } from '../../db/schema';
import { PO_COLUMNS } from './listColumns';
import { matchingOrdersSource, newestOrdersSource } from './listExport';
import { listOrderIds, NO_FILTERS, type PoListRow } from './listQuery';

let db: DockhandDb;
let n = 0;

function order(id: number): CachedPurchaseOrder {
  const { purchase_order_items: _, ...po } = samplePurchaseOrder();
  return { ...po, id, supplier: { id: 7, name: id === 5 ? 'Ødegård, "Søn"\nAS' : 'Bolt' } };
}

beforeEach(async () => {
  db = new DockhandDb(`po-export-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.purchaseOrders.bulkPut([
    ...Array.from({ length: 1_200 }, (_, i) => order(i + 1)),
    order(-1),
    order(-2),
    order(-3),
  ]);
});
afterEach(() => db.close());

/** The file's rows, read back as a spreadsheet would; `between` runs after each page is read. */
async function exported(
  source: RowSource<PoListRow>,
  between: (page: number) => Promise<void> = async () => {},
) {
  let text = '';
  let page = 0;
  for await (const chunk of csvChunks(source, csvColumns(PO_COLUMNS), {
    pageSize: 100,
    pause: () => between(page++),
  }))
    text += chunk;
  const { data, errors } = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}

describe('the purchase order list export', () => {
  it('writes every order once, in the list’s order, with the declared columns', async () => {
    const [header, ...rows] = await exported(newestOrdersSource(db, 1_203));
    expect(header).toEqual([
      'PO',
      'External id',
      'Supplier',
      'Outlet',
      'Status',
      'ETA',
      'Total (ex tax)',
      'Currency',
    ]);
    const listed = await listOrderIds(db, NO_FILTERS, '');
    expect(rows.map((row) => row[0])).toEqual(listed.map(poNumber));
    expect(rows.slice(0, 4).map((row) => row[0])).toEqual(['New PO 3', 'New PO 2', 'New PO 1', 'PO 1200']);
    expect(rows.find((row) => row[0] === 'PO 5')?.[2]).toBe('Ødegård, "Søn"\nAS');
  });

  it('passes over an order deleted mid-way, losing and repeating no other', async () => {
    const rows = await exported(newestOrdersSource(db, 1_203), async (page) => {
      if (page === 3) await db.purchaseOrders.delete(900);
    });
    const numbers = rows.slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(1_202);
    expect(new Set(numbers).size).toBe(1_202);
    expect(numbers).not.toContain('PO 900');
    expect(numbers.at(-1)).toBe('PO 1');
  });

  it('writes the matching orders in the filtered list’s order', async () => {
    const ids = [-2, 1_100, 5, 3];
    const rows = await exported(matchingOrdersSource(db, ids));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['New PO 2', 'PO 1100', 'PO 5', 'PO 3']);
  });
});
