/**
 * A long list of filter choices is drawn a slice per task (issue #24: 2,000 suppliers were one task of a
 * third of a second on a slow PC), every choice once the clerk goes to the select, and the chosen one always.
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { router } from '../../lib/router.svelte';
import { mountInPage } from '../testing/mountInPage';
import { BY_ITSELF, GrowingOptions, OPTION_SLICE, whenIdle } from './growingOptions.svelte';
import ListFilters from './ListFilters.svelte';
import type { ListFilter, ListSpec } from './listShell';
import { listState, type ListState } from './listState.svelte';

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

/** A yield the test lets go of, one at a time. */
function heldYields() {
  const waiting: (() => void)[] = [];
  return {
    yieldNow: () => new Promise<void>((resolve) => waiting.push(resolve)),
    get waiting() {
      return waiting.length;
    },
    async release() {
      waiting.shift()!();
      await Promise.resolve();
      flushSync();
    },
  };
}

const choices = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `Supplier ${i + 1}` }));

describe('GrowingOptions', () => {
  /** Choices growing 100 a slice by themselves up to `byItself`, over held yields. */
  function grown(most: number, byItself: number) {
    const yields = heldYields();
    let growing!: GrowingOptions;
    roots.push(
      $effect.root(() => void (growing = new GrowingOptions(() => most, yields.yieldNow, 100, byItself))),
    );
    flushSync();
    return { yields, growing };
  }

  it('draws one more slice each time the thread was given back, until every choice is drawn', async () => {
    const { yields, growing } = grown(250, 1_000);
    expect(growing.limit).toBe(100);
    expect(yields.waiting).toBe(1);
    await yields.release();
    expect(growing.limit).toBe(200);
    await yields.release();
    expect(growing.limit).toBe(300);
    // 300 covers the 250: nothing more is asked.
    expect(yields.waiting).toBe(0);
  });

  it('grows by itself only to its first slices: the rest wait for the clerk', async () => {
    const { yields, growing } = grown(2_000, 300);
    await yields.release();
    await yields.release();
    expect(growing.limit).toBe(300);
    expect(yields.waiting).toBe(0);
    growing.showAll();
    expect(growing.limit).toBe(Infinity);
  });

  it('grows in an idle period of the window, not after a yield that runs ahead of queued tasks', async () => {
    const idle = window.requestIdleCallback;
    const asked: (() => void)[] = [];
    window.requestIdleCallback = ((run: () => void) => asked.push(run)) as typeof idle;
    try {
      let grown = false;
      const next = whenIdle().then(() => (grown = true));
      // A message task and a timer go by: still waiting for the idle period.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(grown).toBe(false);
      expect(asked).toHaveLength(1);
      asked[0]!();
      await next;
      expect(grown).toBe(true);
    } finally {
      window.requestIdleCallback = idle;
    }
  });

  it('keeps the chosen one when it comes later, and draws all of them once asked', () => {
    let growing!: GrowingOptions;
    roots.push(
      $effect.root(
        () =>
          void (growing = new GrowingOptions(
            () => 250,
            () => new Promise(() => {}),
          )),
      ),
    );
    flushSync();
    const all = choices(250);
    expect(growing.of(all, null)).toHaveLength(OPTION_SLICE);
    expect(
      growing
        .of(all, 240)
        .map((choice) => choice.value)
        .slice(-2),
    ).toEqual([OPTION_SLICE, 240]);
    expect(growing.of(all, 7)).toHaveLength(OPTION_SLICE);
    growing.showAll();
    expect(growing.of(all, null)).toHaveLength(250);
  });
});

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
const FILTERS: ListFilter<Filters>[] = [
  { key: 'supplier', label: 'Supplier', placeholder: 'Any supplier', options: choices(1_000) },
];

/** The filters with the supplier chosen in the URL, and its select as drawn in the mounting task. */
function mountFilters(): HTMLSelectElement {
  router.navigate('#/orders?supplier=900');
  let state!: ListState<Filters, never>;
  roots.push($effect.root(() => void (state = listState(() => router.route.query, spec))));
  mountInPage(ListFilters, {
    state,
    filters: FILTERS,
    label: 'Filter',
    searchLabel: 'Search',
    searchHint: '',
  });
  return page.getByRole('combobox', { name: 'Supplier' }).element() as HTMLSelectElement;
}

// Checked in the same task (no await): the slices that follow come only after the thread is given back.
describe('ListFilters with 1,000 choices', () => {
  it('starts with a slice and the chosen one, and has every choice once the select has focus', () => {
    const select = mountFilters();
    expect(select.options).toHaveLength(1 + OPTION_SLICE + 1);
    expect(select.value).toBe('900');
    select.focus();
    flushSync();
    expect(select.options).toHaveLength(1 + 1_000);
    expect(select.value).toBe('900');
  });

  it('has every choice once the select is pressed, before it opens', () => {
    const select = mountFilters();
    expect(select.options).toHaveLength(1 + OPTION_SLICE + 1);
    select.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    flushSync();
    expect(select.options).toHaveLength(1 + 1_000);
  });

  it('draws its first slices by itself, in idle periods', async () => {
    const select = mountFilters();
    // The first slices, the placeholder and the chosen one (900, beyond them).
    await expect.poll(() => select.options.length).toBe(1 + BY_ITSELF + 1);
  });
});
