/**
 * Settings → Updates in Chromium, over a real AppUpdates and a host bridge answering the update commands
 * (../../components/status/updateTesting.ts): the channel, "Check now", the last check and its result in
 * words, and the browser host's "updates come with the desktop app".
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { READY_STATUS, updateBridge } from '../../components/status/updateTesting';
import { mountInPage } from '../../components/testing/mountInPage';
import { AppUpdates } from '../../lib/updates.svelte';
import UpdateSettings from './UpdateSettings.svelte';

function mounted(status = READY_STATUS) {
  const host = updateBridge(status);
  const updates = new AppUpdates(host.bridge);
  updates.start();
  mountInPage(UpdateSettings, { updates });
  return host;
}

describe('UpdateSettings', () => {
  it('shows the version, the last check, the channel; switching to beta and checking go to the main side', async () => {
    const host = mounted({ ...READY_STATUS, state: { kind: 'idle' } });
    const section = page.getByRole('region', { name: 'Updates' });
    await expect.element(section).toHaveTextContent(/Installed version\s*1\.3\.2/);
    await expect
      .element(page.getByTestId('update-last-check'))
      .toHaveTextContent(/Version 1\.4\.0 is available\./);
    await expect.element(page.getByRole('radio', { name: /Stable/ })).toBeChecked();

    await page.getByRole('radio', { name: /Beta/ }).click();
    await expect.element(page.getByRole('radio', { name: /Beta/ })).toBeChecked();
    expect(host.invoked).toContainEqual(['update.setChannel', { channel: 'beta' }]);

    await page.getByRole('button', { name: 'Check now' }).click();
    await expect
      .element(page.getByTestId('update-last-check'))
      .toHaveTextContent(/Could not check for updates: the update server failed \(500\)\. Try again later\./);
    expect(host.invoked.map(([command]) => command)).toContain('update.check');
  });

  it('follows the main side’s events: a download in progress, then ready with its notes and "Restart to update"', async () => {
    const host = mounted({ ...READY_STATUS, state: { kind: 'idle' } });
    host.push({ ...READY_STATUS, state: { kind: 'downloading', version: '1.4.0', percent: 42 } });
    await expect
      .element(page.getByTestId('update-state'))
      .toHaveTextContent('Downloading version 1.4.0 (42 %)…');
    host.push(READY_STATUS);
    await expect
      .element(page.getByTestId('update-state'))
      .toHaveTextContent('Version 1.4.0 is ready to install.');
    await page.getByText('What’s new in 1.4.0').click();
    await expect.element(page.getByText(/Fixes the label printer\./)).toBeVisible();
    await page.getByRole('button', { name: 'Restart to update' }).click();
    expect(host.invoked.map(([command]) => command)).toContain('update.install');
  });

  it('shows an error in words, without blocking anything', async () => {
    mounted({
      ...READY_STATUS,
      state: {
        kind: 'error',
        message: 'Could not download the update: the update server does not have the file (404).',
      },
    });
    await expect
      .element(page.getByTestId('update-state'))
      .toHaveTextContent('Could not download the update: the update server does not have the file (404).');
    await expect
      .element(page.getByRole('button', { name: 'Check now' }))
      .not.toHaveAttribute('aria-disabled', 'true');
  });

  it('in the browser host says updates come with the desktop app', async () => {
    mounted({
      supported: false,
      unsupportedReason:
        'Updates come with the Dockhand desktop app. This browser version is updated with the code it runs from.',
      currentVersion: '1.3.2',
      channel: 'stable',
      state: { kind: 'idle' },
      lastCheck: null,
      installing: false,
    });
    await expect
      .element(page.getByTestId('updates-unsupported'))
      .toHaveTextContent(/Updates come with the Dockhand desktop app/);
    await expect.element(page.getByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
  });
});
