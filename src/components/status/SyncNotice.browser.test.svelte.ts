/**
 * SyncNotice in Chromium: what a record's page says about its queued change — saved here while it waits, the
 * server's refusal with each field named in words (never a body path) and the way to the sync centre, or
 * why it is held back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { SyncStatusView } from '../../bridge/contract';
import type { OpRecord } from '../../db/ops';
import { DockhandDb } from '../../db/schema';
import type { Session } from '../../lib/session.svelte';
import { troubleOf } from '../../lib/recordTrouble';
import { mountInPage } from '../testing/mountInPage';
import SyncNotice from './SyncNotice.svelte';

const op = (more: Partial<OpRecord>): OpRecord => ({
  id: 'op-1',
  kind: 'updateSupplier',
  aggregate: 'supplier:41',
  params: { id: 41 },
  body: { order_email: 'orders(at)acme' },
  dependsOnTempIds: [],
  state: 'queued',
  attempts: 1,
  createdAt: '2026-03-10T09:30:00.000Z',
  label: 'Update Acme Apparel (ACME) (order email)',
  ...more,
});
// Only a conflict needs the session's actions (its resolver); these cases never reach them.
const session = {} as Session;
const withStatus = (online: boolean) => ({ syncStatus: { online } as SyncStatusView }) as unknown as Session;

let db: DockhandDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await DockhandDb.delete(db.name);
  db = undefined;
});

describe('SyncNotice', () => {
  it('says "sent when Dockhand is online" only while offline; online, that the change waits its turn', async () => {
    const offline = mountInPage(SyncNotice, { badge: 'pending', trouble: null, session: withStatus(false) });
    await expect
      .element(page.getByText('Saved on this computer; it is sent to the server when Dockhand is online.'))
      .toBeVisible();
    offline.target.remove();
    mountInPage(SyncNotice, { badge: 'pending', trouble: null, session: withStatus(true) });
    await expect
      .element(page.getByText('Saved on this computer; waiting to be sent to the server.'))
      .toBeVisible();
    expect(page.getByText(/when Dockhand is online/).elements()).toHaveLength(0);
  });

  it('says which business rule a new order breaks: the line, its product from the cache, what it must be', async () => {
    db = new DockhandDb(`sync-notice-${crypto.randomUUID()}`);
    await db.products.put({ id: 101, short_description: 'Ember dome tent', inventory: [] } as never);
    const failed = op({
      kind: 'createPurchaseOrder',
      label: 'New purchase order for Coral Textile (1 line)',
      body: { purchase_order_items: [{ product: { id: 101 }, quantity_ordered: 24 }] },
      state: 'failed',
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: 'The request breaks a business rule of this back office',
        errors: { 'purchase_order_items[0].quantity_ordered': ['Must be at most 10'] },
      },
    });
    mountInPage(SyncNotice, {
      badge: 'failed',
      trouble: troubleOf(failed),
      session: { db } as unknown as Session,
    });
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('It breaks a rule of this back office.');
    await expect
      .element(alert.getByRole('listitem'))
      .toHaveTextContent('Line 1 — Ember dome tent: quantity ordered must be at most 10');
    await expect.element(alert).not.toHaveTextContent('Bad Request');
  });

  it("explains the server's refusal field by field, in words, with the way to the sync centre", async () => {
    const failed = op({
      state: 'failed',
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: 'The request body is not valid',
        errors: { order_email: ['Invalid email address'], 'shipping_port.id': ['No shipping port 9'] },
      },
    });
    mountInPage(SyncNotice, { badge: 'failed', trouble: troubleOf(failed), session });
    const alert = page.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent('The server refused “Update Acme Apparel (ACME) (order email)”.');
    expect(
      alert
        .getByRole('listitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['Order email is not a valid email address', 'Shipping port: No shipping port 9']);
    await expect.element(alert).not.toHaveTextContent('shipping_port');
    await expect
      .element(alert.getByRole('link', { name: 'Open the sync centre' }))
      .toHaveAttribute('href', '#/sync');
  });

  it('says why a change is held back', async () => {
    const blocked = op({
      state: 'blocked',
      reason: 'Waiting for “Update Acme Apparel (ACME) (name)” to be sent.',
    });
    mountInPage(SyncNotice, { badge: 'blocked', trouble: troubleOf(blocked), session });
    await expect
      .element(page.getByText('Not sent yet. Waiting for “Update Acme Apparel (ACME) (name)” to be sent.'))
      .toBeVisible();
  });
});
