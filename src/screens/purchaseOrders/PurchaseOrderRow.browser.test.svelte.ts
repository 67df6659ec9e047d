/**
 * A purchase order row draws its number in the task that mounts it and its cells in turn, after the thread
 * is given back (issue #24: the list's first rows, all drawn in one task, were its longest task mid-sync);
 * a change to its order's data is drawn in turn too, never in the task that brought it.
 */
import { flushSync } from 'svelte';
import { expect, it } from 'vitest';
import { rowTurns } from '../../components/list/afterYield.svelte';
import { mountInPage } from '../../components/testing/mountInPage';
import type { PoListRow } from './listQuery';
import PurchaseOrderRow from './PurchaseOrderRow.svelte';

const row: PoListRow = {
  id: 42,
  externalId: 'EXT-42',
  supplierName: 'Bolt Hardware',
  outletName: 'Sydney CBD',
  status: 'OnOrder',
  eta: '2026-03-04T00:00:00Z',
  total: 1146.55,
  currency: null,
  badge: null,
};

it('draws the number at once and the cells a task later', async () => {
  const rows = { want: () => () => {}, get: (id: number) => (id === 42 ? row : undefined) };
  const { target } = mountInPage(PurchaseOrderRow, { id: 42, rows });
  flushSync();
  expect(target.querySelector('.number')?.textContent).toBe('PO 42');
  expect(target.textContent).not.toContain('Bolt Hardware');
  await expect.poll(() => target.textContent).toContain('Bolt Hardware');
  expect(target.textContent).toContain('Sydney CBD');
});

it("draws a change to its order's data in turn, not in the task that brought it", async () => {
  let current = $state.raw(row);
  const rows = { want: () => () => {}, get: () => current };
  const { target } = mountInPage(PurchaseOrderRow, { id: 42, rows });
  await expect.poll(() => target.textContent).toContain('Bolt Hardware');
  current = { ...row, supplierName: 'Acme Fasteners' };
  flushSync();
  expect(target.textContent).toContain('Bolt Hardware');
  await expect.poll(() => target.textContent).toContain('Acme Fasteners');
  // Another order's row in the same slot never shows beside this number.
  current = { ...row, id: 43, supplierName: 'Other Supplier' };
  await expect.poll(() => target.textContent).not.toContain('Acme Fasteners');
  expect(rowTurns.size).toBe(0);
  expect(target.textContent).not.toContain('Other Supplier');
  expect(target.querySelector('.number')?.textContent).toBe('PO 42');
});
