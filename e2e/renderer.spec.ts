import { ENDPOINT_LIST } from '../src/api/endpoints';
import { expect, test } from './fixtures';

test('the built renderer loads and shows the app shell', async ({ appPage }) => {
  await expect(appPage).toHaveTitle('Dockhand');
  await expect(appPage.getByRole('heading', { level: 1, name: 'Dockhand' })).toBeVisible();
});

test('the renderer is built from the whole v2.1 contract', async ({ appPage }) => {
  const resources = new Set(ENDPOINT_LIST.map((endpoint) => endpoint.tag)).size;
  await expect(appPage.getByTestId('contract-summary')).toHaveText(
    `${ENDPOINT_LIST.length} operations across ${resources} resources`,
  );
});

test('the renderer runs without console errors', async ({ appPage, appHost }) => {
  const errors: string[] = [];
  appPage.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  appPage.on('pageerror', (error) => errors.push(error.message));
  await appPage.reload();
  await expect(appPage.getByRole('heading', { level: 1 })).toBeVisible();
  // The host line settles to a known state; without a host bridge it says so instead of hanging.
  const status = appPage.getByRole('status', { name: 'Host' });
  if (appHost === 'browser') await expect(status).toContainText('No host bridge');
  else await expect(status).toContainText('desktop app');
  expect(errors).toEqual([]);
});
