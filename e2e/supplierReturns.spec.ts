/**
 * A supplier return completed in Dockhand with no network: an Incomplete return the cache has never seen is
 * opened by its number (looked up on the server while online), then, offline, two products are scanned onto
 * it as items and its return authorisation is entered; all three show at once as pending. Back online,
 * each is sent exactly once: the simulator holds exactly those two new items (product, reason, quantity,
 * claim) and that authorisation, and nothing else of the return changed. On the way, another supplier's
 * product is refused in words (a return takes only its supplier's products, by the cached product suppliers)
 * and a third item scanned by mistake is removed before it is sent: never reaching the server. And an item added offline to a
 * return the back office finalised meanwhile: refused by the server, explained on the return's own page.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { DEMO_API_KEY } from '../electron/core/bridge/demo';
import {
  SupplierReturnItemSchema,
  SupplierReturnSchema,
  type SupplierReturn,
  type SupplierReturnItem,
} from '../src/api/resources';
import type { OpRecord } from '../src/db/ops';
import { expect, test } from './fixtures';
import { apiBaseUrl } from './support/invoices';
import { goOffline, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { scan } from './support/scanner';

/** The back office's own reads of returns, with the demo key, never through Dockhand. */
async function returnsApi(page: Page) {
  const baseUrl = await apiBaseUrl(page);
  const { access_token: token } = z
    .object({ access_token: z.string() })
    .parse(await (await fetch(`${baseUrl}/auth/token`, { headers: { 'x-api-key': DEMO_API_KEY } })).json());
  const call = async (path: string, method = 'GET', body?: unknown): Promise<unknown> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'x-api-key': DEMO_API_KEY,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (method !== 'GET' && !response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return response.ok ? response.json() : null;
  };
  const get = (path: string) => call(path);
  return {
    supplierReturn: async (id: number) => {
      const body = await get(`/supplierreturns/${id}`);
      return body === null ? null : SupplierReturnSchema.parse(body);
    },
    items: async (id: number) =>
      z
        .object({ data: z.array(SupplierReturnItemSchema).nullable() })
        .parse(await get(`/supplierreturns/${id}/supplierreturnitems?page_size=500`)).data ?? [],
    supplierCode: async (id: number) =>
      z.object({ supplier_code: z.string() }).parse(await get(`/suppliers/${id}`)).supplier_code,
    finalise: async (id: number) => {
      await call(`/supplierreturns/${id}`, 'PUT', { supplier_return_status: { id: 3 } });
    },
  };
}

interface Barcoded {
  id: number;
  barcode: string;
  name: string;
}

/**
 * An Incomplete return with items that the cache lacks, two cached products with barcodes that its supplier
 * supplies and one it does not, by the product suppliers cached here (a return takes only its supplier's
 * products, issue 26). A pull run reads the links of 50 products; "Sync now" runs another until they are in.
 */
async function returnWithProducts(page: Page, api: Awaited<ReturnType<typeof returnsApi>>) {
  const cachedIds = new Set((await tableRows<{ id: number }>(page, 'supplierReturns')).map((row) => row.id));
  const candidates: { ret: SupplierReturn; code: string }[] = [];
  for (let id = 400_001; id < 400_100; id++) {
    const found = cachedIds.has(id) ? null : await api.supplierReturn(id);
    if (found?.supplier_return_status.name === 'Incomplete' && found.total_return_quantity > 0)
      candidates.push({ ret: found, code: await api.supplierCode(found.supplier.id) });
  }
  const linksNow = async () =>
    (
      await tableRows<{ product_id: number; supplier_code: string; is_deleted: boolean }>(
        page,
        'productSuppliers',
      )
    ).filter((link) => !link.is_deleted);
  for (let round = 0; round < 12; round++) {
    const links = await linksNow();
    const codesOf = new Map<number, Set<string>>();
    for (const link of links)
      codesOf.set(link.product_id, (codesOf.get(link.product_id) ?? new Set()).add(link.supplier_code));
    const products = (
      await tableRows<{ id: number; supplier_sku2: string | null; short_description: string }>(
        page,
        'products',
      )
    )
      .filter((p) => (p.supplier_sku2?.length ?? 0) >= 8 && codesOf.has(p.id))
      .map((p): Barcoded => ({ id: p.id, barcode: p.supplier_sku2!, name: p.short_description }));
    for (const { ret, code } of candidates) {
      const theirs = products.filter((p) => codesOf.get(p.id)!.has(code));
      const foreign = products.find((p) => !codesOf.get(p.id)!.has(code));
      if (theirs.length >= 2 && foreign)
        return { target: ret, first: theirs[0]!, second: theirs[1]!, foreign };
    }
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(async () => (await linksNow()).length, { timeout: 90_000 })
      .toBeGreaterThan(links.length);
  }
  throw new Error('No Incomplete return whose supplier supplies two cached products with barcodes');
}

