/**
 * The comparison list as data (DOM-free, tested in Node), for the list shell (src/components/list): its
 * address is the period (src/db/scorecard/period.ts), kept as the list's settings (it says what the rows
 * show, not which rows: "Clear filters" leaves it), the search for a supplier's name (`?q=`) and the column
 * it is sorted by (`?sort=fill&dir=desc`). A figure the cache cannot tell (no order received, so no fill
 * rate) goes last whichever way the column is sorted, never among the zeros.
 */
import { listSpec, searchMatch } from '../../components/list/listQuery';
import type { ListSpec, SortState } from '../../components/list/listShell';
import type { Scorecard } from '../../db/scorecard/compute';
import { formatPeriodQuery, parsePeriodQuery, type PeriodQuery } from '../../db/scorecard/period';

export const SORT_KEYS = ['name', 'orders', 'fill', 'onTime', 'short', 'over', 'faulty', 'leadTime'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The search and the sort as every list spells them; the list has no filter of its own. */
const searchAndSort = listSpec<Record<never, never>, SortKey>({}, SORT_KEYS);

export const scorecardListSpec: ListSpec<PeriodQuery, SortKey> = {
  parse: (query) => ({ ...searchAndSort.parse(query), filters: parsePeriodQuery(query) }),
  format: ({ filters, search, sort }) => ({
    ...searchAndSort.format({ filters: {}, search, sort }),
    ...formatPeriodQuery(filters),
  }),
  noFilters: parsePeriodQuery({}),
  settings: ['period', 'from', 'to'],
};

/** The cards whose supplier's name holds every word of the search. */
export function filterCards(cards: readonly Scorecard[], search: string): Scorecard[] {
  const matches = searchMatch(search);
  return cards.filter((card) => matches(card.name.toLowerCase()));
}

/** The figure a column sorts by: a rate, a count of units, or days. */
function figure(card: Scorecard, sort: Exclude<SortKey, 'name'>): number | null {
  if (sort === 'orders') return card.orders;
  if (sort === 'short' || sort === 'over') return card[sort].units;
  if (sort === 'leadTime') return card.leadTime.averageDays;
  return card[sort].rate;
}

/** `cards` ordered by `sort` (none: by name, A to Z), ties by name; unknown figures last. */
export function sortCards(cards: readonly Scorecard[], sort: SortState<SortKey> | null): Scorecard[] {
  const { key, direction } = sort ?? { key: 'name', direction: 'asc' };
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: Scorecard, b: Scorecard) => a.name.localeCompare(b.name);
  if (key === 'name') return [...cards].sort((a, b) => sign * byName(a, b));
  return [...cards].sort((a, b) => {
    const x = figure(a, key);
    const y = figure(b, key);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return x === y ? byName(a, b) : sign * (x - y);
  });
}
