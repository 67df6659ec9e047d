/**
 * The receiving screen in Chromium, on a real (browser) Dexie database: a scan made while the
 * over-receipt question is open is refused where the clerk looks (inside the question) and changes no
 * line; the question stays until it is answered. Scanner keys are dispatched in one go, well inside any
 * threshold.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleProduct, samplePurchaseOrder, samplePurchaseOrderItem } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb, type CachedPurchaseOrder, type CachedPurchaseOrderItem } from '../../db/schema';
import type { Session } from '../../lib/session.svelte';
import ReceiveOrder from './ReceiveOrder.svelte';

const TENT = '9300000000019';
const MUG = '9300000000026';

function scannerTypes(text: string) {
  const target = document.activeElement ?? document.body;
  for (const key of [...text, 'Enter'])
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

async function seeded(): Promise<DockhandDb> {
  const db = new DockhandDb(`receive-order-${crypto.randomUUID()}`);
  await db.purchaseOrders.put(samplePurchaseOrder({ id: 1001 }) as CachedPurchaseOrder);
  const line = (poItemId: number, code: string, name: string, received: number) =>
    samplePurchaseOrderItem({
      po_item_id: poItemId,
      product: sampleProduct({
        id: poItemId,
        supplier_sku2: code,
        supplier_sku: name,
        short_description: name,
      }),
      quantity_ordered: 2,
      quantity_received: received,
      quantity_remaining: 2 - received,
    }) as CachedPurchaseOrderItem;
  // The tents are all in: one more asks first. The mugs still expect two.
  await db.purchaseOrderItems.bulkPut([line(1, TENT, 'Ember dome tent', 2), line(2, MUG, 'Enamel mug', 0)]);
  return db;
}

describe('ReceiveOrder', () => {
  it('refuses a scan made while the over-receipt question is open, inside the question', async () => {
    const db = await seeded();
    mountInPage(ReceiveOrder, { db, session: {} as Session, id: 1001 });
    await expect.element(page.getByRole('heading', { name: 'Receive PO 1001' })).toBeVisible();
    await expect.element(page.getByLabelText('Delivery totals')).toHaveTextContent('2 of 4 units received');
    // The field takes scans once the delivery's draft is read.
    await expect.element(page.getByRole('textbox', { name: 'Scan or type a code' })).toBeEnabled();

    scannerTypes(TENT);
    const question = page.getByRole('dialog', { name: 'More than ordered?' });
    await expect.element(question).toBeVisible();

    scannerTypes(MUG);
    await expect
      .element(question.getByRole('alert'))
      .toHaveTextContent('That scan was not used: answer this question first, then scan it again.');
    await expect.element(question).toBeVisible();
    // Nothing was applied behind the question.
    await expect.element(page.getByLabelText('Delivery totals')).toHaveTextContent('2 of 4 units received');
    await expect.element(page.getByLabelText('Delivery totals')).toHaveTextContent('this delivery: 0 units');

    await userEvent.click(question.getByRole('button', { name: "Don't add" }));
    await expect.element(question).not.toBeInTheDocument();
    scannerTypes(MUG);
    await expect.element(page.getByLabelText('Delivery totals')).toHaveTextContent('3 of 4 units received');
  });

  it('never glues "-5" typed straight into a scan onto its code: says so, adds nothing', async () => {
    const db = await seeded();
    mountInPage(ReceiveOrder, { db, session: {} as Session, id: 1001 });
    const field = page.getByRole('textbox', { name: 'Scan or type a code' });
    await expect.element(field).toBeEnabled();
    scannerTypes(`-5${MUG}`);
    await expect
      .element(page.getByRole('alert', { name: 'Scan result' }))
      .toHaveTextContent('“-” was typed just before the scan and ran into it, so nothing was added.');
    await expect.element(page.getByLabelText('Delivery totals')).toHaveTextContent('this delivery: 0 units');
  });
});