/** Opens a return by its number from the returns list, and waits for its page. */
async function openByNumber(page: Page, returnId: number) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Supplier returns' })
    .click();
  const byNumber = page.getByRole('form', { name: 'Open return by number' });
  await byNumber.getByLabel('Open return by number').fill(String(returnId));
  await byNumber.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`#/supplier-returns/${returnId}$`));
  await expect(page.getByRole('link', { name: 'Edit return' })).toBeVisible({ timeout: 60_000 });
}

/** The record without what the server moves on every write and with every item change. */
const header = ({
  modified_on: _modified,
  modified_by: _by,
  started_on: _started,
  total_return_quantity: _quantity,
  total_claim_amount_ex: _ex,
  total_claim_amount_tax: _tax,
  total_claim_amount_inc: _inc,
  ...rest
}: SupplierReturn) => rest;

test('items scanned onto a return offline reach the server exactly once', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const api = await returnsApi(page);

  // An Incomplete return no credit note names: the sync never fetched it, so it is opened by number.
  const { target, first, second, foreign } = await returnWithProducts(page, api);
  const returnId = target.id;
  const itemsBefore = await api.items(returnId);
  await openByNumber(page, returnId);
  await expect(page.getByRole('heading', { name: `Return ${returnId}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Items (${itemsBefore.length})` })).toBeVisible();
  const items = page.getByRole('region', { name: /^Items/ });

  // Offline: two products scanned onto the return, and its authorisation entered.
  await goOffline(page, simulator);
  const reasons = (await tableRows<{ id: number; name: string; deleted: boolean }>(page, 'returnReasons'))
    .filter((reason) => !reason.deleted)
    .sort((a, b) => a.name.localeCompare(b.name));
  const reason = reasons[0]!;
  const scanField = page.getByLabel('Scan a product to return');
  const form = page.getByRole('form', { name: 'New return item' });

  // A code no product has is refused, in words.
  await expect(scanField).toBeFocused();
  await scan(page, '0000000000000');
  await expect(page.getByRole('alert', { name: 'Scan result' })).toContainText(
    'No product on this computer has the code 0000000000000.',
  );

  // Another supplier's product is refused, in words, and nothing is queued.
  await scan(page, foreign.barcode);
  await expect(page.getByRole('alert', { name: 'Scan result' })).toContainText(
    `${foreign.name} isn’t supplied by ${target.supplier.name} — it can’t go on this return.`,
  );
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add anyway' })).toBeVisible();

  await scan(page, first.barcode);
  await expect(form).toContainText(first.name);
  // The reason is required: said at its field.
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByText('Choose why it goes back to the supplier.', { exact: true })).toBeVisible();
  await form.getByLabel('Reason').selectOption({ label: reason.name });
  await form.getByLabel('Quantity').fill('2');
  await form.getByLabel('Claim (ex tax, each)').fill('4.5');
  await form.getByLabel('Notes').fill('Torn seams');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('status', { name: 'Scan result' })).toContainText(`2 × ${first.name}`);

  await expect(scanField).toBeFocused();
  await scan(page, second.barcode);
  await expect(form).toContainText(second.name);
  await form.getByLabel('Reason').selectOption({ label: reason.name });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();

  // A third, scanned by mistake: removed before it is ever sent (asked twice).
  await scan(page, first.barcode);
  await form.getByLabel('Reason').selectOption({ label: reason.name });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: `Items (${itemsBefore.length + 3})` })).toBeVisible();
  await items.getByRole('button', { name: `Remove 1 × ${first.name}`, exact: true }).click();
  await items
    .getByRole('group', { name: `Remove 1 × ${first.name}?` })
    .getByRole('button', { name: 'Yes, remove' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `Removed 1 × ${first.name}` })).toBeVisible();
  await expect(page.getByText('Items already sent can’t be removed here', { exact: false })).toBeVisible();

  await expect(page.getByRole('heading', { name: `Items (${itemsBefore.length + 2})` })).toBeVisible();
  await expect(items.getByText('Pending', { exact: true })).toHaveCount(2);
  // The totals count them at once, and say so.
  const totals = page.getByRole('table', { name: 'Return totals' });
  await expect(totals.getByRole('cell').first()).toHaveText(String(target.total_return_quantity + 3));
  await expect(page.getByText('Including 2 items added here and not yet on the server.')).toBeVisible();

  await page.getByRole('link', { name: 'Edit return' }).click();
  const edit = page.getByRole('form', { name: 'Edit return' });
  await edit.getByLabel('Return authorisation').fill('R'.repeat(101));
  await edit.getByRole('button', { name: 'Save return' }).click();
  await expect(edit.getByText('At most 100 characters (this has 101).', { exact: true })).toBeVisible();
  await edit.getByLabel('Return authorisation').fill('RA-E2E-7');
  await edit.getByRole('button', { name: 'Save return' }).click();
  await expect(page).toHaveURL(new RegExp(`#/supplier-returns/${returnId}$`));
  await expect(page.getByText('RA-E2E-7')).toBeVisible();
  await expect(
    page.getByText('Saved on this computer; it is sent to the server when Dockhand is online.'),
  ).toBeVisible();

  // Online: each change sent once, and the server holds exactly those.
  await simulator.setOffline(false);
  // The outbox, not the badge, says when all three are done: the header's badge reads "Sending", not
  // "Pending", while its update is on its way, with the items already done.
  const returnOps = async () =>
    (await tableRows<OpRecord>(page, 'outbox'))
      .filter((op) => op.aggregate === `supplierReturn:${returnId}`)
      .map((op) => [op.kind, op.state]);
  await expect.poll(returnOps, { timeout: 60_000 }).toEqual([
    ['createSupplierReturnItem', 'done'],
    ['createSupplierReturnItem', 'done'],
    ['createSupplierReturnItem', 'discarded'],
    ['updateSupplierReturn', 'done'],
  ]);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  const after = await api.items(returnId);
  const before = new Set(itemsBefore.map((item) => item.id));
  const added = after.filter((item) => !before.has(item.id)).sort((a, b) => a.id - b.id);
  const shape = (item: SupplierReturnItem) => ({
    product: item.product.id,
    reason: item.supplier_return_reason.id,
    quantity: item.return_quantity,
    claim: item.claim_amount_ex,
    notes: item.supplier_return_item_notes,
  });
  expect(added.map(shape)).toEqual([
    { product: first.id, reason: reason.id, quantity: 2, claim: 4.5, notes: 'Torn seams' },
    {
      product: second.id,
      reason: reason.id,
      quantity: 1,
      claim: added[1]!.original_buy_ex,
      notes: null,
    },
  ]);
  expect(after.length).toBe(itemsBefore.length + 2);
  const edited = (await api.supplierReturn(returnId))!;
  expect(header(edited)).toEqual({ ...header(target), return_authorisation: 'RA-E2E-7' });
  expect(edited.total_return_quantity).toBe(target.total_return_quantity + 3);
  await expect(totals.getByRole('cell').first()).toHaveText(String(edited.total_return_quantity));
  // The page shows the server's items now, under their server ids.
  await expect(page.getByRole('cell', { name: String(added[0]!.id), exact: true })).toBeVisible({
    timeout: 60_000,
  });
});

