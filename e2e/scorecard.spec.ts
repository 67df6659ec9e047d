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
 * The list's "Export CSV" holds as many rows as the list counts, and the same figures as numbers.
 */
import Papa from 'papaparse';
import { FIGURE_HEADERS } from '../src/screens/scorecard/testing';
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';

const PERIOD = 'period=custom&from=2025-07-01&to=2025-09-30';

test('the scorecard shows hand-checked figures, in the list, its CSV and on the supplier page', async ({
  app,
}) => {
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

  // Sorted by fill rate, highest first: the column says so, and the address keeps it.
  const sort = page.getByRole('group', { name: 'Sort suppliers' });
  await sort.getByRole('button', { name: 'Fill rate' }).click();
  await expect(sort.getByRole('button', { name: /^Fill rate\W+sorted descending$/ })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toContain('sort=fill');

  // The CSV: every supplier the list counts, in its order, each figure a number a spreadsheet reads.
  const countLine = page.getByText(/^[\d,]+ suppliers$/);
  await expect(countLine).toBeVisible();
  const shown = Number((await countLine.textContent())!.replace(/\D/g, ''));
  const { name, bytes } = await app.download(() => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(name).toMatch(/^supplier-scorecard-2025-07-01-to-2025-09-30-\d{4}-\d{2}-\d{2}\.csv$/);
  const { data, errors } = Papa.parse<string[]>(bytes.toString('utf8'), { skipEmptyLines: true });
  expect(errors).toEqual([]);
  const [headers = [], ...rows] = data;
  expect(headers.slice(0, FIGURE_HEADERS.length)).toEqual(FIGURE_HEADERS);
  expect(headers.slice(FIGURE_HEADERS.length)).toContain('Spend (AUD)');
  expect(rows).toHaveLength(shown);
  const fills = rows
    .map((row) => row[2])
    .filter(Boolean)
    .map(Number);
  expect(fills).toEqual([...fills].sort((a, b) => b - a));
  const eastbay = rows.find((row) => row[0] === 'Eastbay Collective Ltd')!;
  expect(Object.fromEntries(headers.map((header, index) => [header, eastbay[index]]))).toMatchObject({
    Orders: '2',
    'Fill rate (%)': '100',
    'On time (%)': '50',
    'Short (orders)': '0',
    'Over (orders)': '0',
    'Faulty (%)': '0',
    'Lead time (days)': '7',
    'Spend (AUD)': '1098',
  });

  // The same figures on the screen, found by the supplier's name.
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('eastbay collective');
  await expect(page.getByText(/^1 supplier match, of [\d,]+$/)).toBeVisible();
  const row = page
    .getByRole('listbox', { name: 'Supplier scorecard' })
    .getByRole('option', { name: /^Eastbay Collective Ltd\b/ });
  await expect(row.getByTestId('orders')).toHaveText('2');
  await expect(row.getByTestId('fill')).toContainText('100% 72 of 72 units');
  await expect(row.getByTestId('on-time')).toContainText('50% 1 of 2 orders');
  await expect(row.getByTestId('short')).toHaveText('None');
  await expect(row.getByTestId('over')).toHaveText('None');
  await expect(row.getByTestId('faulty')).toContainText('0% 0 of 75 units received');
  await expect(row.getByTestId('lead-time')).toContainText(/^7 days/);
  await expect(row.getByTestId('spend')).toHaveText('$1,098.00');

  // The supplier's page opens on the same period, with spend per month as a chart and, for screen readers, a table.
  await row.click();
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
