/**
 * The receiving screen's parts in Chromium: the delivery's totals keep what is outstanding and what came
 * over apart, the scan answer says its word once, and Complete receipt drops a broken scan's error once a
 * good number arrives. Scanner keys are dispatched in one go, well inside any threshold.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { samplePurchaseOrderItem } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import type { CompletionForm } from '../../db/receiving/complete';
import { withAdded } from '../../db/receiving/drafts';
import { deliveryTotals, lineFigures } from '../../db/receiving/figures';
import { DockhandDb, type CachedPurchaseOrderItem } from '../../db/schema';
import { scannerSettings } from '../../lib/scanner/service.svelte';
import { DEFAULT_SCANNER_SETTINGS, SCANNER_SETTINGS_KEY } from '../../lib/scanner/settings';
import CompleteReceipt from './CompleteReceipt.svelte';
import DeliveryTotals from './DeliveryTotals.svelte';
import ScanAnswer from './ScanAnswer.svelte';

function figures(ordered: number, before: number, now: number) {
  const item = samplePurchaseOrderItem({
    quantity_ordered: ordered,
    quantity_received: before,
    quantity_cancelled: 0,
  }) as CachedPurchaseOrderItem;
  return lineFigures(item, { received: now, faulty: 0, bin: '', notes: '' });
}

/**
 * Complete receipt for PO 100190 on a fresh database (closed by the test), with one partly received line:
 * two units scanned into the delivery's stored draft.
 */
async function mountCompleteReceipt(): Promise<DockhandDb> {
  const db = new DockhandDb(`complete-receipt-${crypto.randomUUID()}`);
  const draft = withAdded(null, 100190, 1, 2, null, new Date());
  await db.receiptDrafts.put(draft);
  mountInPage(CompleteReceipt, {
    db,
    poId: 100190,
    draft,
    totals: deliveryTotals([figures(5, 0, 2)]),
    oncompleted: () => {},
    oncancel: () => {},
  });
  return db;
}

/**
 * What is typed in Complete receipt is kept in the draft, 300 ms after the last change: the test's database
 * is closed once the last one is kept, so no write is left to land on a closed database.
 */
async function closeOnceKept(db: DockhandDb, kept: Partial<CompletionForm>): Promise<void> {
  await expect.poll(async () => (await db.receiptDrafts.get(100190))?.completion).toMatchObject(kept);
  db.close();
}

describe('DeliveryTotals', () => {
  it('shows 5 tents outstanding and 4 mugs over, never netted into "53 of 54"', async () => {
    const totals = deliveryTotals([figures(20, 10, 5), figures(34, 30, 8)]);
    mountInPage(DeliveryTotals, { totals });
    const box = page.getByLabelText('Delivery totals');
    await expect.element(box).toHaveTextContent('49 of 54 units received');
    await expect.element(box).toHaveTextContent('5 outstanding');
    await expect.element(box).toHaveTextContent('4 units over the order');
    await expect
      .element(page.getByRole('progressbar', { name: 'Units received of those ordered' }))
      .toHaveAttribute('aria-valuenow', '49');
  });
});

describe('ScanAnswer', () => {
  it('says "Not added" once when the answer already starts with it', async () => {
    mountInPage(ScanAnswer, {
      answer: { tone: 'error', text: 'Not added — you chose “Don’t add”; the line is unchanged.', seq: 1 },
      idle: 'Scan a carton',
    });
    const result = page.getByRole('alert', { name: 'Scan result' });
    await expect.element(result).toHaveTextContent(/^\s*Not added — you chose/);
    expect(result.element().textContent?.match(/Not added/g)).toHaveLength(1);
  });

  it('puts the tone’s word before an answer that does not say it', async () => {
    mountInPage(ScanAnswer, { answer: { tone: 'ok', text: '+1 unit: Ember dome tent', seq: 2 }, idle: '' });
    await expect
      .element(page.getByRole('status', { name: 'Scan result' }))
      .toHaveTextContent(/Added\s*\+1 unit: Ember dome tent/);
  });
});

/** A wedge scanner: every character then Enter, dispatched on the focused element at once. */
function scannerTypes(text: string) {
  const target = document.activeElement ?? document.body;
  for (const key of [...text, 'Enter'])
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

describe('CompleteReceipt', () => {
  afterEach(() => {
    localStorage.removeItem(SCANNER_SETTINGS_KEY);
    scannerSettings.reload();
  });

  it('drops a broken scan’s error under the invoice number on the next good scan, and on typing', async () => {
    // With a prefix set, a scan without it is refused: a scan error the clerk can provoke at will.
    expect(scannerSettings.save({ ...DEFAULT_SCANNER_SETTINGS, prefix: '~' })).toEqual({ ok: true });
    const db = await mountCompleteReceipt();
    const number = page.getByRole('textbox', { name: 'Invoice number (from the docket)' });
    await expect.element(number).toHaveFocus();
    const broken = /did not start with the prefix/;

    scannerTypes('INV-20931');
    await expect.element(number).toHaveAccessibleDescription(broken);
    scannerTypes('~INV-20931');
    await expect.element(number).toHaveValue('INV-20931');
    await expect.element(number).not.toHaveAccessibleDescription(broken);
    await expect.element(number).not.toBeInvalid();

    scannerTypes('INV-20932');
    await expect.element(number).toHaveAccessibleDescription(broken);
    await userEvent.type(number, '-2');
    await expect.element(number).not.toHaveAccessibleDescription(broken);
    await closeOnceKept(db, { invoiceNumber: 'INV-20931-2' });
  });

  it('asks whether freight includes tax, and labels the amount by the answer', async () => {
    const db = await mountCompleteReceipt();
    await expect.element(page.getByText('Freight attracts tax')).not.toBeInTheDocument();
    await expect.element(page.getByRole('textbox', { name: 'Freight (ex tax)' })).toBeVisible();
    await userEvent.click(page.getByRole('checkbox', { name: 'Freight includes tax' }));
    await expect.element(page.getByRole('textbox', { name: 'Freight (inc tax)' })).toBeVisible();
    await closeOnceKept(db, { freightIncludesTax: true });
  });
});
