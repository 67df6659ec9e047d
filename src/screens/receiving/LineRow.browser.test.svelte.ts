/**
 * A receiving line in Chromium, inside an option as the lines' list draws it: the option is named by its
 * content, the line's sentence (spokenLine), with no aria-label over the cells (issue #26: axe's
 * label-content-name-mismatch), and the cells the eye reads are still there.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { samplePurchaseOrderItem, sampleProduct } from '../../api/resources/fixtures';
import { withAdded } from '../../db/receiving/drafts';
import type { CachedPurchaseOrderItem } from '../../db/schema';
import { mountInPage } from '../../components/testing/mountInPage';
import LineRow from './LineRow.svelte';
import { receivingLinesBuilder, spokenLine } from './receivingLines';

const item = samplePurchaseOrderItem({
  po_item_id: 1,
  product: sampleProduct({
    id: 10,
    short_description: 'Ember dome tent',
    supplier_sku2: '9300000000001',
    supplier_sku: 'TENT-1',
    manufacturer_sku: 'TENT-1', // the same code twice on a label is said once
  }),
  quantity_ordered: 10,
  quantity_received: 1,
  quantity_cancelled: 0,
}) as CachedPurchaseOrderItem;

describe('LineRow', () => {
  it('names its option by the line’s sentence, with the cells for the eye only', async () => {
    const draft = withAdded(null, 42, 1, 12, null, new Date('2026-11-23T09:00:00Z')); // 3 over
    const [built] = receivingLinesBuilder()([item], draft);
    const line = { ...built!, bin: 'B-07', notes: 'dented' };
    const listbox = document.createElement('div');
    listbox.setAttribute('role', 'listbox');
    listbox.setAttribute('aria-label', 'Lines to receive');
    document.body.append(listbox);
    try {
      const { target } = mountInPage(LineRow, { line, active: true });
      target.setAttribute('role', 'option');
      target.setAttribute('aria-selected', 'true');
      listbox.append(target);

      const option = page.getByRole('option');
      await expect.element(option).toHaveAccessibleName(spokenLine(line));
      expect(spokenLine(line)).toMatch(/^Ember dome tent, complete; 9300000000001 · TENT-1; ordered 10;/);
      expect(target.hasAttribute('aria-label')).toBe(false);
      // What the eye reads: the figures in their columns, the over-receipt and the bin.
      await expect.element(page.getByTestId('received-now')).toHaveTextContent(/^12\s*\+3 over$/);
      await expect.element(option).toHaveTextContent(/B-07/);
      expect(page.getByTestId('other-pcs').elements()).toHaveLength(0);
    } finally {
      listbox.remove();
    }
  });

  it('says on the line what another PC received since this one started, and how far over the order it is', async () => {
    // Another PC's 6 are in the cached line (1 before, 7 now); this delivery brings 5: 12 of 10, 2 over.
    const pulled = { ...item, quantity_received: 7 };
    const [line] = receivingLinesBuilder()([pulled], withAdded(null, 42, 1, 5, null, new Date()));
    const { target } = mountInPage(LineRow, { line: line!, active: false, more: 6 });
    const notice = '6 more received on another PC since you started — 2 over what was ordered';
    await expect.element(page.getByTestId('other-pcs')).toHaveTextContent(notice);
    // In place of the codes, and in the sentence a screen reader says.
    expect(target.querySelector('.codes')).toBeNull();
    expect(target.textContent).toContain(`${spokenLine(line!)}; ${notice}`);
  });
});
