/**
 * "Export CSV" on the supplier, return, credit note, supplier invoice, product, reference, purchase order and
 * receiving (open orders) lists, in
 * Chromium over a real IndexedDB (issue #27: every list exports what it shows). Each list is narrowed by a
 * search from the URL, then exported: the file holds the list's column headers, values with commas,
 * quotes, line breaks and non-ASCII letters read back intact, and as many rows as the count line says match,
 * in the screen's order. Component-level, where an end-to-end run per list would sync the whole demo first
 * (the customer list keeps its e2e test). Rows go in through `db.table(name)`: the API types a record's id as
 * nullable, which a typed table's insert refuses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  sampleCreditNote,
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderReceipt,
  sampleSupplier,
  sampleSupplierInvoice,
  sampleSupplierReturn,
  sampleSupplierReturnReason,
} from '../api/resources/fixtures';
import { mountInPage } from '../components/testing/mountInPage';
import { DockhandDb } from '../db/schema';
import { csvRecords, keepDownloads, type KeptDownloads } from '../lib/csv/testing/keptDownloads';
import CreditNoteList from './creditNotes/CreditNoteList.svelte';
import ProductList from './products/ProductList.svelte';
import PurchaseOrderList from './purchaseOrders/PurchaseOrderList.svelte';
import ReceivingStart from './receiving/ReceivingStart.svelte';
import { listKindOf } from './referenceData/listKinds';
import ListPage from './referenceData/ListPage.svelte';
import InvoiceList from './supplierInvoices/InvoiceList.svelte';
import ReturnList from './supplierReturns/ReturnList.svelte';
import SupplierList from './suppliers/SupplierList.svelte';

/** A name a CSV must quote, with a comma, quotes and a line break, in letters beyond ASCII. */
const TRICKY = 'Ødegård, "Søn" &\nZoë';
const opened: DockhandDb[] = [];
let downloads: KeptDownloads;

beforeEach(() => {
  downloads = keepDownloads();
});

afterEach(async () => {
  downloads.restore();
  for (const db of opened.splice(0)) await db.delete();
});

interface Case {
  name: string;
  screen: unknown;
  noun: RegExp;
  seed: (db: DockhandDb) => Promise<unknown>;
  /** The search in the URL: it keeps the tricky row and two others, and hides the rest. */
  search: string;
  headers: string[];
  /** The column that holds TRICKY in the file. */
  trickyColumn: number;
  /** What else the screen takes (a reference list's kind). */
  props?: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    name: 'suppliers',
    screen: SupplierList,
    noun: /suppliers?/,
    seed: (db) =>
      db
        .table('suppliers')
        .bulkPut([
          sampleSupplier({ id: 1, supplier_code: 'KEEP-1', name: TRICKY }),
          sampleSupplier({ id: 2, supplier_code: 'KEEP-2', name: 'Bolt', contact_name: null }),
          sampleSupplier({ id: 3, supplier_code: 'KEEP-3', name: 'Acme', is_enabled: false }),
          sampleSupplier({ id: 4, supplier_code: 'OTHER', name: 'Hidden' }),
        ]),
    search: 'keep',
    headers: ['Code', 'Name', 'Contact', 'Phone', 'Email', 'Status'],
    trickyColumn: 1,
  },
  {
    name: 'supplier returns',
    screen: ReturnList,
    noun: /returns?/,
    seed: (db) =>
      db.supplierReturns.bulkPut([
        sampleSupplierReturn({
          id: 400001,
          supplier: { id: 41, name: TRICKY },
          return_authorisation: 'KEEP',
        }),
        sampleSupplierReturn({ id: 400002, return_authorisation: 'KEEP' }),
        sampleSupplierReturn({ id: 400003, return_authorisation: 'KEEP' }),
        sampleSupplierReturn({ id: 400004, return_authorisation: 'OTHER' }),
      ]),
    search: 'keep',
    headers: ['Return', 'Status', 'Supplier', 'Outlet', 'Created', 'Units', 'Claim (inc tax)', 'Credit note'],
    trickyColumn: 2,
  },
  {
    name: 'credit notes',
    screen: CreditNoteList,
    noun: /credit notes?/,
    seed: (db) =>
      db.table('creditNotes').bulkPut([
        sampleCreditNote({ id: 9001, supplier_reference: 'KEEP-1', supplier: { id: 41, name: TRICKY } }),
        sampleCreditNote({ id: 9002, supplier_reference: 'KEEP-2' }),
        sampleCreditNote({
          id: 9003,
          supplier_reference: 'KEEP-3',
          supplier_credited_on: '2026-03-05T10:00:00Z',
        }),
        sampleCreditNote({ id: 9004, supplier_reference: 'OTHER' }),
      ]),
    search: 'keep',
    headers: ['Credit note', 'Supplier reference', 'Supplier', 'Outlet', 'Credited on', 'Total (inc tax)'],
    trickyColumn: 2,
  },
  {
    name: 'supplier invoices',
    screen: InvoiceList,
    noun: /invoices?/,
    seed: (db) => {
      const invoice = (id: number, poId: number, number: string) =>
        sampleSupplierInvoice({
          id,
          supplier_invoice_number: number,
          purchase_order_receipts: [samplePurchaseOrderReceipt({ purchase_order_id: poId })],
        });
      return db.supplierInvoices.bulkPut([
        invoice(7001, 1042, TRICKY),
        invoice(7002, 1042, 'INV-2'),
        invoice(7003, 1042, 'INV-3'),
        invoice(7004, 2000, 'INV-4'),
      ]);
    },
    search: '1042',
    headers: ['Invoice', 'Number', 'Order', 'Supplier', 'Status', 'Invoice date', 'Total (inc tax)'],
    trickyColumn: 1,
  },
  {
    name: 'products',
    screen: ProductList,
    noun: /products?/,
    seed: (db) =>
      db.products.bulkPut([
        sampleProduct({ id: 1, supplier_sku: 'KEEP-1', short_description: TRICKY }),
        sampleProduct({ id: 2, supplier_sku: 'KEEP-2', short_description: 'Bolt' }),
        sampleProduct({ id: 3, supplier_sku: 'KEEP-3', short_description: 'Anchor' }),
        sampleProduct({ id: 4, supplier_sku: 'OTHER', short_description: 'Hidden' }),
      ]),
    search: 'keep',
    headers: ['Description', 'Supplier SKU', 'Barcode', 'Supplier', 'Available'],
    trickyColumn: 0,
  },
  {
    name: 'return reasons',
    screen: ListPage,
    noun: /return reasons?/,
    seed: (db) =>
      db
        .table('returnReasons')
        .bulkPut([
          sampleSupplierReturnReason({ id: 71, name: TRICKY }),
          sampleSupplierReturnReason({ id: 72, name: 'Late' }),
          sampleSupplierReturnReason({ id: 73, name: 'Crushed', deleted: true }),
          sampleSupplierReturnReason({ id: 80, name: 'Hidden' }),
        ]),
    search: '7',
    headers: ['Name', 'State'],
    trickyColumn: 0,
    props: { kind: listKindOf('return-reasons') },
  },
  orderCase('purchase orders', PurchaseOrderList, 2, [
    ...['PO', 'External id', 'Supplier', 'Outlet', 'Status', 'ETA'],
    ...['Total (ex tax)', 'Currency'],
  ]),
  orderCase('open orders', ReceivingStart, 1, [
    ...['PO', 'Supplier', 'Outlet', 'Status', 'ETA', 'Units to come'],
    ...['Units ordered', 'Delivery in progress here'],
  ]),
];

