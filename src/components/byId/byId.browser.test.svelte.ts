/**
 * Opening a record by its number in Chromium (OpenByIdForm, ByIdLookup): a number that is not one is refused
 * at the field, in words; a good one opens the record's page. There, a record not on this computer is asked
 * for once and the page says where that stands: looked up now when online, kept for later when offline,
 * and said so, with a way to ask again, when the server has none.
 */
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { byIdRequest, type ByIdRequest } from '../../db/byIdRequests';
import { DockhandDb } from '../../db/schema';
import { router } from '../../lib/router.svelte';
import type { Session } from '../../lib/session.svelte';
import { mountInPage } from '../testing/mountInPage';
import ByIdLookup from './ByIdLookup.svelte';
import OpenByIdForm from './OpenByIdForm.svelte';

describe('OpenByIdForm', () => {
  it('refuses what is not a number, and opens the record for one that is', async () => {
    router.navigate('#/supplier-returns');
    mountInPage(OpenByIdForm, {
      noun: 'return',
      label: 'Open return by number',
      section: 'supplier-returns',
      example: 400017,
    });
    const form = page.getByRole('form', { name: 'Open return by number' });
    const input = form.getByRole('textbox', { name: 'Open return by number' });

    await userEvent.fill(input, 'RA-1192');
    await userEvent.click(form.getByRole('button', { name: 'Open' }));
    await expect.element(input).toBeInvalid();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('Enter the return’s number: digits only, for example 400017');
    expect(router.route.parts).toEqual([]);

    await userEvent.fill(input, ' 400017 ');
    await userEvent.keyboard('{Enter}');
    expect(router.route).toMatchObject({ section: 'supplier-returns', parts: ['400017'] });
    await expect.element(input).not.toBeInvalid();
  });
});

let n = 0;
function lookup(online: boolean, request: ByIdRequest | null) {
  const db = new DockhandDb(`by-id-lookup-${Date.now()}-${++n}`);
  const session = {
    syncStatus: { online },
    syncNow: vi.fn(async () => ({ ok: true })),
  } as unknown as Session;
  const props = {
    db,
    session,
    table: 'supplierReturns',
    id: 400017,
    title: 'Return 400017',
    missing: 'supplier return 400017',
    request,
    back: { href: '#/supplier-returns', label: 'Back to returns' },
  };
  mountInPage(ByIdLookup, props);
  return { db, session };
}

describe('ByIdLookup', () => {
  it('offline: asks once, says it will be looked up, and keeps the request', async () => {
    const { db, session } = lookup(false, null);
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Return 400017 is not on this computer, and Dockhand is offline.');
    await expect.poll(async () => (await byIdRequest(db, 'supplierReturns', 400017))?.state).toBe('waiting');
    expect(session.syncNow).not.toHaveBeenCalled();
    db.close();
  });

  it('online: asks and looks it up now', async () => {
    const { db, session } = lookup(true, null);
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Return 400017 is not on this computer yet: looking it up on the server…');
    await expect.poll(() => vi.mocked(session.syncNow).mock.calls.length).toBeGreaterThan(0);
    db.close();
  });

  it('not found: says so, and asks again on request', async () => {
    const notFound: ByIdRequest = {
      table: 'supplierReturns',
      id: 400017,
      requestedAt: '2026-03-10T09:30:00.000Z',
      state: 'notFound',
      checkedAt: '2026-03-10T09:31:00.000Z',
    };
    const { db } = lookup(false, notFound);
    await expect.element(page.getByText('The server has no supplier return 400017.')).toBeVisible();
    expect(await byIdRequest(db, 'supplierReturns', 400017)).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Look it up again' }));
    await expect.poll(async () => (await byIdRequest(db, 'supplierReturns', 400017))?.state).toBe('waiting');
    db.close();
  });
});
