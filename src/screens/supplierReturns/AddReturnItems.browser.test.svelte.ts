/**
 * Scanning onto a return in Chromium (issue 26): a product not linked to the return's supplier is refused in
 * words, with the refusal's alert, and no item form opens; "Add anyway" opens it deliberately and the item is
 * queued; a product whose suppliers this computer has not fetched is said to be unknown, not guessed.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sampleProduct, sampleProductSupplier } from '../../api/resources/fixtures';
import { mountInPage } from '../../components/testing/mountInPage';
import AddReturnItems from './AddReturnItems.svelte';
import { returnDb } from './testing';

const own = (id: number, code: string, name: string) => ({
  ...sampleProduct().supplier,
  id,
  supplier_code: code,
  name,
});
const tent = sampleProduct({
  id: 5013,
  short_description: 'Ember dome tent',
  supplier_sku2: '9300000000024',
  supplier: own(77, 'CORAL', 'Coral Textile'),
});
const stove = sampleProduct({
  id: 5014,
  short_description: 'Camp stove',
  supplier_sku2: '9300000000031',
  supplier: own(78, 'SUMMIT', 'Summit Gear'),
});

async function setUp() {
  // Return 8001 is Acme Apparel's (41); the tent comes from Coral Textile; the stove from Summit Gear, its
  // other suppliers not fetched yet (no links, no sweep).
  const db = await returnDb('add-return-items');
  await db.products.bulkPut([tent, stove]);
  await db.productSuppliers.put(
    sampleProductSupplier({ product_id: tent.id, supplier_code: 'CORAL', supplier_name: 'Coral Textile' }),
  );
  mountInPage(AddReturnItems, { db, returnId: 8001 });
  return db;
}

async function scanCode(code: string) {
  const field = page.getByLabelText('Scan a product to return');
  await userEvent.fill(field, code);
  await userEvent.keyboard('{Enter}');
}

describe('AddReturnItems', () => {
  it('refuses another supplier’s product in words, and adds it only when the clerk chooses to', async () => {
    const db = await setUp();
    const answer = page.getByRole('alert', { name: 'Scan result' });
    const form = page.getByRole('form', { name: 'New return item' });

    await scanCode(tent.supplier_sku2!);
    await expect
      .element(answer)
      .toHaveTextContent(
        'Ember dome tent isn’t supplied by Acme Apparel — it can’t go on this return. It comes from Coral Textile.',
      );
    await expect.element(form).not.toBeInTheDocument();

    await userEvent.click(page.getByRole('button', { name: 'Add anyway' }));
    await expect.element(form).toHaveTextContent('Added anyway');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Damaged in transit');
    await userEvent.click(form.getByRole('button', { name: 'Add item' }));
    await expect.element(form).not.toBeInTheDocument();
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ kind: 'createSupplierReturnItem', body: { product: { id: tent.id } } });
    db.close();
  });

  it('says when a product’s suppliers are not on this computer yet, rather than guess', async () => {
    const db = await setUp();
    await scanCode(stove.supplier_sku2!);
    await expect
      .element(page.getByRole('alert', { name: 'Scan result' }))
      .toHaveTextContent(
        'Camp stove comes from Summit Gear. This computer hasn’t fetched its other suppliers yet, so it can’t check that Acme Apparel also supplies it.',
      );
    await userEvent.click(page.getByRole('button', { name: 'Don’t add' }));
    await expect.element(page.getByRole('button', { name: 'Add anyway' })).not.toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
