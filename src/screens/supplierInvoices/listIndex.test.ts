import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { samplePurchaseOrder, sampleSupplier, sampleSupplierInvoice } from '../../api/resources/fixtures';
import { enqueue } from '../../db/outbox';
import { DockhandDb, type CachedPurchaseOrder } from '../../db/schema';
import {
  hasChanges,
  InvoiceListIndex,
  mergeChanges,
  noChanges,
  watchListTables,
  type ListChanges,
} from './listIndex';

let db: DockhandDb;
let n = 0;
let stopWatching: (() => void) | null = null;

const order = (id: number, supplier: { id: number; name: string }, currency = 'AUD'): CachedPurchaseOrder => {
  const { purchase_order_items: _, ...row } = samplePurchaseOrder({ id, supplier });
  return { ...row, id, fob_currency: { id: 1, currency_code: currency, currency_name: currency } };
};

const invoice = (
  id: number,
  poIds: number[],
  overrides: Parameters<typeof sampleSupplierInvoice>[0] = {},
) => {
  const receipt = sampleSupplierInvoice().purchase_order_receipts[0]!;
  return sampleSupplierInvoice({
    id,
    supplier_invoice_number: `INV-${id}`,
    purchase_order_receipts: poIds.map((poId, i) => ({
      ...receipt,
      id: id * 10 + i,
      purchase_order_id: poId,
    })),
    ...overrides,
  });
};