test('an item added offline to a return the office finalised meanwhile is explained on the return', async ({
  app,
}) => {
  test.setTimeout(240_000);
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const api = await returnsApi(page);
  const { target, first: product } = await returnWithProducts(page, api);
  const itemsBefore = await api.items(target.id);
  await openByNumber(page, target.id);

  // The back office finalises it; this computer still has it as Incomplete and goes offline.
  await api.finalise(target.id);
  await goOffline(page, simulator);
  await expect(page.getByLabel('Scan a product to return')).toBeFocused();
  await scan(page, product.barcode);
  const form = page.getByRole('form', { name: 'New return item' });
  await form.getByLabel('Reason').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();

  // Online: the server refuses it, and the return's page says so and why, with the way to the sync centre.
  await simulator.setOffline(false);
  const refusal = page.getByRole('alert').filter({ hasText: 'The server refused' });
  await expect(refusal).toContainText(`on supplier return ${target.id}`, { timeout: 60_000 });
  await expect(refusal).toContainText(
    `Supplier return ${target.id} is finalised and can no longer be changed`,
  );
  await expect(refusal.getByRole('link', { name: 'Open the sync centre' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Items/ }).getByText('Failed', { exact: true }),
  ).toBeVisible();
  // Nothing reached the server.
  expect((await api.items(target.id)).length).toBe(itemsBefore.length);
});
