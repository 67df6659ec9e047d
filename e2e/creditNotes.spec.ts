/**
 * A clerk checks what a supplier credited: the credit note list (filled by the first sync) searched by the
 * supplier's reference, kept in the URL across a reload; the only match opened with the keyboard; its page
 * shows the items; from there its return (fetched by the sync because the note names it) and the return
 * item an item credits, marked on the return's page.
 */
import type { CreditNote, CreditNoteItem } from '../src/api/resources';
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

test('credit note list → detail → its return and the return item it credits', async ({ app }) => {
  const { page } = app;
  await startSyncedDemo(app);

  // A note that credits a return, with its items in the cache (items arrive last in the first sync).
  let note: (CreditNote & { id: number }) | undefined;
  let noteItems: CreditNoteItem[] = [];
  await expect
    .poll(
      async () => {
        const items = await tableRows<CreditNoteItem>(page, 'creditNoteItems');
        const notes = await tableRows<CreditNote & { id: number }>(page, 'creditNotes');
        const returns = new Set(
          (await tableRows<{ id: number }>(page, 'supplierReturns')).map((row) => row.id),
        );
        note = notes.find(
          (candidate) =>
            candidate.supplier_return_id !== null &&
            returns.has(candidate.supplier_return_id) &&
            candidate.supplier_reference &&
            items.some(
              (item) => item.credit_note_id === candidate.id && item.supplier_return_item_id !== null,
            ),
        );
        noteItems = items.filter((item) => item.credit_note_id === note?.id);
        return note?.id;
      },
      { timeout: 90_000 },
    )
    .toBeDefined();
  const returnId = note!.supplier_return_id!;
  const reference = note!.supplier_reference!;
  const credited = noteItems.find((item) => item.supplier_return_item_id !== null)!;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Credit notes' }).click();
  await expect(page.getByText(/^\d+ credit notes?$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search credit notes' }).fill(reference);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(reference)}`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search credit notes' })).toHaveValue(reference);
  await expect(page.getByText(/^1 credit note match, of \d+$/)).toBeVisible();

  // A filter that hides it says why.
  await page.getByRole('combobox', { name: 'Applied' }).selectOption({
    label: note!.supplier_credited_on ? 'Not yet applied' : 'Applied to the account',
  });
  await expect(
    page.getByText(/^No credit notes (not yet applied|applied to the account), matching/),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Applied' }).selectOption({ label: 'Applied or not' });

  // Keyboard: the only match opens with Enter.
  await page.getByRole('listbox', { name: 'Credit notes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/credit-notes/${note!.id}$`));
  await expect(page.getByRole('heading', { name: `Credit note ${note!.id} · ${reference}` })).toBeVisible();
  const itemsSection = page.getByRole('region', { name: `Items (${noteItems.length})` });
  await expect(itemsSection.getByRole('row')).toHaveCount(noteItems.length + 1);

  // Its return, then the return item one of its items credits, marked on the return's page.
  await page.getByRole('link', { name: `Return ${returnId}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/supplier-returns/${returnId}$`));
  await expect(page.getByRole('heading', { name: `Return ${returnId}` })).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`^Credit note ${note!.id}`) }).first(),
  ).toBeVisible();
  await page.goBack();
  await itemsSection.getByRole('link', { name: `Item ${credited.supplier_return_item_id}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`#/supplier-returns/${returnId}\\?item=${credited.supplier_return_item_id}$`),
  );
  const marked = page.locator('tr[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole('cell').first()).toHaveText(String(credited.supplier_return_item_id));
});
