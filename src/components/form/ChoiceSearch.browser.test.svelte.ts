/**
 * A list filter of 2,000 suppliers as a box that finds one by typing (./ChoiceSearch.svelte through
 * ../list/ListFilters.svelte, the URL state as a list keeps it): nothing drawn until it is opened, at most
 * 50 matches drawn, any word of the name or code found without minding accents, the keys a buyer uses
 * (arrows, Enter, Escape twice, Tab) and the mouse, and an id the cache has no name for read as "Supplier #N".
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { router } from '../../lib/router.svelte';
import ListFilters from '../list/ListFilters.svelte';
import { searchFilter, type ListSpec } from '../list/listShell';
import { listState, type ListState } from '../list/listState.svelte';
import { mountInPage } from '../testing/mountInPage';

interface Filters {
  supplier: number | null;
}
const spec: ListSpec<Filters, never> = {
  parse: (query) => ({
    filters: { supplier: query['supplier'] ? Number(query['supplier']) : null },
    search: '',
    sort: null,
  }),
  format: ({ filters }) => ({ supplier: filters.supplier }),
  noFilters: { supplier: null },
};

const WORDS = ['Acme', 'Bolt', 'Crème', 'Delta'];
/** 2,000 suppliers, 500 to each first word: "Crème Supplies 3 (C3)". */
const SUPPLIERS = Array.from({ length: 2_000 }, (_, i) => ({
  value: i + 1,
  label: `${WORDS[i % 4]} Supplies ${i + 1} (C${i + 1})`,
}));
const labelOf = (id: number) => SUPPLIERS[id - 1]!.label;

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

/** The filters over the URL `#/orders?<query>`, and the supplier box. */
function mountFilters(query = '') {
  router.navigate(`#/orders${query ? `?${query}` : ''}`);
  let state!: ListState<Filters, never>;
  roots.push($effect.root(() => void (state = listState(() => router.route.query, spec))));
  const filter = searchFilter<Filters>({
    key: 'supplier',
    label: 'Supplier',
    placeholder: 'Any supplier',
    options: () => SUPPLIERS,
  });
  mountInPage(ListFilters, {
    state,
    filters: [filter],
    label: 'Filter',
    searchLabel: 'Search',
    searchHint: '',
  });
  const box = page.getByRole('combobox', { name: 'Supplier' });
  return { state, box, input: box.element() as HTMLInputElement };
}

const drawn = () =>
  [...document.querySelectorAll('[role="option"]')].map((option) => option.textContent!.trim());
const chosen = (state: ListState<Filters, never>) => state.params.value.filters.supplier;

describe('ChoiceSearch in the list filters, over 2,000 suppliers', () => {
  it('names the chosen one while closed, with nothing drawn, and draws at most 50 once opened', async () => {
    const { box, input } = mountFilters('supplier=900');
    await expect.element(box).toHaveValue(labelOf(900));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(drawn()).toEqual([]);

    // Opened: "Any supplier", the chosen one (beyond the first 50) and the first 50, the chosen one active.
    await userEvent.click(box);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(drawn()).toEqual(['Any supplier', labelOf(900), ...SUPPLIERS.slice(0, 50).map((s) => s.label)]);
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await expect.element(page.getByText('1,950 more: keep typing')).toBeVisible();
  });

  it('reads an id the cache has no name for as "Supplier #N"', async () => {
    const { box } = mountFilters('supplier=2500');
    await expect.element(box).toHaveValue('Supplier #2500');
  });

  it('narrows by any word, accents aside, and picks with the arrows and Enter into the URL', async () => {
    const { state, box, input } = mountFilters();
    await userEvent.click(box);
    await userEvent.keyboard('creme');
    // 500 match: 50 drawn.
    expect(drawn()).toHaveLength(50);
    expect(drawn()[0]).toBe(labelOf(3));
    await expect.element(page.getByText('450 more: keep typing')).toBeVisible();

    await userEvent.fill(box, 'c1999 SUPPLIES');
    expect(drawn()).toEqual([labelOf(1999)]);

    // "acme 1": Acme 1, 13, 17, 21…; two down from the first, Enter.
    await userEvent.fill(box, 'acme 1');
    expect(drawn().slice(0, 3)).toEqual([labelOf(1), labelOf(13), labelOf(17)]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toContain(
      labelOf(17),
    );
    await userEvent.keyboard('{Enter}');
    expect(chosen(state)).toBe(17);
    expect(router.route.query['supplier']).toBe('17');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await expect.element(box).toHaveValue(labelOf(17));

    await userEvent.fill(box, 'zzz');
    await expect.element(page.getByText('Nothing matches “zzz”')).toBeVisible();
    expect(drawn()).toEqual([]);
  });

  it('closes on Escape, puts the chosen name back on a second one, and keeps the choice on Tab', async () => {
    const { state, box, input } = mountFilters('supplier=6');
    await userEvent.click(box);
    await userEvent.fill(box, 'bolt');
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await expect.element(box).toHaveValue('bolt');
    await userEvent.keyboard('{Escape}');
    await expect.element(box).toHaveValue(labelOf(6));

    await userEvent.fill(box, 'delta');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    expect(document.activeElement).not.toBe(input);
    expect(chosen(state)).toBe(6);
    await expect.element(box).toHaveValue(labelOf(6));
  });

  it('picks with a click, and chooses none with the clear button or "Any supplier"', async () => {
    const { state, box } = mountFilters();
    await userEvent.click(box);
    await userEvent.fill(box, 'delta 4');
    await userEvent.click(page.getByRole('option', { name: labelOf(44) }));
    expect(chosen(state)).toBe(44);
    await expect.element(box).toHaveValue(labelOf(44));

    await userEvent.click(page.getByRole('button', { name: 'Clear supplier' }));
    expect(chosen(state)).toBeNull();
    expect(router.route.query['supplier']).toBeUndefined();
    await expect.element(box).toHaveValue('');

    state.params.value.filters.supplier = 8;
    flushSync();
    await userEvent.click(box);
    await userEvent.click(page.getByRole('option', { name: 'Any supplier' }));
    expect(chosen(state)).toBeNull();
  });
});