beforeEach(async () => {
  db = new DockhandDb(`invoice-list-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.suppliers.put({ ...sampleSupplier({ name: 'Acme Apparel', supplier_code: 'ACME01' }), id: 1 });
  await db.purchaseOrders.bulkPut([
    order(100, { id: 1, name: 'Acme Apparel' }),
    order(200, { id: 2, name: 'Beta' }, 'NZD'),
  ]);
  await db.supplierInvoices.bulkPut([
    invoice(1, [100]),
    invoice(2, [200]),
    invoice(3, [100, 200]),
    invoice(4, [300]),
    invoice(-5, [100], { supplier_invoice_number: 'DOCKET-5' }),
  ]);
});

afterEach(() => {
  stopWatching?.();
  stopWatching = null;
});

/** Every change the next committed writes report, merged, once `ready` says enough arrived. */
function changesAfter(write: () => Promise<unknown>, ready: (c: ListChanges) => boolean) {
  let seen = noChanges();
  return new Promise<ListChanges>((resolve, reject) => {
    stopWatching = watchListTables(db, (changes) => {
      seen = mergeChanges(seen, changes);
      if (ready(seen)) resolve(seen);
    });
    write().catch(reject);
  });
}

const byId = (index: InvoiceListIndex) => new Map(index.rows().map((row) => [row.id, row]));

describe('InvoiceListIndex', () => {
  it('reads every invoice in chunks, pausing between them, with supplier and currency from its orders', async () => {
    let pauses = 0;
    const progress: number[] = [];
    const index = new InvoiceListIndex(db, { chunkSize: 2, pause: async () => void pauses++ });
    await index.load((read) => progress.push(read));
    expect(progress).toEqual([2, 4, 5]);
    expect(pauses).toBe(2);

    const rows = byId(index);
    expect(rows.get(1)).toMatchObject({
      number: 'INV-1',
      poIds: [100],
      suppliers: [{ id: 1, name: 'Acme Apparel' }],
      currency: 'AUD',
      badge: null,
    });
    expect(rows.get(1)!.searchText).toContain('acme01');
    expect(rows.get(1)!.searchText).toContain('po 100');
    // Two orders of two suppliers in two currencies: both suppliers, no single currency.
    expect(rows.get(3)).toMatchObject({
      suppliers: [{ name: 'Acme Apparel' }, { name: 'Beta' }],
      currency: null,
    });
    // Its order is not cached yet: no supplier known.
    expect(rows.get(4)).toMatchObject({ suppliers: [], currency: null });
    expect(rows.get(-5)!.searchText).toContain('new invoice 5');
    expect(index.suppliers()).toEqual([
      { value: 1, label: 'Acme Apparel' },
      { value: 2, label: 'Beta' },
    ]);
  });

  it('re-reads only the invoices a write names; other rows are left as they were', async () => {
    const index = new InvoiceListIndex(db);
    await index.load();
    const before = byId(index);
    const changes = await changesAfter(
      () => db.supplierInvoices.put(invoice(2, [200], { status: 'Finalised', total_buy_price_inc: 999 })),
      (c) => c.invoices !== 'all' && c.invoices.size > 0,
    );
    expect(changes.invoices).toEqual(new Set([2]));
    await index.apply(changes);
    const after = byId(index);
    expect(after.get(2)).toMatchObject({ status: 'Finalised', totalInc: 999 });
    for (const id of [1, 3, 4, -5]) expect(after.get(id)).toBe(before.get(id));
  });

  it('fills in the supplier when an order arrives, rebuilding only the rows that name it', async () => {
    const index = new InvoiceListIndex(db);
    await index.load();
    const before = byId(index);
    const changes = await changesAfter(
      () => db.purchaseOrders.put(order(300, { id: 3, name: 'Gamma' })),
      (c) => c.orders !== 'all' && c.orders.has(300),
    );
    await index.apply(changes);
    const after = byId(index);
    expect(after.get(4)).toMatchObject({ suppliers: [{ id: 3, name: 'Gamma' }], currency: 'AUD' });
    expect(after.get(1)).toBe(before.get(1));
  });

  it('shows a pending edit as Pending, and a temp invoice replaced by its server row moves to its id', async () => {
    const index = new InvoiceListIndex(db);
    await index.load();
    const edit = await changesAfter(
      () =>
        enqueue(db, {
          kind: 'updateSupplierInvoice',
          params: { id: 1 },
          body: { notes: 'Checked' },
          cacheChanges: [{ table: 'supplierInvoices', put: [{ ...invoice(1, [100]), notes: 'Checked' }] }],
          label: 'Update invoice INV-1 (notes)',
        }),
      (c) => c.outbox && c.invoices !== 'all' && c.invoices.has(1),
    );
    await index.apply(edit);
    expect(byId(index).get(1)!.badge).toBe('pending');

    const synced = await changesAfter(
      () =>
        db.transaction('rw', db.supplierInvoices, async () => {
          await db.supplierInvoices.delete(-5);
          await db.supplierInvoices.put(invoice(6, [100], { supplier_invoice_number: 'DOCKET-5' }));
        }),
      (c) => c.invoices !== 'all' && c.invoices.has(-5) && c.invoices.has(6),
    );
    await index.apply(synced);
    const rows = byId(index);
    expect(rows.has(-5)).toBe(false);
    expect(rows.get(6)).toMatchObject({ number: 'DOCKET-5', suppliers: [{ name: 'Acme Apparel' }] });
  });

  it('reloads everything after a write it cannot name key by key (a clear)', async () => {
    const index = new InvoiceListIndex(db);
    await index.load();
    const changes = await changesAfter(
      () => db.supplierInvoices.clear(),
      (c) => c.invoices === 'all',
    );
    await index.apply(changes);
    expect(index.size).toBe(0);
  });

  it('ignores writes to other tables and other databases', async () => {
    const other = new DockhandDb(`invoice-list-other-${n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const seen: ListChanges[] = [];
    const stopFirst = watchListTables(db, (changes) => seen.push(changes));
    await other.supplierInvoices.put(invoice(9, [100]));
    await db.customers.clear();
    // A write the list does read, so the wait below has an end.
    const last = await changesAfter(
      () => db.suppliers.put({ ...sampleSupplier(), id: 9 }),
      (c) => c.suppliers,
    );
    stopFirst();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter(hasChanges).every((c) => c.suppliers)).toBe(true);
    expect(last).toMatchObject({ invoices: new Set(), orders: new Set(), outbox: false });
  });
});
