/**
 * The desktop app's printer settings (issue #28 part 2): Settings → Printing keeps a printer for reports, one
 * for labels, and printing without asking, across a reload. Electron project only (playwright.config.ts): the
 * browser host prints through the browser's own dialog and has no such settings.
 */
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';

test('the desktop app keeps a printer for reports, one for labels, and printing without asking', async ({
  app,
}) => {
  const { page } = app;
  await startSyncedDemo(app);
  await page.evaluate((hash) => (location.hash = hash), '#/settings');
  const printing = page.getByRole('region', { name: 'Printing' });
  await expect(
    printing.getByRole('combobox', { name: 'Printer for reports and purchase orders' }),
  ).toBeVisible();
  await expect(printing.getByRole('combobox', { name: 'Printer for labels' })).toBeVisible();
  const silent = printing.getByRole('checkbox', { name: 'Print reports and labels without asking' });
  await silent.check();
  await expect(printing.getByRole('status')).toContainText('Saved');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Printing' }).getByRole('checkbox')).toBeChecked();
});
