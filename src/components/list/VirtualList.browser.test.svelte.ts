/**
 * VirtualList in Chromium: only the rows in view are in the DOM however long the list, each row says where
 * it sits, the keyboard moves the active row (and scrolls to it), Enter and a click open a row, and a list
 * that shrinks under the active row keeps it on the last one.
 */
import { createRawSnippet, flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import VirtualList from './VirtualList.svelte';

interface Item {
  id: number;
  name: string;
}
const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Supplier ${i + 1}` }));
// Rows are kept per slot in view and given the next item as the list scrolls: the text follows `item`.
const row = createRawSnippet<[Item, { index: number; active: boolean }]>((item) => ({
  render: () => '<span></span>',
  setup: (element) => {
    $effect(() => {
      element.textContent = item().name;
    });
  },
}));

function list(all: Item[], opened: Item[] = []) {
  const props = $state({
    items: all,
    activeIndex: 0,
    key: (item: Item) => item.id,
    label: 'Suppliers',
    rowHeight: 40,
    height: '400px',
    overscan: 2,
    row,
    onopen: (item: Item) => opened.push(item),
  });
  const { target } = mountInPage(VirtualList, props);
  return { target, props };
}

const options = (target: HTMLElement) => [...target.querySelectorAll<HTMLElement>('[role="option"]')];
const activeRow = (target: HTMLElement) => {
  const listbox = target.querySelector('[role="listbox"]')!;
  return target.querySelector<HTMLElement>(`#${listbox.getAttribute('aria-activedescendant')}`);
};

describe('VirtualList', () => {
  it('puts only the rows in view in the DOM, each saying where it sits', async () => {
    const { target } = list(items(10_000));
    await expect.element(page.getByRole('option', { name: 'Supplier 1', exact: true })).toBeVisible();
    // 400 px of 40 px rows, plus 2 rows of overscan below.
    await expect.poll(() => options(target).length).toBe(12);
    expect(options(target)[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect(options(target)[3]!.getAttribute('aria-posinset')).toBe('4');
    expect(page.getByRole('listbox', { name: 'Suppliers' }).element().scrollHeight).toBe(400_000);
  });

  it('moves the active row with the keyboard, scrolling it into view, and opens it with Enter', async () => {
    const opened: Item[] = [];
    const { target, props } = list(items(500), opened);
    const listbox = page.getByRole('listbox', { name: 'Suppliers' });
    await userEvent.click(listbox.element(), { position: { x: 5, y: 5 } });
    opened.length = 0; // the click opened the first row
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(props.activeIndex).toBe(2);
    expect(activeRow(target)?.textContent).toBe('Supplier 3');
    expect(activeRow(target)?.getAttribute('aria-selected')).toBe('true');

    await userEvent.keyboard('{PageDown}');
    // One viewport (10 rows) less one, so the row at the bottom stays in sight.
    expect(props.activeIndex).toBe(11);

    await userEvent.keyboard('{End}');
    expect(props.activeIndex).toBe(499);
    await expect.element(page.getByRole('option', { name: 'Supplier 500', exact: true })).toBeVisible();
    expect(options(target).length).toBeLessThan(20);

    await userEvent.keyboard('{Home}{ArrowUp}{Enter}');
    expect(opened.map((item) => item.id)).toEqual([1]);
  });

  it('opens the row clicked and makes it the active one', async () => {
    const opened: Item[] = [];
    const { props } = list(items(30), opened);
    await userEvent.click(page.getByRole('option', { name: 'Supplier 4', exact: true }));
    expect(opened.map((item) => item.id)).toEqual([4]);
    expect(props.activeIndex).toBe(3);
  });

  it('stays on the last row when the list shrinks under the active one', async () => {
    const { target, props } = list(items(50));
    // Laid out: the viewport's height is known (a ResizeObserver reports it after the first layout).
    await expect.poll(() => options(target).length).toBe(12);
    props.activeIndex = 40;
    flushSync();
    props.items = items(5);
    flushSync();
    expect(options(target).map((option) => option.textContent)).toHaveLength(5);
    expect(activeRow(target)?.textContent).toBe('Supplier 5');
  });

  it("lays out a change of rows inside the list, not the page, and still fills its container's width", async () => {
    const { target } = list(items(100));
    await expect.poll(() => options(target).length).toBe(12);
    const listbox = page.getByRole('listbox', { name: 'Suppliers' }).element() as HTMLElement;
    // Size and layout containment make the list and each row a layout root (issue #24).
    expect(getComputedStyle(listbox).contain).toBe('strict');
    expect(getComputedStyle(options(target)[0]!).contain).toBe('strict');
    // Size containment leaves their widths to the container: the list as wide as it, a row as the list.
    expect(listbox.getBoundingClientRect().width).toBe(target.getBoundingClientRect().width);
    expect(options(target)[0]!.getBoundingClientRect().width).toBe(listbox.clientWidth);
  });
});
