/**
 * A purchase order row draws its number in the task that mounts it and its cells after the thread is given
 * back (issue #24: the list's first rows, all drawn in one task, were its longest task mid-sync).
 */
import { flushSync } from 'svelte';
import { expect, it } from 'vitest';
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
