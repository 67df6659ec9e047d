/**
 * SyncNotice in Chromium: what a record's page says about its queued change — saved here while it waits, the
 * server's refusal with each field named in words (never a body path) and the way to the sync centre, or
 * why it is held back.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { OpRecord } from '../../db/ops';
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
// Only a conflict needs the session (its resolver); these cases never reach it.
const session = {} as Session;

describe('SyncNotice', () => {
  it('says a pending change is saved here and sent when online', async () => {
    mountInPage(SyncNotice, { badge: 'pending', trouble: null, session });
    await expect
      .element(page.getByText('Saved on this computer; it is sent to the server when Dockhand is online.'))
      .toBeVisible();
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
    ).toEqual(['Order email: Invalid email address', 'Shipping port: No shipping port 9']);
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
