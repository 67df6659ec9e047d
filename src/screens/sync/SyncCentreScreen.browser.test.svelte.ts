/**
 * The sync centre's banner when the engine cannot write this PC's data (electron/core/sync/storeTrouble.ts):
 * while it retries, how often it failed and that changes are safe; once it stopped, what to do; gone once
 * the trouble is over. The exact words and countdown are storeTroubleWords.test.ts's.
 */
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { SyncStatusView } from '../../bridge/contract';
import { mountInPage } from '../../components/testing/mountInPage';
import { DockhandDb } from '../../db/schema';
import type { Session } from '../../lib/session.svelte';
import SyncCentreScreen from './SyncCentreScreen.svelte';

let db: DockhandDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await DockhandDb.delete(db.name);
});

const status = (storeTrouble: SyncStatusView['storeTrouble']): SyncStatusView => ({
  running: !storeTrouble?.stopped,
  online: true,
  authenticated: true,
  counts: { pending: 0, sending: 0, failed: 0, blocked: 0, conflicted: 0, uncertain: 0 },
  activity: storeTrouble?.stopped ? 'stopped' : 'idle',
  lastPull: {},
  pullProgress: {},
  pull: { tier: 'idle', dockReady: true, firstSync: false, done: 0, total: 0 },
  watchdog: { stuck: false },
  ...(storeTrouble ? { storeTrouble } : {}),
});

it('shows a banner while saving fails, what to do once sync stopped, and none after', async () => {
  db = new DockhandDb(`sync-centre-${crypto.randomUUID()}`);
  const session = $state({
    db,
    attached: true,
    syncStatus: status({
      failures: 2,
      lastError: 'this PC’s disk is full',
      retryAt: new Date(Date.now() + 60_000).toISOString(),
    }),
  });
  mountInPage(SyncCentreScreen, { session: session as unknown as Session, db });
  const banner = page.getByRole('alert');
  await expect.element(banner).toHaveTextContent('Can’t save to this PC’s data');
  await expect
    .element(banner)
    .toHaveTextContent(
      /Saving failed 2 times in a row: this PC’s disk is full\. Dockhand tries again in \d+ s/,
    );
  await expect.element(banner).toHaveTextContent('your queued changes are safe');

  const stopped = 'Dockhand stopped syncing: it could not write to this PC’s data 8 times in a row.';
  session.syncStatus = status({ failures: 8, lastError: 'this PC’s disk is full', stopped });
  await expect.element(banner).toHaveTextContent('Sync has stopped');
  await expect.element(banner).toHaveTextContent(stopped);

  session.syncStatus = status(undefined);
  await expect.element(page.getByText('Nothing is waiting')).toBeVisible();
  expect(page.getByRole('alert').elements()).toHaveLength(0);
});
