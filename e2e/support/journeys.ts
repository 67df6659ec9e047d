/** Steps several specs share: starting the demo, waiting for the first sync, raising a PO by scanning. */
import { expect, type Page } from '@playwright/test';
import type { CachedPurchaseOrder } from '../../src/db/schema';
import type { OpRecord } from '../../src/db/ops';
import type { AppUnderTest } from '../fixtures';
import { tableRows } from './pageData';
import type { SimulatorHandle } from './simulatorHandle';

/** From the first-run screen into demo mode, on the small dataset. */
export async function startDemo(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Connect Dockhand' })).toBeVisible();
  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * Until the initial sync has put `count` purchase orders in the list, its progress panel is gone and the
 * engine is idle (the suppliers and outlets the orders name are fetched by id after them).
 */
export async function waitForInitialSync(page: Page, count: number): Promise<void> {
  await expect(page.getByText(`${count} purchase orders`, { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('progressbar', { name: 'Overall sync progress' })).toBeHidden({
    timeout: 90_000,
  });
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Idle', { timeout: 90_000 });
}

/** The demo started and its first sync over: the simulator behind it, for the spec to steer. */
export async function startSyncedDemo(
  app: Pick<AppUnderTest, 'page' | 'simulator'>,
): Promise<SimulatorHandle> {
  await startDemo(app.page);
  const simulator = await app.simulator();
  await waitForInitialSync(app.page, (await simulator.snapshot()).counts.purchaseOrders);
  return simulator;
}

/**
 * The API goes away, and the app says Offline. An outage is only seen by asking: when the engine has
 * nothing in flight (the first sync over, the next pull a minute away), the clerk's "Sync now" is what
 * asks, so it is pressed until the status bar says Offline (a press while a run ends may find it still
 * reaching the API).
 */
export async function goOffline(page: Page, simulator: SimulatorHandle): Promise<void> {
  await simulator.setOffline(true);
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(async () => {
    // The button sits beside the status bar's live region, not inside it.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click();
    await expect(status).toContainText('Offline', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Two products with barcodes (EAN-13 in supplier_sku2) from the renderer's cache. */
export async function twoBarcodes(page: Page): Promise<{ id: number; barcode: string; name: string }[]> {
  const products = await tableRows<{ id: number; supplier_sku2: string | null; short_description: string }>(
    page,
    'products',
  );
  const withBarcode = products.filter(
    (p) => typeof p.supplier_sku2 === 'string' && p.supplier_sku2.length >= 8,
  );
  expect(withBarcode.length).toBeGreaterThanOrEqual(2);
  return withBarcode
    .slice(0, 2)
    .map((p) => ({ id: p.id, barcode: p.supplier_sku2!, name: p.short_description }));
}

/** A keyboard-wedge scanner: the characters a few milliseconds apart, then Enter (./scanner.ts). */
export { scan } from './scanner';

/** Fills supplier, outlet and ETA of the open New purchase order form. */
export async function fillOrderHeader(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Supplier' }).selectOption({ index: 1 });
  await page.getByRole('combobox', { name: 'Outlet' }).selectOption({ index: 1 });
  const eta = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('ETA').fill(eta);
}

/** The createPurchaseOrder op the form queued (the newest), and the order row it shows. */
export async function queuedOrder(page: Page): Promise<{ op: OpRecord; externalId: string }> {
  const ops = await tableRows<OpRecord>(page, 'outbox');
  const op = ops.filter((o) => o.kind === 'createPurchaseOrder').at(-1);
  expect(op).toBeDefined();
  const externalId = (op!.body as { external_purchase_order_id: string }).external_purchase_order_id;
  const orders = await tableRows<CachedPurchaseOrder>(page, 'purchaseOrders');
  expect(orders.some((o) => o.external_purchase_order_id === externalId)).toBe(true);
  return { op: op!, externalId };
}
