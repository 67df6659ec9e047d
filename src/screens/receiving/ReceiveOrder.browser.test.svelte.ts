/**
 * The receiving screen in Chromium, on a real (browser) Dexie database: a scan made while the
 * over-receipt question is open is refused where the clerk looks (inside the question) and changes no
 * line; the question stays until it is answered. Scanner keys are dispatched in one go, well inside any
 * threshold.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
// The app's own styles (a screen-reader-only line takes no room), so the rows lay out as in the app.
import '../../app.css';
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

/** The screen on PO 1001, once its scan field takes scans (it waits for the delivery's draft to be read). */
async function opened() {
  const db = await seeded();
  const { target } = mountInPage(ReceiveOrder, { db, session: {} as Session, id: 1001 });
  const field = page.getByRole('textbox', { name: 'Scan or type a code' });
  await expect.element(field).toBeEnabled();
  return { db, target, field, totals: page.getByLabelText('Delivery totals') };
}

/** The line's "received now" as stored in the delivery's draft. */
async function storedNow(db: DockhandDb, poItemId: number) {
  return (await db.receiptDrafts.get(1001))?.lines[poItemId]?.received;
}

describe('ReceiveOrder', () => {
  it('refuses a scan made while the over-receipt question is open, inside the question', async () => {
    const { totals } = await opened();
    await expect.element(page.getByRole('heading', { name: 'Receive PO 1001' })).toBeVisible();
    await expect.element(totals).toHaveTextContent('2 of 4 units received');

    scannerTypes(TENT);
    const question = page.getByRole('dialog', { name: 'More than ordered?' });
    await expect.element(question).toBeVisible();

    scannerTypes(MUG);
    await expect
      .element(question.getByRole('alert'))
      .toHaveTextContent('That scan was not used: answer this question first, then scan it again.');
    await expect.element(question).toBeVisible();
    // Nothing was applied behind the question.
    await expect.element(totals).toHaveTextContent('2 of 4 units received');
    await expect.element(totals).toHaveTextContent('this delivery: 0 units');

    await userEvent.click(question.getByRole('button', { name: "Don't add" }));
    await expect.element(question).not.toBeInTheDocument();
    scannerTypes(MUG);
    await expect.element(totals).toHaveTextContent('3 of 4 units received');
  });

  it('never glues "-5" typed straight into a scan onto its code: says so, adds nothing', async () => {
    const { totals } = await opened();
    scannerTypes(`-5${MUG}`);
    await expect
      .element(page.getByRole('alert', { name: 'Scan result' }))
      .toHaveTextContent('“-” was typed just before the scan and ran into it, so nothing was added.');
    await expect.element(totals).toHaveTextContent('this delivery: 0 units');
  });

  it('undoes the last scan with Backspace in the empty scan field, on screen and in the stored draft', async () => {
    const { db, totals } = await opened();
    scannerTypes(MUG);
    await expect.element(totals).toHaveTextContent('3 of 4 units received');
    await expect.poll(() => storedNow(db, 2)).toBe(1);

    await userEvent.keyboard('{Backspace}');
    await expect
      .element(page.getByRole('status', { name: 'Scan result' }))
      .toHaveTextContent(/Undone\s*−1 unit: Enamel mug/);
    await expect.element(totals).toHaveTextContent('2 of 4 units received');
    await expect.poll(() => storedNow(db, 2)).toBe(0);

    // The undone scan is forgotten: a second Backspace has nothing to take off.
    await userEvent.keyboard('{Backspace}');
    await expect
      .element(page.getByRole('alert', { name: 'Scan result' }))
      .toHaveTextContent('There is no scan to undo');
  });

  it('discards the delivery only after the clerk says yes, then takes scans again', async () => {
    const { db, field, totals } = await opened();
    scannerTypes(MUG);
    await expect.element(totals).toHaveTextContent('this delivery: 1 unit');

    await userEvent.click(page.getByRole('button', { name: 'Discard this delivery…' }));
    const question = page.getByRole('dialog', { name: 'Discard this delivery?' });
    await expect.element(question).toHaveTextContent('(1 unit on 1 line)');
    await userEvent.click(question.getByRole('button', { name: 'Discard' }));

    await expect
      .element(page.getByRole('status', { name: 'Scan result' }))
      .toHaveTextContent('The delivery was discarded; nothing was sent.');
    await expect.element(totals).toHaveTextContent('this delivery: 0 units');
    await expect.element(page.getByRole('button', { name: 'Discard this delivery…' })).toBeDisabled();
    expect(await db.receiptDrafts.get(1001)).toBeUndefined();
    await expect.element(field).toHaveFocus();
    scannerTypes(MUG);
    await expect.element(totals).toHaveTextContent('this delivery: 1 unit');
  });

  it('draws each line’s figures under their column headings', async () => {
    const { target } = await opened();
    const now = page.getByTestId('received-now').first();
    await expect.element(now).toBeVisible();
    const heading = [...target.querySelectorAll('[aria-hidden="true"] > span')].find(
      (span) => span.textContent === 'Now',
    );
    expect(heading).toBeDefined();
    const right = (element: Element) => element.getBoundingClientRect().right;
    expect(Math.abs(right(now.element()) - right(heading!))).toBeLessThan(2);
  });
});
