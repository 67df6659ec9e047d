/**
 * The back office's reference lists kept in Dockhand: return reasons filtered live / deleted (kept in the
 * URL across a reload); offline, a return reason and a shipment type created and a shipping port renamed,
 * each refused at the field first where its name breaks a rule (a name taken, a shipment type over 50
 * characters), then pending at once; back online, exactly those three changes reach the simulator, checked
 * through its control API's counts and the API itself.
 */
import type { ShipmentType, ShippingPort, SupplierReturnReason } from '../src/api/resources';
import type { OpRecord } from '../src/db/ops';
import { DEMO_API_KEY } from '../electron/core/bridge/demo';
import { expect, test } from './fixtures';
import { apiBaseUrl } from './support/invoices';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';

/** Reads the API with the demo key, as another client of the back office would, never through Dockhand. */
async function apiReader(baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  const tokenResponse = await fetch(`${baseUrl}/auth/token`, { headers: { 'x-api-key': DEMO_API_KEY } });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      headers: { 'x-api-key': DEMO_API_KEY, authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const all = async <T>(path: string) =>
    (await get<{ data: T[] | null }>(`${path}?page_size=1000`)).data ?? [];
  return {
    reasons: () => all<SupplierReturnReason>('/v2.1/supplierreturnreasons'),
    shipmentTypes: () => all<ShipmentType>('/v2/shipmenttypes'),
    port: (id: number) => get<ShippingPort>(`/v2/shippingports/${id}`),
    /** Every port, by walking ids up from 1: the API lists no ports, and the simulator numbers them so. */
    ports: async (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, index) => get<ShippingPort>(`/v2/shippingports/${index + 1}`)),
      ),
  };
}

const names = (records: readonly { name: string | null }[]) => records.map((record) => record.name).sort();