/** A list of purchase orders (all, or receiving's open ones) over `orders()`; the search keeps three. */
function orderCase(name: string, screen: unknown, trickyColumn: number, headers: string[]): Case {
  const seed = (db: DockhandDb) => db.table('purchaseOrders').bulkPut(orders());
  return {
    name,
    screen,
    noun: new RegExp(`${name.slice(0, -1)}s?`),
    seed,
    search: 'keep',
    headers,
    trickyColumn,
  };
}

/** Four open orders, three with an external id the search keeps; one names a supplier the CSV must quote. */
function orders() {
  const order = (id: number, external: string, supplier = { id: 41, name: 'Bolt' }) => {
    const { purchase_order_items: _items, ...po } = samplePurchaseOrder({
      id,
      external_purchase_order_id: external,
      status: { id: 2, name: 'OnOrder' },
      supplier,
    });
    return po;
  };
  return [
    order(100001, 'KEEP-1', { id: 42, name: TRICKY }),
    order(100002, 'KEEP-2'),
    order(100003, 'KEEP-3'),
    order(100004, 'OTHER'),
  ];
}

describe.each(CASES)(
  'the $name list',
  ({ name, screen, noun, seed, search, headers, trickyColumn, props }) => {
    it('exports the rows it shows, with its columns, quoted and counted as on screen', async () => {
      const db = new DockhandDb(`list-export-${crypto.randomUUID()}`);
      opened.push(db);
      await seed(db);
      mountInPage(screen, { db, session: { syncStatus: null }, query: { q: search }, ...props });

      const countLine = page.getByText(new RegExp(`^\\d+ ${noun.source} match, of 4$`));
      await expect.element(countLine).toBeVisible();
      const shown = Number(/^(\d+)/.exec(countLine.element().textContent!)![1]);
      expect(shown).toBe(3);

      await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
      const fileName = new RegExp(
        `^Exported 3 rows to ${name.replace(' ', '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv\\.$`,
      );
      await expect.element(page.getByText(fileName)).toBeVisible();
      expect(downloads.files).toHaveLength(1);
      const bytes = new Uint8Array(await downloads.files[0]!.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = await csvRecords(downloads.files[0]!);
      expect(header).toEqual(headers);
      expect(rows).toHaveLength(shown);
      expect(rows.map((row) => row[trickyColumn])).toContain(TRICKY);

      // In the screen's order: each option's first cell is the first value of the file's row.
      const options = page.getByRole('listbox').getByRole('option');
      await expect.poll(() => options.all()).toHaveLength(shown);
      const firstCells = options.elements().map((option) => option.querySelector('span')?.textContent);
      expect(firstCells).toEqual(rows.map((row) => row[0]));
    });
  },
);
