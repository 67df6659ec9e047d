/**
 * Money on the screens by one rule (issue 26), in Chromium over a real IndexedDB: an Australian business
 * (its outlet trades in AUD) buying from Acme Apparel, whose orders are in US dollars. Every figure of
 * Acme's — the order, a new order, a return, the supplier page — names USD; the business's own dollars read
 * plainly. The own currency comes from the cached outlets through the same watch the app runs
 * (db/currencies.ts watchBusinessCurrency), so the figures change once the outlet is known.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  sampleOutlet,
  sampleProduct,
  samplePurchaseOrder,
  samplePurchaseOrderItem,
  sampleSupplier,
  sampleSupplierInvoice,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
} from '../api/resources/fixtures';
import { mountInPage } from '../components/testing/mountInPage';
import { watchBusinessCurrency } from '../db/currencies';
import { DockhandDb } from '../db/schema';
import { setOwnCurrency } from '../lib/ownCurrency';
import type { Session } from '../lib/session.svelte';
import NewPurchaseOrder from './purchaseOrders/NewPurchaseOrder.svelte';
import PurchaseOrderDetail from './purchaseOrders/PurchaseOrderDetail.svelte';
import ReturnDetail from './supplierReturns/ReturnDetail.svelte';
import SupplierDetail from './suppliers/SupplierDetail.svelte';

const AUD = { id: 1, currency_code: 'AUD', currency_name: 'Australian dollar' };
const USD = { id: 3, currency_code: 'USD', currency_name: 'US dollar' };
const session = {} as Session;
const opened: DockhandDb[] = [];
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  setOwnCurrency(null);
  for (const db of opened.splice(0)) await db.delete();
});

const tee = sampleProduct({ id: 5012, short_description: 'Heavy tee', supplier_sku2: '9300000000017' });

/** Acme (41) with one USD order (PO 1001, 24 × 8.40), an outlet in AUD and a second, AUD-only supplier. */
async function business(options: { outlet?: boolean } = {}): Promise<DockhandDb> {
  const db = new DockhandDb(`money-${crypto.randomUUID()}`);
  opened.push(db);
  const { purchase_order_items: _, ...order } = samplePurchaseOrder({ fob_currency: USD });
  await db.purchaseOrders.put({ ...order, id: 1001 });
  await db.purchaseOrderItems.put(samplePurchaseOrderItem() as never);
  await db.products.put(tee);
  await db.suppliers.bulkPut([
    sampleSupplier(),
    sampleSupplier({ id: 42, supplier_code: 'CORAL', name: 'Coral Textile' }),
  ] as never);
  if (options.outlet !== false) await db.outlets.put(sampleOutlet({ id: 1, fob_currency: AUD }) as never);
  stops.push(watchBusinessCurrency(db, setOwnCurrency));
  return db;
}

describe('money on the screens (issue 26)', () => {
  it('names USD on every figure of a US-dollar order, once the business’s own currency is known', async () => {
    const db = await business({ outlet: false });
    mountInPage(PurchaseOrderDetail, { db, session, id: 1001 });
    const total = page.getByRole('cell', { name: /201\.60/ }).last();
    // Before any outlet is cached, no currency is the own one: every figure names its code all the same.
    await expect.element(total).toHaveTextContent('USD 201.60');
    await db.outlets.put(sampleOutlet({ id: 1, fob_currency: AUD }) as never);
    await expect.element(page.getByRole('cell', { name: 'USD 8.40' })).toBeVisible();
    await expect.element(total).toHaveTextContent('USD 201.60');
    await expect.element(page.getByText('US dollar (USD)')).toBeVisible();
    // Never a bare dollar sign, which would pass for the business's own dollars.
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });

  it('reads the business’s own dollars plainly', async () => {
    const db = await business();
    await db.purchaseOrders.update(1001, { fob_currency: AUD });
    mountInPage(PurchaseOrderDetail, { db, session, id: 1001 });
    await expect.element(page.getByRole('cell', { name: '$8.40' })).toBeVisible();
    expect(document.body.textContent).not.toContain('AUD 8.40');
  });

  it('shows the currency a new order will be raised in: the supplier’s, else the outlet’s, on its lines', async () => {
    const db = await business();
    mountInPage(NewPurchaseOrder, { db });
    await expect
      .element(page.getByText('Choose a supplier and an outlet to see the currency the order is raised in.'))
      .toBeVisible();
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Outlet' }), 'Sydney CBD');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Supplier' }), 'Acme Apparel (ACME)');
    await expect
      .element(page.getByText('Raised in US dollar (USD), the currency of this supplier’s orders.'))
      .toBeVisible();

    await userEvent.fill(page.getByRole('textbox', { name: 'Scan barcode' }), tee.supplier_sku2!);
    await userEvent.keyboard('{Enter}');
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Buy price for Heavy tee' }), '8.4');
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect.element(lines.getByRole('columnheader', { name: 'Buy price (ex tax, USD)' })).toBeVisible();
    await expect.element(lines.getByRole('row').nth(1)).toHaveTextContent('USD 8.40');
    await expect.element(lines.getByRole('row').last()).toHaveTextContent(/Total \(ex tax\)\s*USD\s8\.40/);

    // No order of Coral's is cached: the server's default, the outlet's AUD, and the form says so.
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Supplier' }), 'Coral Textile (CORAL)');
    await expect
      .element(page.getByText(/^Raised in Australian dollar \(AUD\), the outlet’s currency/))
      .toBeVisible();
    await expect.element(lines.getByRole('row').last()).toHaveTextContent(/Total \(ex tax\)\s*\$8\.40/);
  });

  it('names the supplier’s currency on a return’s totals and items', async () => {
    const db = await business();
    await db.supplierReturns.put(sampleSupplierReturn());
    await db.supplierReturnItems.put(sampleSupplierReturnItem({ original_buy_ex: 161.96 }));
    mountInPage(ReturnDetail, { db, session, id: 8001, editing: false, markedItem: null });
    // The return's totals, then its item's bought-at price and claim.
    await expect.element(page.getByRole('cell', { name: 'USD 16.80' })).toBeVisible();
    await expect.element(page.getByRole('cell', { name: 'USD 161.96' })).toBeVisible();
    await expect.element(page.getByRole('cell', { name: 'USD 18.48' }).last()).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });

  it('shows the supplier’s currency on its page, and its orders, invoices and returns in it', async () => {
    const db = await business();
    await db.supplierInvoices.put({
      ...sampleSupplierInvoice({ total_buy_price_inc: 1146.55 }),
      _poIds: [1001],
    });
    await db.supplierReturns.put(sampleSupplierReturn());
    mountInPage(SupplierDetail, { db, session, id: 41, editing: false });
    await expect.element(page.getByText('US dollar (USD), the currency of its orders')).toBeVisible();
    // Each in its own list: the page's scorecard shows spend in the same currency, so an amount can be there too.
    const related = (heading: string) => page.getByLabelText(new RegExp(`^${heading} \\(\\d+\\)$`));
    await expect
      .element(related('Supplier invoices').getByRole('cell', { name: 'USD 1,146.55' }))
      .toBeVisible();
    await expect.element(related('Purchase orders').getByRole('cell', { name: 'USD 201.60' })).toBeVisible();
    await expect.element(related('Returns').getByRole('cell', { name: 'USD 18.48' })).toBeVisible();
  });
});