test('reference lists edited offline reach the server exactly once', async ({ app }) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const before = (await simulator.snapshot()).counts;
  const api = await apiReader(await apiBaseUrl(page));
  const reasonsBefore = await api.reasons();
  const typesBefore = await api.shipmentTypes();
  const live = reasonsBefore.filter((reason) => !reason.deleted);
  const deleted = reasonsBefore.filter((reason) => reason.deleted);
  expect(deleted.length).toBeGreaterThan(0);

  // Return reasons: the tri-state deleted filter, kept in the URL across a reload.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
  const reasons = page.getByRole('listbox', { name: 'Return reasons' });
  await expect(reasons.getByRole('option')).toHaveCount(reasonsBefore.length, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Deleted reasons' }).selectOption({ label: 'Deleted only' });
  await expect(page).toHaveURL(/deleted=deleted/);
  await page.reload();
  await expect(reasons.getByRole('option')).toHaveCount(deleted.length);
  await expect(reasons.getByRole('option').first()).toHaveAccessibleName(/, Deleted /);
  await page.getByRole('combobox', { name: 'Deleted reasons' }).selectOption({ label: 'Live only' });
  await expect(reasons.getByRole('option')).toHaveCount(live.length);

  // A deleted reason says it cannot be restored, and offers no rename.
  await page.getByRole('combobox', { name: 'Deleted reasons' }).selectOption({ label: 'Deleted only' });
  await reasons.getByRole('option').first().click();
  await expect(page.getByRole('note')).toContainText('cannot restore a deleted reason');
  await expect(page.getByRole('form', { name: 'Rename return reason' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to return reasons' }).click();

  // Offline from here (the engine notices at its next request: the first edit's).
  await simulator.setOffline(true);

  // A new return reason: a live name is refused at the field, in words; a new one is pending at once.
  const newReason = page.getByRole('form', { name: 'New return reason' });
  await newReason.getByLabel('New return reason').fill(live[0]!.name!.toUpperCase());
  await newReason.getByRole('button', { name: 'Add return reason' }).click();
  await expect(
    newReason.getByText(`There is already a return reason called “${live[0]!.name}”`),
  ).toBeVisible();
  await newReason.getByLabel('New return reason').fill('Crushed in transit');
  await newReason.getByRole('button', { name: 'Add return reason' }).click();
  await expect(newReason.getByLabel('New return reason')).toHaveValue('');
  await page.getByRole('combobox', { name: 'Deleted reasons' }).selectOption({ label: 'Live and deleted' });
  const made = reasons.getByRole('option', { name: 'Crushed in transit' });
  await expect(made).toContainText('Pending');
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Offline', {
    timeout: 30_000,
  });

  // A new shipment type: over 50 characters is refused at the field; a good one is pending at once.
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Shipment types' }).click();
  const newType = page.getByRole('form', { name: 'New shipment type' });
  await newType.getByLabel('New shipment type').fill('Refrigerated sea freight, consolidated, door to door');
  await newType.getByRole('button', { name: 'Add shipment type' }).click();
  await expect(newType.getByText('At most 50 characters (this has 52). Shorten the name.')).toBeVisible();
  await newType.getByLabel('New shipment type').fill('Overnight courier');
  await newType.getByRole('button', { name: 'Add shipment type' }).click();
  await expect(
    page.getByRole('listbox', { name: 'Shipment types' }).getByRole('option', { name: 'Overnight courier' }),
  ).toContainText('Pending');

  // A shipping port the cache knows (suppliers and orders name them), renamed on its page.
  const [port] = (await tableRows<ShippingPort>(page, 'shippingPorts')).sort((a, b) => a.id - b.id);
  expect(port).toBeDefined();
  const renamed = `${port!.name} (Terminal 2)`;
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Shipping ports' }).click();
  await page
    .getByRole('listbox', { name: 'Shipping ports' })
    .getByRole('option', { name: port!.name! })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/lists/shipping-ports/${port!.id}$`));
  const rename = page.getByRole('form', { name: 'Rename shipping port' });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Saved on this computer; it is sent to the server when Dockhand is online.'),
  ).toBeVisible();
  expect((await simulator.snapshot()).counts).toEqual(before);

  // Online: each change is sent once, and the server holds exactly them.
  await simulator.setOffline(false);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
  await expect
    .poll(async () => (await tableRows<OpRecord>(page, 'outbox')).map((op) => [op.kind, op.state]), {
      timeout: 60_000,
    })
    .toEqual([
      ['createSupplierReturnReason', 'done'],
      ['createShipmentType', 'done'],
      ['updateShippingPort', 'done'],
    ]);
  const after = (await simulator.snapshot()).counts;
  expect(after).toEqual({
    ...before,
    returnReasons: before.returnReasons + 1,
    shipmentTypes: before.shipmentTypes + 1,
  });
  const reasonsAfter = await api.reasons();
  expect(names(reasonsAfter)).toEqual(names([...reasonsBefore, { name: 'Crushed in transit' }]));
  expect(reasonsAfter.find((reason) => reason.name === 'Crushed in transit')).toMatchObject({
    deleted: false,
  });
  expect(names(await api.shipmentTypes())).toEqual(names([...typesBefore, { name: 'Overnight courier' }]));
  expect(await api.port(port!.id)).toEqual({ id: port!.id, name: renamed });

  // The records made offline now carry their server ids in the cache.
  const cachedReason = (await tableRows<SupplierReturnReason>(page, 'returnReasons')).find(
    (reason) => reason.name === 'Crushed in transit',
  );
  expect(cachedReason?.id).toBe(reasonsAfter.find((reason) => reason.name === 'Crushed in transit')?.id);

  // The port is named by the suppliers or orders it came with: its delete is refused before it is queued.
  await page.getByRole('button', { name: 'Delete shipping port…' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(`“${renamed}” cannot be deleted`);
  await expect(refusal).toContainText(
    'on this computer name it, and the server does not delete a port in use',
  );

  // The new reason deleted: softly, dated, said to be beyond restoring, and deleted on the server.
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Return reasons' }).click();
  await reasons.getByRole('option', { name: 'Crushed in transit' }).click();
  await page.getByRole('button', { name: 'Delete return reason…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete return reason “Crushed in transit”?' });
  await expect(dialog).toContainText('cannot restore a deleted reason');
  await dialog.getByRole('button', { name: 'Delete return reason' }).click();
  // Deleted at once, dated today (the tag by the name, and the date among its facts).
  await expect(page.getByRole('term').filter({ hasText: /^Deleted$/ })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('create a new reason with it');
  await expect(page.getByRole('form', { name: 'Rename return reason' })).toHaveCount(0);
  await expect
    .poll(async () => (await api.reasons()).find((reason) => reason.id === cachedReason!.id)?.deleted, {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 60_000 });
});

test('a port the server refuses is explained on its row and page; one opened by id is fetched', async ({
  app,
}) => {
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const before = (await simulator.snapshot()).counts;
  const api = await apiReader(await apiBaseUrl(page));

  // A port the server has and this computer does not know (no cached supplier or order names it).
  const cached = new Set((await tableRows<ShippingPort>(page, 'shippingPorts')).map((port) => port.id));
  const unknown = (await api.ports(before.shippingPorts)).find((port) => !cached.has(port.id));
  expect(unknown, 'the demo has ports no supplier or order names').toBeDefined();

  // Offline, a port with that name is made here: nothing here says it is taken, so it is pending.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Shipping ports' }).click();
  await simulator.setOffline(true);
  const newPort = page.getByRole('form', { name: 'New shipping port' });
  await newPort.getByLabel('New shipping port').fill('P'.repeat(101));
  await newPort.getByRole('button', { name: 'Add shipping port' }).click();
  await expect(newPort.getByText('At most 100 characters (this has 101). Shorten the name.')).toBeVisible();
  await newPort.getByLabel('New shipping port').fill(unknown!.name!);
  await newPort.getByRole('button', { name: 'Add shipping port' }).click();
  const ports = page.getByRole('listbox', { name: 'Shipping ports' });
  await expect(ports.getByRole('option', { name: unknown!.name! })).toContainText('Pending');
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Offline', {
    timeout: 30_000,
  });

  // Online, the server refuses it (the name is taken): the row says so, and the page says why.
  await simulator.setOffline(false);
  const refused = ports.getByRole('option', {
    name: `${unknown!.name}, Refused by the server: open it to see why`,
  });
  await expect(refused).toContainText('Failed', { timeout: 60_000 });
  await refused.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`The server refused “New shipping port ‘${unknown!.name}’”.`);
  await expect(alert).toContainText(`already exists (id ${unknown!.id})`);
  await expect(alert.getByRole('link', { name: 'Open the sync centre' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Rename shipping port' })).toHaveCount(0);
  await expect(page.getByText('edit or discard it in the sync centre')).toBeVisible();
  expect((await simulator.snapshot()).counts.shippingPorts).toBe(before.shippingPorts);

  // Opened by id, the port the server holds is fetched and shown.
  await page.getByRole('link', { name: 'Back to shipping ports' }).click();
  const byId = page.getByRole('form', { name: 'Open shipping port by id' });
  await byId.getByLabel('Open shipping port by id').fill(String(unknown!.id));
  await byId.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`#/lists/shipping-ports/${unknown!.id}$`));
  await expect(page.getByRole('heading', { name: unknown!.name! })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('form', { name: 'Rename shipping port' })).toBeVisible();
});
