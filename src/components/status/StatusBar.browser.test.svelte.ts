/**
 * StatusBar in Chromium: the pending and needs-attention figures are read from the window's own outbox (a
 * live query over IndexedDB), so they move the moment an op moves, before the engine has said anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { OpRecord } from '../../db/ops';
import { DockhandDb } from '../../db/schema';
import type { Session } from '../../lib/session.svelte';
import { mountInPage } from '../testing/mountInPage';
import StatusBar from './StatusBar.svelte';

const op = (id: string, state: OpRecord['state']): OpRecord => ({
  id,
  kind: 'updateSupplier',
  aggregate: `supplier:${id}`,
  params: { id: 41 },
  body: { notes: id },
  dependsOnTempIds: [],
  state,
  attempts: 0,
  createdAt: '2026-03-10T09:30:00.000Z',
  label: `Update supplier ${id}`,
});

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
    const session = { db, syncStatus: null, attached: true, detachedReason: null } as unknown as Session;
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
});
