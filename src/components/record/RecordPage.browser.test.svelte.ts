/**
 * The record page shell in Chromium: what it says before the record is here (still reading, a read that
 * failed, not on this computer, deleted here and waiting, looked up by id, sent and now under its server
 * id, which it follows in place), and, once it is, the heading with tags and badge, the refusal explained,
 * the note, the actions, the facts (text, "—" for nothing, links, snippets, left out when they do not
 * apply) and the sections, each given the record.
 */
import { createRawSnippet } from 'svelte';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { page } from 'vitest/browser';
import { byIdRequest } from '../../db/byIdRequests';
import type { OpRecord } from '../../db/ops';
import { DockhandDb } from '../../db/schema';
import { troubleOf } from '../../lib/recordTrouble';
import { router } from '../../lib/router.svelte';
import type { Session } from '../../lib/session.svelte';
import { mountInPage } from '../testing/mountInPage';
import type { FactList } from './facts';
import Facts from './Facts.svelte';
import RecordPage from './RecordPage.svelte';
import RelatedRecords from './RelatedRecords.svelte';

interface Crate {
  id: number;
  name: string;
  phone: string | null;
  notes: string;
}
const crate: Crate = { id: 12, name: 'Blue crate', phone: null, notes: 'Fragile\nThis side up' };
const offline = { syncStatus: { online: false } } as unknown as Session;

/** A queued change to the crate as the outbox holds it: only what the page reads of it. */
const op = (more: Partial<OpRecord>) =>
  ({
    id: 'op-1',
    kind: 'updateSupplier',
    params: { id: 12 },
    body: {},
    state: 'queued',
    ...more,
  }) as OpRecord;

/** The props every page gives; a test adds or replaces what it is about. */
function crateProps(more: Record<string, unknown> = {}) {
  return {
    read: { loaded: true, error: null },
    record: crate,
    noun: 'crate',
    id: 12,
    title: (record: Crate) => record.name,
    back: { href: '#/crates', label: 'Back to crates' },
    ...more,
  };
}

