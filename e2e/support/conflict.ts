/**
 * A record saved here that the back office changed on the server meanwhile: the page shows the conflict in
 * a clerk's words (the field's label, never its API key), offers both values, and the clerk keeps theirs.
 * One walk for every record page that can meet a conflict (customers, suppliers and their products' links,
 * supplier invoices). `within`: the page, or the panel whose save met the conflict.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export async function keepMineInConflict(
  within: Page | Locator,
  field: {
    /** The field's label, as the form names it. */
    label: string;
    /** The API key, which must not show. */
    key?: string;
    /** This PC's value as the option names it (`Keep mine: …`), or a pattern for the whole option. */
    mine?: string | RegExp;
    /** The server's value (`Take server's: …`), when the spec pins it. */
    theirs?: string;
  },
): Promise<void> {
  const conflict = within.getByRole('region', { name: 'Conflict with the server' });
  await expect(conflict).toContainText(`Someone changed ${field.label} on the server too`, {
    timeout: 30_000,
  });
  if (field.key) await expect(conflict).not.toContainText(field.key);
  const choice = conflict.getByRole('combobox', { name: `Value for ${field.label}` });
  if (field.mine !== undefined) {
    const mine = typeof field.mine === 'string' ? `Keep mine: ${field.mine}` : field.mine;
    await expect(choice.getByRole('option', { name: mine })).toHaveCount(1);
  }
  if (field.theirs !== undefined) {
    await expect(choice.getByRole('option', { name: `Take server's: ${field.theirs}` })).toHaveCount(1);
  }
  await choice.selectOption('local');
  await conflict.getByRole('button', { name: 'Resolve' }).click();
  await expect(conflict).toBeHidden({ timeout: 30_000 });
}
