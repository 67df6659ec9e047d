/**
 * StatusBar in Chromium: the pending and needs-attention figures are read from the window's own outbox (a
 * live query over IndexedDB), so they move the moment an op moves, before the engine has said anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { idleSyncStatus } from '../../bridge/testing/syncStatus';
import type { OpRecord } from '../../db/ops';
import { DockhandDb } from '../../db/schema';
import { sampleOp } from '../../db/testing/sampleOp';
import type { Session } from '../../lib/session.svelte';
import { AppUpdates } from '../../lib/updates.svelte';
import { mountInPage } from '../testing/mountInPage';
import StatusBar from './StatusBar.svelte';
import { READY_STATUS, updateBridge } from './updateTesting';

const op = (id: string, state: OpRecord['state']) => sampleOp(id, { state });

/** A window attached to its host whose engine has said nothing yet: the figures come from the outbox. */
const attachedSession = (db: DockhandDb, updates = new AppUpdates(null)) =>
  ({ db, syncStatus: null, attached: true, detachedReason: null, updates }) as unknown as Session;

let db: DockhandDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await DockhandDb.delete(db.name);
});

describe('StatusBar', () => {
  it('counts pending and needing attention from the outbox itself, live', async () => {
    db = new DockhandDb(`status-bar-${crypto.randomUUID()}`);
    await db.outbox.bulkAdd([op('a', 'queued'), op('b', 'sending'), op('c', 'failed'), op('d', 'done')]);
    // The engine has reported nothing yet (no status): the figures still come from the outbox.
    const session = attachedSession(db);
    mountInPage(StatusBar, { session });
    const bar = page.getByRole('status', { name: 'Sync status' });
    await expect.element(bar).toHaveTextContent('2 pending');
    await expect.element(page.getByRole('link', { name: '1 needs attention' })).toBeVisible();

    await db.outbox.where('id').equals('c').modify({ state: 'queued' });
    await db.outbox.where('id').equals('b').modify({ state: 'done' });
    await expect.element(bar).toHaveTextContent('2 pending');
    await expect.element(bar).toHaveTextContent('0 need attention');

    await db.outbox.where('id').anyOf('a', 'c').modify({ state: 'conflicted' });
    await expect.element(bar).toHaveTextContent('0 pending');
    await expect.element(page.getByRole('link', { name: '2 need attention' })).toBeVisible();
  });

  it('shows the store retry countdown, then what to do once sync has stopped', async () => {
    db = new DockhandDb(`status-bar-${crypto.randomUUID()}`);
    const base = idleSyncStatus({
      counts: { ...idleSyncStatus().counts, pending: 1 },
      storeTrouble: {
        failures: 3,
        lastError: 'this PC’s disk is full',
        retryAt: new Date(Date.now() + 45_000).toISOString(),
      },
    });
    const session = $state({
      db,
      syncStatus: base,
      attached: true,
      detachedReason: null,
      updates: new AppUpdates(null),
    });
    mountInPage(StatusBar, { session: session as unknown as Session });
    const bar = page.getByRole('status', { name: 'Sync status' });
    // The exact second is the words' unit test (storeTroubleWords.test.ts): a loaded machine may tick once.
    await expect
      .element(bar)
      .toHaveTextContent(/Can’t save to this PC’s data \(this PC’s disk is full\) — retrying in \d+ s/);

    const stopped = 'Dockhand stopped syncing: it could not write to this PC’s data 8 times in a row.';
    session.syncStatus = {
      ...base,
      running: false,
      activity: 'stopped',
      storeTrouble: { failures: 8, lastError: 'this PC’s disk is full', stopped },
    };
    await expect.element(bar).toHaveTextContent(stopped);
    await expect.element(bar).not.toHaveTextContent(/retrying in/);

    session.syncStatus = { ...base, storeTrouble: undefined };
    await expect.element(bar).not.toHaveTextContent(/Can’t save|stopped syncing/);
  });

  it('offers "Restart to update" with the version once it is downloaded, and its release notes', async () => {
    db = new DockhandDb(`status-bar-${crypto.randomUUID()}`);
    const host = updateBridge({ ...READY_STATUS, state: { kind: 'idle' } });
    const updates = new AppUpdates(host.bridge);
    updates.start();
    const session = attachedSession(db, updates);
    mountInPage(StatusBar, { session });
    await expect.element(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    expect(page.getByRole('button', { name: 'Restart to update' }).elements()).toHaveLength(0);

    host.push(READY_STATUS);
    const group = page.getByRole('group', { name: 'App update' });
    await expect.element(group).toHaveTextContent('Version 1.4.0 is ready.');
    await page.getByRole('button', { name: 'What’s new' }).click();
    const notes = page.getByRole('dialog', { name: 'What’s new in 1.4.0' });
    await expect.element(notes).toHaveTextContent(/Faster receiving\.\s*Fixes the label printer\./);
    await notes.getByRole('button', { name: 'Close' }).click();
    // Closed, it leaves the accessibility tree.
    await expect.poll(() => document.querySelector('dialog')?.open).toBe(false);

    await page.getByRole('button', { name: 'Restart to update' }).click();
    expect(host.invoked).toContainEqual(['update.install', {}]);
    // The main side says it is waiting for the changes being sent.
    host.push({ ...READY_STATUS, installing: true });
    await expect.element(group).toHaveTextContent(/once the changes being sent have been sent/);
  });

  it('keeps its words in a "Sync status" live region inside the footer, the controls outside it', async () => {
    db = new DockhandDb(`status-bar-${crypto.randomUUID()}`);
    const session = attachedSession(db);
    mountInPage(StatusBar, { session });
    const footer = page.getByRole('contentinfo');
    const bar = footer.getByRole('status', { name: 'Sync status' });
    await expect.element(bar).toHaveTextContent('0 pending');
    // The footer keeps its own role (axe aria-allowed-role); pressing Sync now is not news read out.
    expect(footer.element().getAttribute('role')).toBeNull();
    await expect.element(footer.getByRole('button', { name: 'Sync now' })).toBeVisible();
    expect(bar.getByRole('button').elements()).toHaveLength(0);
  });
});

/** A session in demo mode whose `demoNetwork` answers as main would, recording what it was asked. */
function demoSession(connection: Session['connection'], answer?: (down?: boolean) => unknown) {
  let down = true; // as a reload finds it: main remembers the switch, the window does not
  const asked: (boolean | undefined)[] = [];
  const session = $state({
    db: null,
    syncStatus: null,
    attached: true,
    detachedReason: null,
    updates: new AppUpdates(null),
    connection,
    demoNetwork: async (value?: boolean) => {
      asked.push(value);
      const refused = answer?.(value);
      if (refused) return refused;
      if (value !== undefined) down = value;
      return { ok: true, value: { down } };
    },
  });
  return { session, asked };
}

const DEMO: Session['connection'] = {
  status: 'demo',
  baseUrl: 'http://127.0.0.1:4010/v2.1',
  demoDataset: 'small',
  storeName: 'dockhand-demo-small',
  persistent: true,
};

describe('StatusBar: the demo’s "Simulate network down" switch', () => {
  it('shows the switch as main has it, and moves it both ways', async () => {
    const { session, asked } = demoSession(DEMO);
    mountInPage(StatusBar, { session: session as unknown as Session });
    const toggle = page.getByRole('switch', { name: 'Simulate network down' });
    await expect.element(toggle).toBeChecked();
    expect(asked).toEqual([undefined]);

    await toggle.click();
    await expect.element(toggle).not.toBeChecked();
    await toggle.click();
    await expect.element(toggle).toBeChecked();
    expect(asked).toEqual([undefined, false, true]);
  });

  it('is not there on a real connection, and goes when the demo is left', async () => {
    const { session, asked } = demoSession({ ...DEMO, status: 'configured', storeName: 'dockhand-office' });
    mountInPage(StatusBar, { session: session as unknown as Session });
    await expect.element(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    expect(page.getByRole('switch').elements()).toHaveLength(0);
    expect(asked).toEqual([]);

    session.connection = DEMO;
    await expect.element(page.getByRole('switch', { name: 'Simulate network down' })).toBeVisible();
    session.connection = { ...DEMO, status: 'configured' };
    await expect.poll(() => page.getByRole('switch').elements().length).toBe(0);
  });

  it('says so in words when main refuses, and stays where it was', async () => {
    const { session } = demoSession(DEMO, (value) =>
      value === undefined
        ? undefined
        : { ok: false, error: { code: 'bad_request', message: 'The network switch is only in the demo.' } },
    );
    mountInPage(StatusBar, { session: session as unknown as Session });
    const toggle = page.getByRole('switch', { name: 'Simulate network down' });
    await expect.element(toggle).toBeChecked();
    await toggle.click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The network switch did not move: The network switch is only in the demo.');
    await expect.element(toggle).toBeChecked();
  });
});
