/**
 * The sync centre's list and its correction form, in Chromium: waiting changes in the order they are sent
 * (and it says so), "sent when Dockhand is online" only while offline; a refused order said in words with
 * the technical detail one click away, corrected in a form whose inputs are labelled in words, the
 * server's complaint next to the field it names, checked with zod before anything is sent.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { samplePurchaseOrderCreate } from '../../api/requests/fixtures';
import type { SyncStatusView } from '../../bridge/contract';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import { sampleOp } from '../../db/testing/sampleOp';
import type { Session } from '../../lib/session.svelte';
import SyncCentreScreen from './SyncCentreScreen.svelte';

let db: DockhandDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await DockhandDb.delete(db.name);
});

const op = sampleOp;

function mountWith(online: boolean, edit = vi.fn()) {
  const session = $state({
    db,
    attached: true,
    syncStatus: { online } as SyncStatusView,
    edit,
  });
  mountInPage(SyncCentreScreen, { session: session as unknown as Session, db });
  return session;
}

it('lists waiting changes oldest first, says so, and says "sent when online" only while offline', async () => {
  db = new DockhandDb(`sync-centre-order-${crypto.randomUUID()}`);
  await db.outbox.bulkAdd([
    op('first', {}),
    op('second', {}),
    op('refused', { state: 'failed', problem: { status: 409, title: 'Conflict', detail: 'Finalised' } }),
    op('third', { state: 'sending' }),
  ]);
  const session = mountWith(true);
  const headings = page.getByRole('list').first().getByRole('heading', { level: 3 });
  await expect
    .poll(() => headings.elements().map((heading) => heading.textContent))
    .toEqual(['Change refused', 'Change first', 'Change second', 'Change third']);
  await expect.element(page.getByText('Listed in the order they are sent: the oldest first')).toBeVisible();
  const first = page.getByRole('article', { name: 'Change first' });
  await expect.element(first).toHaveTextContent('Waiting to be sent.');
  await expect.element(page.getByRole('article', { name: 'Change third' })).toHaveTextContent('Sending…');
  expect(page.getByText(/when Dockhand is online/).elements()).toHaveLength(0);

  session.syncStatus = { online: false } as SyncStatusView;
  await expect.element(first).toHaveTextContent('It is sent when Dockhand is online.');
});

it('says a refused order in words, keeps the technical detail one click away, and corrects it in a form', async () => {
  db = new DockhandDb(`sync-centre-form-${crypto.randomUUID()}`);
  await db.products.put({ id: 101, short_description: 'Ember dome tent', inventory: [] } as never);
  const body = samplePurchaseOrderCreate({
    external_purchase_order_id: 'dockhand-op-1',
    purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 24, supplier_buy_ex: 12.5 }],
  });
  const label = 'New purchase order for Coral Textile (1 line)';
  await db.outbox.add(
    op('po', {
      kind: 'createPurchaseOrder',
      aggregate: 'purchaseOrder:-2',
      params: {},
      body,
      label,
      state: 'failed',
      attempts: 1,
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: 'The request breaks a business rule of this back office',
        errors: { 'purchase_order_items[0].quantity_ordered': ['Must be at most 10'] },
        requestId: 'req-4711',
      },
    }),
  );
  const edit = vi.fn(async () => ({ ok: true, value: { op: { id: 'po' } } }));
  mountWith(true, edit);
  const entry = page.getByRole('article', { name: label });
  const problem = entry.getByRole('region', { name: 'Problem detail' });
  await expect.element(problem).toHaveTextContent('It breaks a rule of this back office.');
  await expect
    .element(problem.getByRole('listitem').first())
    .toHaveTextContent('Line 1 — Ember dome tent: quantity ordered must be at most 10');
  // The path and request id are there for support, folded away.
  await expect.element(problem.getByText('req-4711')).not.toBeVisible();
  await problem.getByText('Technical details (for support)').click();
  await expect.element(problem.getByText('req-4711')).toBeVisible();
  await expect.element(problem.getByText('purchase_order_items[0].quantity_ordered')).toBeVisible();

  await entry.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${label}` });
  const quantity = form.getByLabelText('Line 1 — Ember dome tent: quantity ordered');
  await expect.element(quantity).toHaveFocus();
  await expect.element(quantity).toHaveValue(24);
  await expect.element(quantity).toHaveAccessibleDescription('Must be at most 10');
  await expect.element(form.getByLabelText('Line 1 — Ember dome tent: buy price (ex tax)')).toHaveValue(12.5);
  expect(form.getByRole('textbox', { name: /JSON/ }).elements()).toHaveLength(0);

  // Checked with the contract's zod schema: nothing is sent, the complaint sits at the field.
  await userEvent.fill(quantity, '0');
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect.element(quantity).toHaveAccessibleDescription('Must be at least 1');
  expect(edit).not.toHaveBeenCalled();

  // Held to the New PO form's bound too, in its words.
  await userEvent.fill(quantity, '999999999');
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect
    .element(quantity)
    .toHaveAccessibleDescription('Line 1 — Ember dome tent: quantity ordered must be 100,000 or less');
  expect(edit).not.toHaveBeenCalled();

  await userEvent.fill(quantity, '8');
  await form.getByRole('button', { name: 'Save and retry' }).click();
  await expect.poll(() => edit.mock.calls.length).toBe(1);
  expect(edit).toHaveBeenCalledWith('po', {
    ...body,
    purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 8, supplier_buy_ex: 12.5 }],
  });
});
