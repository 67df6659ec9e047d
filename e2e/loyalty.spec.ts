/**
 * A customer's loyalty history on its page: read from the API when the page opens online, drawn as a points
 * balance chart with the entries newest first, and still shown offline after a reload, saying when it was
 * read.
 */
import type { Customer } from '../src/api/resources';
import { expect, test } from './fixtures';
import { BackOffice } from './support/invoices';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

test('a customer’s loyalty history is read online, charted, and kept for offline', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const office = await BackOffice.of(page);
  const customers = await tableRows<Customer>(page, 'customers');
  let target: { id: number; history: { ids: number[]; total: number } } | undefined;
  for (const customer of customers.filter((c) => c.loyalty_program.enabled).slice(0, 40)) {
    const history = await office.loyaltyHistory(customer.id);
    if (history.total >= 3 && history.total <= 100) {
      target = { id: customer.id, history };
      break;
    }
  }
  expect(target, 'a customer with a few loyalty entries').toBeDefined();

  await page.evaluate((id) => (location.hash = `#/customers/${id}`), target!.id);
  const section = page.getByRole('region', { name: 'Loyalty history' });
  const rows = section.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(target!.history.total);
  await expect(section.getByRole('img', { name: /^Points balance over time/ })).toBeVisible();
  await expect(section.getByRole('status')).toContainText('Read from the server');

  // Offline and reloaded: the history read before is still there, and says so (whether the engine has
  // noticed the outage yet, or the page's own read found the server gone).
  await simulator.setOffline(true);
  await page.reload();
  await expect(rows).toHaveCount(target!.history.total);
  await expect(section.getByRole('status')).toContainText(/what was read (then|before)/, { timeout: 30_000 });
});
