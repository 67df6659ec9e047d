/**
 * ListScreen in Chromium, with a small list declared the way an area declares one: the search and a declared
 * filter narrow the rows and land in the URL, the count line says how many match and "Clear filters" brings
 * every row back; the three empty states say why the list is empty; a column title sorts; Enter opens the
 * active row; "Export CSV" saves the rows shown, in their order, with the columns that declare a value. A
 * list read a window at a time draws its rows before it has counted them, and exports the records behind them.
 */
import { createRawSnippet, flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { arraySource } from '../../lib/csv/csvChunks';
import { csvRecords, keepDownloads } from '../../lib/csv/testing/keptDownloads';
import { router } from '../../lib/router.svelte';
import { mountInPage } from '../testing/mountInPage';
import ListScreen from './ListScreen.svelte';
import {
  choicesOf,
  type ListColumn,
  type ListFilter,
  type ListSource,
  type ListSpec,
  type PullProgress,
} from './listShell';
import { listState, shownRows, type ListState } from './listState.svelte';

interface Fruit {
  id: number;
  name: string;
  kind: 'berry' | 'citrus';
  note: string | null;
}
interface Filters {
  kind: Fruit['kind'] | null;
}
type Key = 'name' | 'kind';

const FRUIT: Fruit[] = [
  { id: 1, name: 'Lemon', kind: 'citrus', note: 'Sour, "very"' },
  { id: 2, name: 'Blueberry', kind: 'berry', note: null },
  { id: 3, name: 'Årbær', kind: 'berry', note: 'Line one\nline two' },
];

const spec: ListSpec<Filters, Key> = {
  parse: (query) => ({
    filters: { kind: query['kind'] === 'berry' || query['kind'] === 'citrus' ? query['kind'] : null },
    search: query['q'] ?? '',
    sort:
      query['sort'] === 'name' || query['sort'] === 'kind' ? { key: query['sort'], direction: 'asc' } : null,
  }),
  format: ({ filters, search, sort }) => ({ kind: filters.kind, q: search, sort: sort?.key }),
  noFilters: { kind: null },
};
const COLUMNS: ListColumn<Fruit, Key>[] = [
  { key: 'name', label: 'Name', sortable: true, csv: (fruit) => fruit.name },
  { key: 'kind', label: 'Kind', sortable: true, csv: (fruit) => fruit.kind },
  { key: 'note', label: 'Note', csv: (fruit) => fruit.note },
  { key: 'badge', label: '' },
];
const FILTERS: ListFilter<Filters>[] = [
  {
    key: 'kind',
    label: 'Kind',
    placeholder: 'Any kind',
    options: choicesOf({ berry: 'Berries', citrus: 'Citrus' }),
  },
];
const row = createRawSnippet<[Fruit]>((fruit) => ({
  render: () => '<div class="list-columns"><span></span><span></span><span></span><span></span></div>',
  setup: (element) => {
    $effect(() => {
      element.children[0]!.textContent = fruit().name;
      element.children[1]!.textContent = fruit().kind;
    });
  },
}));

/** The rows an area would read: the fruit of the kind, matching the (paused) search, in the sort's order. */
function shown(state: ListState<Filters, Key>, all: readonly Fruit[]): Fruit[] {
  const { filters, sort } = state.params.value;
  const rows = all.filter(
    (fruit) =>
      (filters.kind === null || fruit.kind === filters.kind) &&
      fruit.name.toLowerCase().includes(state.search.trim().toLowerCase()),
  );
  // By code point, so the test does not hang on the browser's locale: "Årbær" after "Lemon".
  if (sort) rows.sort((a, b) => (a[sort.key] < b[sort.key] ? -1 : 1) * (sort.direction === 'asc' ? 1 : -1));
  return rows;
}

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

/**
 * The list over `data` as a live read of it: `current`, `loaded` and `error` change as the test says.
 * `extra`: filters that are settings instead, and further props of the shell.
 */
function screen(
  data: { all?: Fruit[]; loaded?: boolean; error?: string | null; pull?: PullProgress } = {},
  hash = '#/fruit',
  extra: { settings?: (keyof Filters)[]; props?: Record<string, unknown> } = {},
) {
  router.navigate(hash);
  const read = $state({ current: FRUIT, loaded: true, error: null as string | null });
  if (data.all) read.current = data.all;
  if (data.loaded !== undefined) read.loaded = data.loaded;
  let state!: ListState<Filters, Key>;
  let source!: ListSource<Fruit>;
  roots.push(
    $effect.root(() => {
      const listSpec = extra.settings ? { ...spec, settings: extra.settings } : spec;
      state = listState(() => router.route.query, listSpec, { searchDelayMs: 0 });
      source = shownRows(state, read, (all) => shown(state, all));
    }),
  );
  mountInPage(ListScreen, {
    title: 'Fruit',
    noun: 'fruit',
    nouns: 'fruit',
    state,
    searchHint: 'Name',
    filters: FILTERS,
    columns: COLUMNS,
    grid: '1fr 1fr 1fr 3rem',
    source,
    whyEmpty: () => `of kind ${state.params.value.filters.kind}`,
    empty: {
      syncing: (pull: PullProgress) => `Still coming: ${pull.done} of ${pull.total}.`,
      none: 'No fruit yet.',
    },
    pull: data.pull,
    section: 'fruit',
    row,
    ...extra.props,
  });
  return { state, read };
}

const status = () => page.getByRole('status').first();
const options = () => page.getByRole('listbox', { name: 'Fruit' }).getByRole('option');

describe('ListScreen', () => {
  it('narrows by the search and a declared filter, in the URL, and clears them', async () => {
    screen();
    await expect.element(page.getByRole('heading', { name: 'Fruit' })).toBeVisible();
    await expect.element(status()).toHaveTextContent('3 fruits');
    await expect.poll(() => options().all()).toHaveLength(3);

    await userEvent.fill(page.getByRole('searchbox', { name: 'Search fruit' }), 'berry');
    await expect.element(status()).toHaveTextContent('1 fruit match, of 3');
    await expect.poll(() => router.route.query).toEqual({ q: 'berry' });
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Kind' }), 'Citrus');
    await expect.element(page.getByText('No fruit of kind citrus.')).toBeVisible();
    expect(router.route.query).toEqual({ q: 'berry', kind: 'citrus' });

    await userEvent.click(page.getByRole('button', { name: 'Clear filters' }));
    await expect.element(status()).toHaveTextContent('3 fruits');
    await expect.poll(() => router.route.query).toEqual({});
    await expect.element(page.getByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  // A route change mounts the screen in the click's task: the heading there, the fields in a task after it.
  it('draws its heading in the mounting task and its filters once the thread was given back', async () => {
    screen();
    expect(page.getByRole('heading', { name: 'Fruit' }).query()).not.toBeNull();
    expect(page.getByRole('searchbox', { name: 'Search fruit' }).query()).toBeNull();
    await expect.element(page.getByRole('searchbox', { name: 'Search fruit' })).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: 'Kind' })).toBeVisible();
  });

  it('takes its filters from the URL it opens with', async () => {
    screen({}, '#/fruit?kind=berry');
    await expect.element(status()).toHaveTextContent('2 fruits match, of 3');
    await expect.element(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('berry');
  });

  it('says why it is empty: reading, syncing, nothing cached, or could not read', async () => {
    const { read } = screen({ all: [], loaded: false, pull: { done: 40, total: 900, finished: false } });
    await expect.element(status()).toHaveTextContent('Reading fruit…');
    read.loaded = true;
    await expect.element(page.getByText('Still coming: 40 of 900.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    read.error = 'the disk is full';
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Could not read the fruit: the disk is full');
  });

  it('keeps a setting through “Clear filters”, never counted as filtering, and says its own words', async () => {
    const berries = FRUIT.filter((fruit) => fruit.kind === 'berry');
    const { read } = screen({ all: berries, loaded: false }, '#/fruit?kind=berry', {
      settings: ['kind'],
      props: { reading: 'Weighing the fruit…', failed: 'The fruit could not be weighed' },
    });
    await expect.element(status()).toHaveTextContent('Weighing the fruit…');
    read.loaded = true;
    await expect.element(status()).toHaveTextContent('2 fruits');
    await expect.element(page.getByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await userEvent.fill(page.getByRole('searchbox', { name: 'Search fruit' }), 'blue');
    await expect.element(status()).toHaveTextContent('1 fruit match, of 2');
    await userEvent.click(page.getByRole('button', { name: 'Clear filters' }));
    await expect.poll(() => router.route.query).toEqual({ kind: 'berry' });
    await expect.element(status()).toHaveTextContent('2 fruits');
    read.error = 'the scale broke';
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The fruit could not be weighed: the scale broke');
  });

  it('says when nothing is cached and no sync is bringing any', async () => {
    screen({ all: [], pull: { done: 900, total: 900, finished: true } });
    await expect.element(page.getByText('No fruit yet.')).toBeVisible();
    await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();
  });

  it('sorts by a column title and opens the active row with Enter', async () => {
    screen();
    const sort = page.getByRole('group', { name: 'Sort fruit' });
    await expect.element(sort.getByText('Note')).toBeVisible();
    await expect.element(sort.getByRole('button', { name: 'Note' })).not.toBeInTheDocument();
    await userEvent.click(sort.getByRole('button', { name: 'Name' }));
    await expect.poll(() => router.route.query).toEqual({ sort: 'name' });
    await expect.element(options().first()).toHaveTextContent('Blueberry');
    await userEvent.click(options().first());
    await expect.poll(() => router.route.parts).toEqual(['2']);
    router.navigate('#/fruit?sort=name');
    flushSync();
    (page.getByRole('listbox', { name: 'Fruit' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect.poll(() => router.route.parts).toEqual(['1']);
  });

  it('exports the rows shown, in their order, with the columns that write a value', async () => {
    screen({}, '#/fruit?sort=name');
    await expect.element(status()).toHaveTextContent('3 fruits');
    expect(await exported()).toEqual([
      ['Name', 'Kind', 'Note'],
      ['Blueberry', 'berry', ''],
      ['Lemon', 'citrus', 'Sour, "very"'],
      ['Årbær', 'berry', 'Line one\nline two'],
    ]);
  });

  it('draws a windowed list’s rows before counting them, and exports the records behind them', async () => {
    router.navigate('#/fruit');
    // A list read a window at a time: its rows are positions; the records are read as they show.
    const source = $state({ rows: [0, 1, 2], total: 0, loaded: true, counted: false });
    let state!: ListState<Filters, Key>;
    roots.push($effect.root(() => void (state = listState(() => router.route.query, spec))));
    mountInPage(ListScreen, {
      title: 'Fruit',
      listLabel: 'Fruit in the bowl',
      noun: 'fruit',
      nouns: 'fruit',
      state,
      searchHint: 'Name',
      columns: COLUMNS,
      grid: '1fr 1fr 1fr 3rem',
      source,
      key: (position: number) => position,
      whyEmpty: () => '',
      empty: { syncing: () => 'Still coming.', none: 'No fruit yet.' },
      row: createRawSnippet<[number]>((position) => ({
        render: () => `<div class="list-columns"><span>${FRUIT[position()]!.name}</span></div>`,
      })),
      exportRows: () => arraySource(FRUIT),
    });
    const bowl = page.getByRole('listbox', { name: 'Fruit in the bowl' });
    await expect.poll(() => bowl.getByRole('option').all()).toHaveLength(3);
    await expect.element(status()).toHaveTextContent('Reading fruit…');
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    source.total = 3;
    source.counted = true;
    await expect.element(status()).toHaveTextContent('3 fruits');
    expect((await exported()).map((line) => line[0])).toEqual(['Name', 'Lemon', 'Blueberry', 'Årbær']);
  });
});

/** Presses "Export CSV" and reads the one file saved back, as a spreadsheet would. */
async function exported(): Promise<string[][]> {
  const downloads = keepDownloads();
  try {
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await expect.element(page.getByText(/^Exported 3 rows to fruit-[\d-]+\.csv\.$/)).toBeVisible();
    expect(downloads.files).toHaveLength(1);
    return await csvRecords(downloads.files[0]!);
  } finally {
    downloads.restore();
  }
}