describe('RecordPage, before the record is here', () => {
  it('names the record by its noun and number while reading it, and says why when the read failed', async () => {
    const reading = mountInPage(
      RecordPage,
      crateProps({ read: { loaded: false, error: null }, record: null }),
    );
    await expect.element(page.getByRole('heading', { level: 2, name: 'Crate 12' })).toBeVisible();
    await expect.element(page.getByText('Loading…')).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Back to crates' }))
      .toHaveAttribute('href', '#/crates');
    reading.target.remove();

    mountInPage(RecordPage, crateProps({ read: { loaded: true, error: 'disk full' }, record: null }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Could not read this crate: disk full');
  });

  it('says the record is not on this computer, in the area’s words when it has some', async () => {
    const plain = mountInPage(RecordPage, crateProps({ record: null }));
    await expect.element(page.getByText('This crate is not on this computer.')).toBeVisible();
    plain.target.remove();
    mountInPage(RecordPage, crateProps({ record: null, absent: 'Crates arrive with the sync.' }));
    await expect.element(page.getByText('Crates arrive with the sync.')).toBeVisible();
  });

  it('follows a record sent to the server to its page under the server id, without a history entry', async () => {
    router.navigate('#/crates/-3');
    const entries = history.length;
    mountInPage(
      RecordPage,
      crateProps({ record: null, movedHref: '#/crates/12', moving: 'This crate has synced; opening it…' }),
    );
    await expect.element(page.getByText('This crate has synced; opening it…')).toBeVisible();
    expect(router.route).toMatchObject({ section: 'crates', parts: ['12'] });
    expect(location.hash).toBe('#/crates/12');
    expect(history.length).toBe(entries);
  });

  it('says a record deleted here waits to be sent, and why the server refused the delete', async () => {
    const waiting = op({ kind: 'deleteSupplier', label: 'Delete Blue crate' });
    const queued = mountInPage(RecordPage, crateProps({ record: null, deleting: waiting, session: offline }));
    await expect
      .element(
        page.getByText(
          'Deleted on this computer: “Delete Blue crate” is sent to the server when Dockhand is online.',
        ),
      )
      .toBeVisible();
    queued.target.remove();

    const refused = op({
      kind: 'deleteSupplier',
      label: 'Delete Blue crate',
      state: 'failed',
      problem: { status: 409, title: 'Conflict', detail: 'The supplier has orders' },
    });
    mountInPage(
      RecordPage,
      crateProps({ record: null, deleting: refused, trouble: troubleOf(refused), session: offline }),
    );
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The server refused “Delete Blue crate”.');
    expect(page.getByText(/^Deleted on this computer/).elements()).toHaveLength(0);
  });

  it('looks up a record the API serves by id, instead of saying it is missing', async () => {
    const db = new DockhandDb(`record-page-${crypto.randomUUID()}`);
    onTestFinished(() => db.delete());
    const session = { syncStatus: { online: false }, syncNow: vi.fn() } as unknown as Session;
    mountInPage(
      RecordPage,
      crateProps({
        record: null,
        session,
        lookup: { db, table: 'shippingPorts', word: 'id', request: null },
      }),
    );
    await expect
      .element(page.getByText(/^Crate 12 is not on this computer, and Dockhand is offline\./))
      .toBeVisible();
    expect(page.getByText('This crate is not on this computer.').elements()).toHaveLength(0);
    // Asked for once, and kept for when Dockhand is back online.
    await expect.poll(() => byIdRequest(db, 'shippingPorts', 12)).toMatchObject({ state: 'waiting' });
  });
});

describe('RecordPage, with the record', () => {
  it('shows its name with its tags and badge, the refusal explained, the note, actions and sections', async () => {
    const refused = op({
      state: 'failed',
      problem: {
        status: 400,
        title: 'Bad Request',
        detail: 'The request body is not valid',
        errors: { order_email: ['Invalid email address'] },
      },
    });
    mountInPage(
      RecordPage,
      crateProps({
        tags: (record: Crate) => [record.phone === null && 'No phone', false, 'Open'],
        badge: 'failed',
        trouble: troubleOf(refused),
        session: offline,
        note: 'Finalised: this crate can no longer be changed.',
        edit: (record: Crate) => `#/crates/${record.id}/edit`,
        actions: createRawSnippet((record: () => Crate) => ({
          render: () => `<button type="button">Empty ${record().name}</button>`,
        })),
        children: createRawSnippet((record: () => Crate) => ({
          render: () => `<section><h3>Contents of ${record().name}</h3></section>`,
        })),
      }),
    );
    const title = page.getByRole('heading', { level: 2, name: 'Blue crate' });
    await expect.element(title).toBeVisible();
    expect(page.getByRole('region', { name: 'Blue crate' }).elements()).toHaveLength(1);
    expect([...document.querySelectorAll('.tag')].map((tag) => tag.textContent)).toEqual([
      'No phone',
      'Open',
    ]);
    await expect
      .element(page.getByTitle('The server rejected it; edit and retry, or discard'))
      .toHaveTextContent('Failed');
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Order email is not a valid email address');
    await expect
      .element(page.getByRole('note'))
      .toHaveTextContent('Finalised: this crate can no longer be changed.');
    await expect
      .element(page.getByRole('link', { name: 'Edit crate' }))
      .toHaveAttribute('href', '#/crates/12/edit');
    await expect.element(page.getByRole('button', { name: 'Empty Blue crate' })).toBeVisible();
    await expect
      .element(page.getByRole('heading', { level: 3, name: 'Contents of Blue crate' }))
      .toBeVisible();
  });

  it('says a change waiting to be sent, and nothing about sync on an area without a session', async () => {
    const waiting = mountInPage(RecordPage, crateProps({ badge: 'pending', session: offline }));
    await expect
      .element(page.getByText('Saved on this computer; it is sent to the server when Dockhand is online.'))
      .toBeVisible();
    waiting.target.remove();
    mountInPage(RecordPage, crateProps());
    await expect.element(page.getByRole('heading', { name: 'Blue crate' })).toBeVisible();
    expect(page.getByText(/Saved on this computer/).elements()).toHaveLength(0);
  });

  it('lists the declared facts: text, "—" for nothing, a link, a snippet given the record; not the ones left out', async () => {
    const facts = (record: Crate): FactList<Crate> => [
      { label: 'Name', value: record.name },
      { label: 'Phone', value: record.phone },
      { label: 'Number', value: record.id },
      record.id < 0 && { label: 'Sent', value: 'Not yet' },
      { label: 'Depot', value: { href: '#/depots/3', text: 'North depot' } },
      {
        label: 'Label',
        value: createRawSnippet((of: () => Crate) => ({
          render: () => `<strong>${of().name.toUpperCase()}</strong>`,
        })),
      },
      { label: 'Notes', value: record.notes, lines: true },
    ];
    mountInPage(RecordPage, crateProps({ facts }));
    const pairs = [...document.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent?.trim(),
    ]);
    expect(pairs).toEqual([
      ['Name', 'Blue crate'],
      ['Phone', '—'],
      ['Number', '12'],
      ['Depot', 'North depot'],
      ['Label', 'BLUE CRATE'],
      ['Notes', 'Fragile\nThis side up'],
    ]);
    await expect
      .element(page.getByRole('link', { name: 'North depot' }))
      .toHaveAttribute('href', '#/depots/3');
    // The notes keep their own line break on screen.
    expect(getComputedStyle(document.querySelector('dd.lines')!).whiteSpace).toBe('pre-wrap');
  });
});

describe('Facts', () => {
  it('makes a headed group its own labelled section, with what is not a label and a value after the list', async () => {
    mountInPage(Facts, {
      heading: 'Contact',
      facts: [{ label: 'Email', value: 'crates@example.com' }],
      children: createRawSnippet(() => ({ render: () => '<p>No delivery addresses.</p>' })),
    });
    const section = page.getByRole('region', { name: 'Contact' });
    await expect.element(section.getByRole('heading', { level: 3, name: 'Contact' })).toBeVisible();
    await expect.element(section.getByRole('term')).toHaveTextContent('Email');
    await expect.element(section.getByRole('definition')).toHaveTextContent('crates@example.com');
    await expect.element(section.getByText('No delivery addresses.')).toBeVisible();
  });

  it('shows nothing for a list whose facts are all left out', async () => {
    const { target } = mountInPage(Facts, { facts: [false, null] });
    expect(target.querySelector('dl')).toBeNull();
  });
});

describe('RelatedRecords', () => {
  const related = (rows: Crate[], more: Record<string, unknown> = {}) =>
    mountInPage(RelatedRecords, {
      heading: 'Crates',
      rows,
      first: 2,
      key: (row: Crate) => row.id,
      empty: 'No crates on this computer.',
      more: (count: number) => `And ${count} older.`,
      head: createRawSnippet(() => ({ render: () => '<th>Crate</th>' })),
      row: createRawSnippet((row: () => Crate) => ({ render: () => `<td>${row().name}</td>` })),
      ...more,
    });

  it('counts them in the heading, shows the first rows and says how many more there are', async () => {
    related([1, 2, 3].map((id) => ({ ...crate, id, name: `Crate ${id}` })));
    const section = page.getByRole('region', { name: 'Crates (3)' });
    await expect.element(section.getByRole('heading', { level: 3 })).toHaveTextContent('Crates (3)');
    expect([...document.querySelectorAll('tbody td')].map((cell) => cell.textContent)).toEqual([
      'Crate 1',
      'Crate 2',
    ]);
    await expect.element(section.getByText('And 1 older.')).toBeVisible();
  });

  it('says when there are none, and counts from the total when the rows are only the first', async () => {
    const none = related([]);
    await expect.element(page.getByText('No crates on this computer.')).toBeVisible();
    expect(page.getByRole('table').elements()).toHaveLength(0);
    none.target.remove();
    related([crate], { total: 40, counted: true });
    await expect.element(page.getByRole('heading', { name: 'Crates (40)' })).toBeVisible();
    await expect.element(page.getByText('And 39 older.')).toBeVisible();
  });

  it('marks the row a link pointed at as the current one, and only that row', async () => {
    related(
      [1, 2].map((id) => ({ ...crate, id, name: `Crate ${id}` })),
      { marked: (row: Crate) => row.id === 2 },
    );
    await expect.element(page.getByRole('row', { name: 'Crate 2' })).toHaveAttribute('aria-current', 'true');
    const current = [...document.querySelectorAll('tr[aria-current="true"]')].map((row) => row.textContent);
    expect(current).toEqual(['Crate 2']);
  });
});
