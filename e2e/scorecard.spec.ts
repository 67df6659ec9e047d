/**
 * Supplier scorecard (issue #29 part 4; docs/scorecard.md): the comparison list and a supplier's page show
 * figures a buyer can check by hand against the demo's seeded data (small dataset, seed 1). Eastbay
 * Collective Ltd, 1 Jul – 30 Sep 2025:
 *
 *   PO 100091 Received, sent 8 Jul, ETA 25 Jul, received 15 Jul: 72 of 72 units; on time; lead 7 days.
 *     Booked 14 Jul 41 units and 15 Jul 31 units, all at 14.64: 41 × 14.64 + 31 × 14.64 = 1,054.08 (Jul).
 *   PO 100103 Back order, sent 8 Sep, ETA 20 Sep, 3 of 18 received: open, its ETA gone by: late.
 *     Booked 14 Sep 3 units at 14.64 = 43.92 (Sep).
 *   Fill 72 / 72 = 100%; on time 1 of 2 = 50%; no short (the open order is not short yet) or over;
 *   faulty 0 of 41 + 31 + 3 = 75 units; spend 1,054.08 + 43.92 = 1,098.00 AUD.
 */
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';

const PERIOD = 'period=custom&from=2025-07-01&to=2025-09-30';

test('the scorecard shows hand-checked figures, in the list and on the supplier page', async ({ app }) => {
  const { page } = app;
  await startSyncedDemo(app);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Supplier scorecard' })
    .click();
  await expect(page.getByRole('heading', { name: 'Supplier scorecard' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2025-07-01');
  await page.getByLabel('To', { exact: true }).fill('2025-09-30');
  await expect
    .poll(() => new URL(page.url()).hash)
    .toBe(`#/scorecard?from=2025-07-01&period=custom&to=2025-09-30`);

  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Eastbay Collective Ltd' }) });
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('2');
  await expect(cells.nth(1)).toContainText('100% 72 of 72 units');
  await expect(cells.nth(2)).toContainText('50% 1 of 2 orders');
  await expect(cells.nth(3)).toHaveText('None');
  await expect(cells.nth(4)).toHaveText('None');
  await expect(cells.nth(5)).toContainText('0% 0 of 75 units received');
  await expect(cells.nth(6)).toContainText(/^7 days/);
  await expect(cells.nth(7)).toHaveText('$1,098.00');

  // Sorted by fill rate, highest first: the column says so, and the address keeps it.
  await page.getByRole('button', { name: 'Fill rate' }).click();
  await expect(page.getByRole('columnheader', { name: /Fill rate/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(() => new URL(page.url()).hash).toContain('sort=fill');

  // The supplier's page opens on the same period, with spend per month as a chart and, for screen readers, a table.
  await row.getByRole('link', { name: 'Eastbay Collective Ltd' }).click();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/suppliers\/103\?/);
  expect(new URL(page.url()).hash).toContain(PERIOD.split('&')[0]!);
  const card = page.getByTestId('scorecard');
  await expect(card.getByTestId('fill')).toContainText('100% 72 of 72 units');
  await expect(card.getByTestId('on-time')).toContainText('50% 1 of 2 orders');
  const spend = card.getByRole('table', { name: 'Spend per month in AUD' });
  await expect(spend.getByRole('row')).toHaveText([
    /Jul 25\s*\$1,054\.08/,
    /Aug 25\s*\$0\.00/,
    /Sep 25\s*\$43\.92/,
  ]);
});
