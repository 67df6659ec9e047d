/**
 * The sync progress panel in Chromium: whole before the dock is ready, one line once it is or while a record
 * is open (so the scan field and the lines stay on screen), details on demand; a stalled pull says why and
 * when it tries again, with a Retry that asks the host (sync.now).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { SyncStatusView } from '../../bridge/contract';
import { idleSyncStatus } from '../../bridge/testing/syncStatus';
import { DockhandDb } from '../../db/schema';
import { mountInPage } from '../testing/mountInPage';
import SyncProgress from './SyncProgress.svelte';

// A fresh database per test in the test browser's throwaway profile: closing it here would race the panel's
// live query, which the mount helper takes down only after this file's hooks.
let db: DockhandDb | undefined;

function status(pull: Partial<SyncStatusView['pull']>, progress: SyncStatusView['pullProgress']) {
  return idleSyncStatus({
    activity: 'pulling',
    pullProgress: progress,
    pull: { tier: 'background', dockReady: true, firstSync: true, done: 1_500, total: 31_575, ...pull },
  });
}

const invoices = { done: 1_000, total: 11_575, finished: false, tier: 'background' } as const;
const customers = { done: 500, total: 20_000, finished: false, tier: 'background' } as const;

describe('SyncProgress', () => {
  it('shows every resource before dock-ready, and one line once the dock is ready, details on demand', async () => {
    db = new DockhandDb(`sync-progress-${crypto.randomUUID()}`);
    const props = $state({
      db,
      status: status({ tier: 'dock', dockReady: false }, { supplierInvoices: invoices, customers }),
    });
    mountInPage(SyncProgress, props);
    const overall = page.getByRole('progressbar', { name: 'Overall sync progress' });
    await expect.element(overall).toBeVisible();
    await expect.element(page.getByText('1500 / 31575 rows').first()).toBeVisible();
    await expect.element(page.getByRole('progressbar', { name: 'Customers sync progress' })).toBeVisible();

    props.status = status({ dockReady: true }, { supplierInvoices: invoices, customers });
    await expect
      .element(page.getByRole('progressbar', { name: 'Customers sync progress' }))
      .not.toBeInTheDocument();
    await expect.element(overall).toBeVisible();
    const panel = page.getByRole('region', { name: 'Downloading your data' });
    // One line: about the height of a button, not the ~430 px of the whole panel.
    expect(panel.element().getBoundingClientRect().height).toBeLessThan(80);

    await page.getByRole('button', { name: 'Details' }).click();
    await expect.element(page.getByRole('progressbar', { name: 'Customers sync progress' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide details' }).click();
    await expect
      .element(page.getByRole('progressbar', { name: 'Customers sync progress' }))
      .not.toBeInTheDocument();
  });

  it('keeps to one line while a record is open, even before dock-ready', async () => {
    db = new DockhandDb(`sync-progress-${crypto.randomUUID()}`);
    mountInPage(SyncProgress, {
      db,
      recordOpen: true,
      status: status({ tier: 'dock', dockReady: false }, { customers }),
    });
    await expect.element(page.getByRole('progressbar', { name: 'Overall sync progress' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Details' })).toBeVisible();
    await expect
      .element(page.getByRole('progressbar', { name: 'Customers sync progress' }))
      .not.toBeInTheDocument();
  });

  it('says a stalled pull is retrying, and why, with no time left shown, and Retry asks the host', async () => {
    db = new DockhandDb(`sync-progress-${crypto.randomUUID()}`);
    const retryAt = new Date(Date.now() + 20_000).toISOString();
    let retries = 0;
    mountInPage(SyncProgress, {
      db,
      onRetry: () => {
        retries++;
        return Promise.resolve({ ok: true, value: { started: true } });
      },
      status: status(
        { etaMs: 540_000, stalled: { reason: 'store-slow', retryAt, resources: ['supplierInvoices'] } },
        { supplierInvoices: { ...invoices, stalled: { reason: 'store-slow', retryAt } }, customers },
      ),
    });
    await expect
      .element(page.getByText(/^This PC is slow to save the downloaded data — retrying in (19|20) s$/))
      .toBeVisible();
    await expect.element(page.getByText(/min left/)).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Details' }).click();
    await expect.element(page.getByText('1000 / 11575 rows · stalled, retrying')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    expect(retries).toBe(1);
  });

  it('keeps the compact line’s height while the figures tick, so the screen below does not jump', async () => {
    db = new DockhandDb(`sync-progress-${crypto.randomUUID()}`);
    const props = $state({ db, status: status({ done: 1, total: 31_575 }, { customers }) });
    mountInPage(SyncProgress, props);
    const panel = page.getByRole('region', { name: 'Downloading your data' });
    await expect.element(panel).toBeVisible();
    // A narrow work area (a 1024 px window beside the menu, at 200 % zoom about half that).
    panel.element().parentElement!.style.width = '560px';
    const height = () => panel.element().getBoundingClientRect().height;
    const before = height();
    props.status = status({ done: 31_574, total: 31_575, etaMs: 2 * 3_600_000 }, { customers });
    await expect.element(page.getByText(/31574 \/ 31575 rows · about 2 h left/)).toBeInTheDocument();
    expect(height()).toBe(before);
  });
});
