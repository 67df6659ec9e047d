/**
 * The real New purchase order form (src/screens/purchaseOrders/NewPurchaseOrder.svelte) on the seeded
 * products: mounted as the app mounts it, filled to a size by typing codes into its "Scan barcode" field (the
 * untimed part), and read the way a clerk sees a line: its Quantity field.
 */
import { mount, unmount } from 'svelte';
import type { DockhandDb } from '../../../src/db/schema';
import NewPurchaseOrder from '../../../src/screens/purchaseOrders/NewPurchaseOrder.svelte';
import { until } from '../../receiving/page/until';
import { barcodeOf, productOfLine } from './catalogue';

export function lineCount(): number {
  return document.querySelectorAll('[role="row"][data-product-id]').length;
}

/**
 * A reader of the Quantity shown on the line of `productId` (null while it has no line), found before the
 * scan: the probe calls it on every DOM change, and a search of a 1,000-line form each time would be the
 * harness's cost counted as the app's. A new line is appended, so it is the last row when it comes.
 */
export function quantityReader(productId: number): () => string | null {
  const row = document.querySelector(`[role="row"][data-product-id="${productId}"]`);
  if (row) return () => row.querySelector('input')?.value ?? null;
  const lines = document.querySelectorAll('[role="table"] > [role="rowgroup"]')[1];
  return () => {
    const last = lines?.lastElementChild;
    if (!(last instanceof HTMLElement) || last.dataset.productId !== String(productId)) return null;
    return last.querySelector('input')?.value ?? null;
  };
}

/** A reader of the form's scan problem ("No product has the code …", a broken scan), if it shows one. */
export function problemReader(): () => string | null {
  const fieldset = document.querySelector('fieldset');
  return () => {
    for (const child of fieldset?.children ?? [])
      if (child.getAttribute('role') === 'alert') return child.textContent?.trim() || null;
    return null;
  };
}

/** The form's scan problem, if it shows one (for the harness's own errors). */
export function scanProblem(): string | null {
  return problemReader()();
}

function scanField(): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((l) =>
    l.textContent?.trim().startsWith('Scan barcode'),
  );
  const input = label ? document.getElementById(label.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error('the form has no "Scan barcode" field');
  return input;
}

export async function mountNewOrder(db: DockhandDb, target: HTMLElement): Promise<() => Promise<void>> {
  const form = mount(NewPurchaseOrder, { target, props: { db } });
  await until(() => target.querySelector('form') !== null, 30_000, 'no form drawn', 0);
  return () => unmount(form);
}

/** Types the next products' barcodes into the scan field and presses Enter, one line at a time. */
export async function fillTo(lines: number): Promise<void> {
  const field = scanField();
  for (let line = lineCount(); line < lines; line++) {
    field.value = barcodeOf(productOfLine(line));
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await until(
      () => lineCount() > line,
      10_000,
      `line ${line + 1} not added (${scanProblem() ?? 'no problem shown'})`,
      0,
    );
  }
}
