/**
 * The New PO lines in Chromium: a line total far past any real order (the bounds refuse it on save, but
 * it shows while typed) stays inside its own column and never runs under the Remove button (issue #26).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { mountInPage } from '../../components/testing/mountInPage';
import LinesTable from './LinesTable.svelte';
import type { FormLine } from './lines';

describe('LinesTable', () => {
  it('keeps an absurd line total inside its column, and bounds its inputs', async () => {
    const line: FormLine = {
      productId: 1,
      name: 'Ember dome tent',
      sku: 'TENT-1',
      barcode: '',
      supplierId: 7,
      quantity: 999_999_999,
      buyPrice: 99_999_999.99,
    };
    const props = $state({ lines: [line], errors: {}, onremove: () => {} });
    const { target } = mountInPage(LinesTable, props);
    target.style.width = '900px';

    const row = page.getByRole('row').filter({ hasText: 'Ember dome tent' });
    const total = row.getByRole('cell').nth(2);
    await expect.element(total).toHaveTextContent(/9{3},9{3}/);
    const remove = row.getByRole('button', { name: /^Remove/ });
    const cellBox = total.element().getBoundingClientRect();
    const removeBox = remove.element().getBoundingClientRect();
    // The text's own extent, not the cell's: a range over the cell's content.
    const range = document.createRange();
    range.selectNodeContents(total.element());
    const textBox = range.getBoundingClientRect();
    expect(textBox.right).toBeLessThanOrEqual(cellBox.right + 0.5);
    expect(textBox.right).toBeLessThanOrEqual(removeBox.left + 0.5);

    await expect
      .element(row.getByRole('spinbutton', { name: /^Quantity for/ }))
      .toHaveAttribute('max', '100000');
    await expect
      .element(row.getByRole('spinbutton', { name: /^Buy price for/ }))
      .toHaveAttribute('max', '1000000');
  });
});
