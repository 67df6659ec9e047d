/**
 * Every area's record page on the one shell (components/record/RecordPage), in Chromium over a real
 * IndexedDB: each finds its record in the cache and shows its name, a fact the area declares, a related
 * section and its way back; a record that is not here says so in the area's words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import {
  sampleCreditNote,
  sampleCustomer,
  sampleOutlet,
  sampleProduct,
  samplePurchaseOrder,
  sampleSupplierInvoice,
  sampleSupplierReturnReason,
} from '../api/resources/fixtures';
import { mountInPage } from '../components/testing/mountInPage';
import { DockhandDb } from '../db/schema';
import type { Session } from '../lib/session.svelte';
import CreditNoteDetail from './creditNotes/CreditNoteDetail.svelte';
import CustomerDetail from './customers/CustomerDetail.svelte';
import ProductDetail from './products/ProductDetail.svelte';
import { LIST_KINDS } from './referenceData/listKinds';
import OutletPage from './referenceData/OutletPage.svelte';
import RecordPage from './referenceData/RecordPage.svelte';
import InvoiceDetail from './supplierInvoices/InvoiceDetail.svelte';

const opened: DockhandDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function cache(fill: (db: DockhandDb) => Promise<unknown>) {
  const db = new DockhandDb(`record-pages-${crypto.randomUUID()}`);
  opened.push(db);
  await fill(db);
  // Offline: nothing is asked of the server.
  return { db, session: { db, syncStatus: { online: false } } as unknown as Session };
}

/** The value beside a fact's label. */
const fact = (label: string) =>
  page.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[?()]/g, '\\$&')}$`) });
/** A link on the page, by its words, and where it leads. */
const linksTo = (name: string, href: string) =>
  expect.element(page.getByRole('link', { name })).toHaveAttribute('href', href);
const valueOf = (label: string) => fact(label).element().nextElementSibling?.textContent?.trim();

describe('record pages on the shell', () => {
  it('a customer: name and number, contact facts with "—" for what is missing, the edit action', async () => {
    const { db, session } = await cache((db) => db.customers.put(sampleCustomer() as never));
    mountInPage(CustomerDetail, { db, session, id: 2001, view: { kind: 'facts' } });
    await expect.element(page.getByRole('heading', { level: 2, name: 'Sam Nguyen (C-2001)' })).toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Contact' })).toBeVisible();
    expect(valueOf('Mobile')).toBe('0400 000 000');
    expect(valueOf('Phone')).toBe('—');
    expect(valueOf('How did you hear about us?')).toBe('Friend');
    await linksTo('Edit customer', '#/customers/2001/edit');
    await expect.element(page.getByRole('link', { name: 'Back to customers' })).toBeVisible();
  });

  it('a customer not on this computer says when customers arrive', async () => {
    const { db, session } = await cache(async () => undefined);
    mountInPage(CustomerDetail, { db, session, id: 2002, view: { kind: 'facts' } });
    await expect.element(page.getByRole('heading', { level: 2, name: 'Customer 2002' })).toBeVisible();
    await expect
      .element(page.getByText(/^Customer 2002 is not on this computer\. Customers arrive/))
      .toBeVisible();
  });

  it('a credit note: reference in the heading, its supplier linked, its return not cached yet', async () => {
    const { db } = await cache((db) => db.creditNotes.put(sampleCreditNote() as never));
    mountInPage(CreditNoteDetail, { db, id: 9001 });
    await expect
      .element(page.getByRole('heading', { level: 2, name: 'Credit note 9001 · CN-3321' }))
      .toBeVisible();
    await linksTo('Acme Apparel', '#/suppliers/41');
    expect(valueOf('Supplier return')).toMatch(/^Return 8001\s+· not on this computer yet/);
    const totals = page.getByRole('table', { name: 'Credit note totals' });
    await expect.element(totals.getByRole('row', { name: /^Credited/ })).toBeVisible();
    const headers = totals.getByRole('rowheader').elements();
    expect(headers.map((header) => header.textContent)).toEqual(['Credited', 'Applied to the account']);
  });

  it('a supplier invoice: its order linked, the header as a form while in progress', async () => {
    const { db, session } = await cache(async (db) => {
      const { purchase_order_items: _, ...order } = samplePurchaseOrder();
      await db.purchaseOrders.put({ ...order, id: 1001 });
      await db.supplierInvoices.put({ ...sampleSupplierInvoice(), _poIds: [1001] } as never);
    });
    mountInPage(InvoiceDetail, { db, session, id: 7001 });
    await expect.element(page.getByRole('heading', { level: 2, name: /INV-55810/ })).toBeVisible();
    await expect
      .element(page.getByRole('definition').getByRole('link', { name: 'PO 1001' }))
      .toHaveAttribute('href', '#/purchase-orders/1001');
    await expect.element(page.getByRole('form', { name: 'Edit invoice' })).toBeVisible();
    expect(page.getByRole('note').elements()).toHaveLength(0);
  });

  it('a product: codes and prices as headed groups, stock per outlet', async () => {
    const { db, session } = await cache((db) => db.products.put(sampleProduct() as never));
    mountInPage(ProductDetail, { db, session, id: 5012 });
    await expect
      .element(page.getByRole('heading', { level: 2, name: 'Classic tee, black, M' }))
      .toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Codes' })).toBeVisible();
    expect(valueOf('Product id')).toBe('5012');
    await linksTo('Acme Apparel', '#/suppliers/41');
    await expect.element(page.getByRole('heading', { name: 'Stock per outlet' })).toBeVisible();
  });

  it('an outlet: read-only facts, its address a line each', async () => {
    const { db, session } = await cache((db) => db.outlets.put(sampleOutlet() as never));
    const kind = LIST_KINDS.find((one) => one.table === 'outlets')!;
    mountInPage(OutletPage, { db, session, kind, id: 1 });
    await expect.element(page.getByRole('heading', { level: 2, name: 'Sydney CBD' })).toBeVisible();
    await expect.element(page.getByText('Read-only: outlets are set up in the back office.')).toBeVisible();
    expect(valueOf('Id')).toBe('1');
  });

  it('a deleted return reason: tagged, its deletion a fact, the note that it cannot come back, no rename', async () => {
    const { db, session } = await cache((db) =>
      db.returnReasons.put(
        sampleSupplierReturnReason({ deleted: true, deleted_on: '2026-03-01T00:00:00Z' }) as never,
      ),
    );
    const kind = LIST_KINDS.find((one) => one.table === 'returnReasons')!;
    mountInPage(RecordPage, { db, session, kind, id: 5 });
    await expect.element(page.getByRole('heading', { level: 2, name: 'Damaged in transit' })).toBeVisible();
    await expect.element(fact('Deleted')).toBeVisible();
    await expect.element(page.getByRole('note')).toHaveTextContent(/cannot restore a deleted reason/);
    expect(page.getByRole('form', { name: 'Rename return reason' }).elements()).toHaveLength(0);
  });
});
