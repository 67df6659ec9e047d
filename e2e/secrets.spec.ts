/**
 * Connecting to a real (here: a separately started) API: the test names the exact failure, and after a
 * successful connect and sync the key is nowhere the renderer can reach: DOM, IndexedDB, localStorage,
 * sessionStorage, console.
 */
import { randomUUID } from 'node:crypto';
import { startSimulator, type Simulator } from '../server';
import { expect, test } from './fixtures';
import { browserStorageDump } from './support/pageData';

let api: Simulator;
const apiKey = `sk-e2e-${randomUUID()}`;
const restrictedKey = `sk-restricted-${randomUUID()}`;

test.beforeAll(async () => {
  api = await startSimulator({ port: 0, apiKey, restrictedKey });
});
test.afterAll(async () => {
  await api.stop();
});

test('test connection names the failure, and the key never reaches the renderer', async ({ app }) => {
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'Connect Dockhand' })).toBeVisible();
  const url = page.getByLabel('API base URL');
  const key = page.getByLabel('API key');
  const result = page.getByRole('status', { name: 'Connection result' });
  const test = page.getByRole('button', { name: 'Test connection' });

  await url.fill(api.origin);
  await key.fill(apiKey);
  await test.click();
  await expect(result).toContainText('not a valid API URL');

  await url.fill(api.baseUrl);
  await key.fill('wrong-key');
  await test.click();
  await expect(result).toContainText('(401)');

  await key.fill(restrictedKey);
  await test.click();
  await expect(result).toContainText('(403)');

  await key.fill(apiKey);
  await test.click();
  await expect(result).not.toContainText('(40');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const orders = api.control.snapshot().counts.purchaseOrders;
  await expect(page.getByText(`${orders} purchase orders`, { exact: true })).toBeVisible({ timeout: 90_000 });

  for (const secret of [apiKey, restrictedKey]) {
    expect(await page.content()).not.toContain(secret);
    expect(await browserStorageDump(page)).not.toContain(secret);
    expect(app.consoleLines.join('\n')).not.toContain(secret);
  }
  // The dump really reads the database: the synced orders are in it.
  expect(await browserStorageDump(page)).toContain('"purchaseOrders"');
});
