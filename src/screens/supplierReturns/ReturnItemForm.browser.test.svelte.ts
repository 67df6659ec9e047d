/**
 * The return item form in Chromium: what is wrong is said at the field, in words (a reason is required, a
 * quantity is a whole number of at least 1), and a valid item is queued at once with its pending row, the
 * clerk told how many of what were added.
 */
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleProduct, sampleProductSupplier } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import ReturnItemForm from './ReturnItemForm.svelte';
import { returnDb } from './testing';

describe('ReturnItemForm', () => {
  it('says what is wrong at each field, then queues the item', async () => {
    // The product comes from the return's supplier (Acme): the supplier rule is AddReturnItems' test.
    const db = await returnDb('return-item-form');
    await db.productSuppliers.put(sampleProductSupplier());
    const onadded = vi.fn();
    mountInPage(ReturnItemForm, {
      db,
      returnId: 8001,
      product: sampleProduct(),
      reasons: [{ value: 5, label: 'Damaged in transit' }],
      sources: [],
      onadded,
      oncancel: () => {},
    });
    const form = page.getByRole('form', { name: 'New return item' });
    const reason = form.getByRole('combobox', { name: 'Reason' });
    const quantity = form.getByRole('spinbutton', { name: 'Quantity' });

    await userEvent.fill(quantity, '0');
    await userEvent.click(form.getByRole('button', { name: 'Add item' }));
    await expect.element(reason).toBeInvalid();
    await expect.element(reason).toHaveAccessibleDescription('Choose why it goes back to the supplier.');
    await expect
      .element(quantity)
      .toHaveAccessibleDescription('Enter how many go back: a whole number, at least 1.');
    expect(await db.outbox.count()).toBe(0);

    await userEvent.selectOptions(reason, 'Damaged in transit');
    await userEvent.fill(quantity, '3');
    await userEvent.click(form.getByRole('button', { name: 'Add item' }));
    await expect.poll(() => onadded.mock.calls.length).toBe(1);
    expect(onadded).toHaveBeenCalledWith('3 × Classic tee, black, M, saved here and sent when online.');
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({
      kind: 'createSupplierReturnItem',
      params: { id: 8001 },
      body: { product: { id: 5012 }, supplier_return_reason: { id: 5 }, return_quantity: 3 },
    });
    expect(await db.supplierReturnItems.get(op!.createsTempId!)).toMatchObject({ return_quantity: 3 });
    db.close();
  });
});
