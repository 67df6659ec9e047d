/**
 * The shop keeps its customers in Dockhand: found through the list (a search kept in the URL across a
 * reload, opened with the keyboard); offline, a new customer is made and another's delivery address edited,
 * both pending at once and shown from the cache, then sent exactly once when the API returns (the simulator
 * then holds exactly those records); a phone number the office changed on the server meanwhile is a conflict
 * named in words and resolved on the customer's page; a delivery address added and removed; the survey
 * segment groups read as a list. A change the server refuses is explained on the customer's page.
 */
import Papa from 'papaparse';
import type { Customer } from '../src/api/resources';
import type { OpRecord } from '../src/db/ops';
import { expect, test } from './fixtures';
import { keepMineInConflict } from './support/conflict';
import { BackOffice } from './support/invoices';
import { goOffline, startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

/** The record without what the server stamps on every write. */
function content({ modified_on: _modified, delivery_addresses, ...rest }: Customer) {
  return {
    ...rest,
    delivery_addresses: delivery_addresses.map(({ modified_on: _at, ...address }) => address),
  };
}

test('customers made and edited offline, then a conflict resolved on the page', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const counts = (await simulator.snapshot()).counts;
  const office = await BackOffice.of(page);

  // The list: every customer of the demo; a search by number kept in the URL; Enter opens the match.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByText(`${counts.customers} customers`, { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const cached = await tableRows<Customer>(page, 'customers');
  const addressee = cached.find((customer) => customer.delivery_addresses.length >= 2)!;
  const rival = cached.find((customer) => customer.id !== addressee.id && customer.customer_number)!;
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(addressee.customer_number!);
  await expect(page).toHaveURL(new RegExp(`q=${addressee.customer_number}`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue(
    addressee.customer_number!,
  );
  await expect(page.getByText(new RegExp(`^1 customer match, of ${counts.customers}$`))).toBeVisible();
  await page.getByRole('listbox', { name: 'Customers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/customers/${addressee.id}$`));
  const addresseeBefore = await office.customer(addressee.id);

  // Offline: a new customer, pending at once under a temp id.
  await goOffline(page, simulator);
  await page.getByRole('link', { name: 'Back to customers' }).click();
  await page.getByRole('link', { name: 'New customer' }).click();
  const create = page.getByRole('form', { name: 'New customer' });
  await create.getByRole('button', { name: 'Save customer' }).click();
  await expect(create.getByText('Choose a customer type.', { exact: true })).toBeVisible();
  await expect(
    create.getByText('Give the customer a first name, a last name or a company name.', { exact: true }),
  ).toBeVisible();
  await create.getByLabel('First name').fill('Ada');
  await create.getByLabel('Last name').fill('Offline-Lovelace');
  await create.getByLabel('ABN').fill('51 824 753 556');
  await create.getByLabel('Mobile').fill('0400 111 222');
  await create.getByRole('combobox', { name: 'Customer type' }).selectOption({ label: 'Retail' });
  await create.getByRole('combobox', { name: 'Home outlet' }).selectOption({ index: 1 });
  await create.getByRole('button', { name: 'Save customer' }).click();
  await expect(page).toHaveURL(/#\/customers\/-\d+$/);
  await expect(page.getByRole('heading', { name: 'Ada Offline-Lovelace' })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('51 824 753 556')).toBeVisible();

  // Offline: another customer's second delivery address, shown edited from the cache at once.
  const address = addressee.delivery_addresses[1]!;
  await page.evaluate((hash) => (location.hash = hash), `#/customers/${addressee.id}`);
  await page
    .getByRole('link', { name: /^Edit delivery address/ })
    .nth(1)
    .click();
  const addressForm = page.getByRole('form', { name: 'Edit delivery address' });
  await addressForm.getByLabel('Suburb').fill('Fitzroy North');
  await addressForm.getByLabel('Default delivery address').check();
  await addressForm.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(new RegExp(`#/customers/${addressee.id}$`));
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText(/Fitzroy North/)).toBeVisible();

  // Online: both sent, once each. Judged by the outbox, not by the badge (it reads "Sending" while an op
  // is on its way, so "no Pending" alone can come before the op is done).
  await simulator.setOffline(false);
  const customerOps = async () =>
    (await tableRows<OpRecord>(page, 'outbox'))
      .filter((op) => ['createCustomer', 'updateDeliveryAddress'].includes(op.kind))
      .map((op) => [op.kind, op.state]);
  await expect.poll(customerOps, { timeout: 60_000 }).toEqual([
    ['createCustomer', 'done'],
    ['updateDeliveryAddress', 'done'],
  ]);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  expect((await simulator.snapshot()).counts.customers).toBe(counts.customers + 1);
  const created = (await tableRows<Customer>(page, 'customers')).find(
    (customer) => customer.last_name === 'Offline-Lovelace',
  )!;
  expect(created.id).toBeGreaterThan(0);
  expect(await office.customer(created.id)).toMatchObject({
    first_name: 'Ada',
    last_name: 'Offline-Lovelace',
    acn: '51 824 753 556',
    mobile: '0400 111 222',
    customer_type: { name: 'Retail' },
  });
  // Exactly that address change: its suburb and the default moved to it, nothing else.
  const addresseeAfter = await office.customer(addressee.id);
  expect(content(addresseeAfter)).toEqual(
    content({
      ...addresseeBefore,
      delivery_addresses: addresseeBefore.delivery_addresses.map((line) =>
        line.id === address.id
          ? { ...line, suburb: 'Fitzroy North', default: true }
          : { ...line, default: false },
      ),
    }),
  );

  // The office changes a customer's phone while it is typed here: a conflict named in words.
  await page.evaluate((hash) => (location.hash = hash), `#/customers/${rival.id}/edit`);
  const edit = page.getByRole('form', { name: 'Edit customer' });
  await edit.getByLabel('Phone').fill('03 9555 0101');
  await office.updateCustomer(rival.id, { phone: '03 9000 2222' });
  await edit.getByRole('button', { name: 'Save customer' }).click();
  await keepMineInConflict(page, { label: 'Phone', mine: '03 9555 0101', theirs: '03 9000 2222' });
  await expect
    .poll(async () => (await office.customer(rival.id)).phone, { timeout: 60_000 })
    .toBe('03 9555 0101');
  await expect(page.getByText('03 9555 0101')).toBeVisible();

  // A delivery address added, then removed again: each sends the customer's whole list, once.
  const rivalAddresses = (await office.customer(rival.id)).delivery_addresses.length;
  await page.getByRole('link', { name: 'Add a delivery address' }).click();
  const newAddress = page.getByRole('form', { name: 'New delivery address' });
  await newAddress.getByLabel('Street address').fill('9 Wharf Rd');
  await newAddress.getByLabel('Suburb').fill('Balmain');
  await newAddress.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(/9 Wharf Rd, Balmain/)).toBeVisible();
  await expect
    .poll(async () => (await office.customer(rival.id)).delivery_addresses.map((a) => a.suburb), {
      timeout: 60_000,
    })
    .toContain('Balmain');
  expect((await office.customer(rival.id)).delivery_addresses).toHaveLength(rivalAddresses + 1);
  // The row is drawn again when the pull brings the server's number for the address (its temp id is
  // negative): wait for that, or a Remove pressed just before it loses its question with the old row.
  await expect(page.getByRole('link', { name: /^Edit delivery address 9 Wharf Rd/ })).toHaveAttribute(
    'href',
    /\/addresses\/\d+$/,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: /^Remove delivery address 9 Wharf Rd/ }).click();
  const removal = page.getByRole('dialog', { name: 'Remove this delivery address?' });
  await removal.getByRole('button', { name: 'Remove address' }).click();
  await expect(page.getByText(/9 Wharf Rd, Balmain/)).toHaveCount(0);
  await expect
    .poll(async () => (await office.customer(rival.id)).delivery_addresses.length, { timeout: 60_000 })
    .toBe(rivalAddresses);

  // Survey segment groups: read-only, from the cache.
  const segments = await tableRows<{ id: number; name: string | null }>(page, 'surveySegments');
  expect(segments.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Back to customers' }).click();
  await page.getByRole('link', { name: 'Survey segment groups' }).click();
  await expect(page.getByRole('heading', { name: 'Survey segment groups' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: segments[0]!.name! })).toBeVisible();
  await expect(page.getByText(`${segments.length} group${segments.length === 1 ? '' : 's'}`)).toBeVisible();
});

test("a change the server refuses is explained on the customer's page", async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  await simulator.setRules([
    {
      operation: 'updateCustomer',
      field: 'account_customer.credit_limit',
      max: 10_000,
      message: 'Credit limits above 10,000 need the manager',
    },
  ]);
  const [customer] = await tableRows<Customer>(page, 'customers');
  await page.evaluate((hash) => (location.hash = hash), `#/customers/${customer!.id}/edit`);
  const edit = page.getByRole('form', { name: 'Edit customer' });
  await edit.getByLabel('Account customer', { exact: true }).check();
  await edit.getByLabel('Credit limit').fill('25000');
  await edit.getByRole('button', { name: 'Save customer' }).click();
  await expect(page).toHaveURL(new RegExp(`#/customers/${customer!.id}$`));
  const refusal = page.getByRole('alert').filter({ hasText: 'The server refused' });
  await expect(refusal).toContainText('Credit limits above 10,000 need the manager', { timeout: 30_000 });
  await expect(refusal.getByRole('link', { name: 'Open the sync centre' })).toBeVisible();
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
});

// In Electron the file is the one the app saved under the e2e control (fixtures.ts `download`).
test('the customer list exports what it shows: filtered, sorted, quoted, counted', async ({ app }) => {
  const { page } = app;
  await startSyncedDemo(app);

  // A name a CSV must quote: "Last, First" has a comma, and this one quotes and non-ASCII letters too.
  await page.evaluate((hash) => (location.hash = hash), '#/customers/new');
  const create = page.getByRole('form', { name: 'New customer' });
  await create.getByLabel('First name').fill('Zoë "Zed"');
  await create.getByLabel('Last name').fill('Ødegård-Núñez');
  await create.getByRole('combobox', { name: 'Customer type' }).selectOption({ label: 'Retail' });
  await create.getByRole('combobox', { name: 'Home outlet' }).selectOption({ index: 1 });
  await create.getByRole('button', { name: 'Save customer' }).click();
  await expect(page).toHaveURL(/#\/customers\/-?\d+$/);

  // Filtered by type and sorted by name, as the clerk would before exporting.
  await page.evaluate((hash) => (location.hash = hash), '#/customers');
  await page.getByRole('combobox', { name: 'Customer type' }).selectOption({ label: 'Retail' });
  await page.getByRole('group', { name: 'Sort customers' }).getByRole('button', { name: 'Name' }).click();
  const countLine = page.getByText(/^[\d,]+ customers? match, of [\d,]+$/);
  await expect(countLine).toBeVisible({ timeout: 60_000 });
  const shown = Number((await countLine.textContent())!.match(/^([\d,]+)/)![1]!.replaceAll(',', ''));
  expect(shown).toBeGreaterThan(3);

  const { name, bytes } = await app.download(() => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(name).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText(/^Exported [\d,]+ rows? to customers-[\d-]+\.csv\.$/)).toBeVisible();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const { data, errors } = Papa.parse<string[]>(bytes.toString('utf8'), { skipEmptyLines: true });
  expect(errors).toEqual([]);
  const [headers, ...rows] = data;
  expect(headers).toEqual([
    'Number',
    'Name',
    'Company',
    'Email',
    'Phone',
    'Type',
    'Home outlet',
    'Account, loyalty',
  ]);
  expect(rows).toHaveLength(shown);
  expect(rows.every((row) => row[5] === 'Retail')).toBe(true);
  expect(rows.map((row) => row[1])).toContain('Ødegård-Núñez, Zoë "Zed"');
  // In the screen's order: the first rows of the list are the file's first rows.
  const options = page.getByRole('listbox', { name: 'Customers' }).getByRole('option');
  for (const [index, row] of rows.slice(0, 3).entries()) {
    const name = row[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(options.nth(index)).toHaveAccessibleName(new RegExp(`^([^,]+, )?${name}`));
  }
});
