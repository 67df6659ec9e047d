/**
 * SortableHeader in Chromium: a sortable column's title is a button that sorts ascending, then descending,
 * then back to the list's own order, saying its state in words (a column that sorts highest first starts
 * descending); a plain column is text, not a button.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import SortableHeader from './SortableHeader.svelte';

type Key = 'code' | 'name' | 'phone';
interface SortState {
  key: Key;
  direction: 'asc' | 'desc';
}

/** The header of three columns; `nameFirst`: the Name column's first direction. */
function header(nameFirst: 'asc' | 'desc' = 'asc') {
  const props = $state({
    columns: [
      { key: 'code' as const, label: 'Code', sortable: true },
      { key: 'name' as const, label: 'Name', sortable: true, first: nameFirst },
      { key: 'phone' as const, label: 'Phone' },
    ],
    sort: null as SortState | null,
    label: 'Sort suppliers',
    gridClass: 'test-columns',
    onsort: (next: SortState | null) => {
      props.sort = next;
      flushSync();
    },
  });
  mountInPage(SortableHeader, props);
  return props;
}

describe('SortableHeader', () => {
  it('cycles a column through ascending, descending and unsorted, saying so in words', async () => {
    const props = header();
    const group = page.getByRole('group', { name: 'Sort suppliers' });
    await userEvent.click(group.getByRole('button', { name: 'Name' }));
    expect(props.sort).toEqual({ key: 'name', direction: 'asc' });
    await expect.element(group.getByRole('button', { name: /^Name\W+sorted ascending$/ })).toBeVisible();

    await userEvent.click(group.getByRole('button', { name: /^Name\W+sorted ascending$/ }));
    expect(props.sort).toEqual({ key: 'name', direction: 'desc' });
    await expect.element(group.getByRole('button', { name: /^Name\W+sorted descending$/ })).toBeVisible();

    await userEvent.click(group.getByRole('button', { name: /^Name\W+sorted descending$/ }));
    expect(props.sort).toBeNull();
    await expect.element(group.getByRole('button', { name: 'Name', exact: true })).toBeVisible();
  });

  it('starts a highest-first column descending, then ascending, then back to the list’s order', async () => {
    const props = header('desc');
    const group = page.getByRole('group', { name: 'Sort suppliers' });
    await userEvent.click(group.getByRole('button', { name: 'Name' }));
    expect(props.sort).toEqual({ key: 'name', direction: 'desc' });
    await userEvent.click(group.getByRole('button', { name: /^Name\W+sorted descending$/ }));
    expect(props.sort).toEqual({ key: 'name', direction: 'asc' });
    await userEvent.click(group.getByRole('button', { name: /^Name\W+sorted ascending$/ }));
    expect(props.sort).toBeNull();
  });

  it('starts another column ascending, and leaves a plain column as text', async () => {
    const props = header();
    props.sort = { key: 'name', direction: 'desc' };
    flushSync();
    const group = page.getByRole('group', { name: 'Sort suppliers' });
    await userEvent.click(group.getByRole('button', { name: 'Code' }));
    expect(props.sort).toEqual({ key: 'code', direction: 'asc' });
    expect(
      group
        .getByRole('button')
        .elements()
        .map((button) => button.textContent),
    ).toHaveLength(2);
    await expect.element(group.getByText('Phone')).toBeVisible();
  });
});
