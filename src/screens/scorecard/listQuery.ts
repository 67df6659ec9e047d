/**
 * The comparison list's address: the period (src/db/scorecard/period.ts) plus the column it is sorted by
 * (`?sort=fill&dir=desc`), and how rows are ordered by each figure. A figure the cache cannot tell (no
 * order received, so no fill rate) goes last whichever way the column is sorted, never among the zeros.
 */
import { z } from 'zod';
import type { Scorecard } from '../../db/scorecard/compute';
import { formatPeriodQuery, parsePeriodQuery, type PeriodQuery } from '../../db/scorecard/period';

export const SORT_KEYS = ['name', 'orders', 'fill', 'onTime', 'short', 'over', 'faulty', 'leadTime'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface ListQuery extends PeriodQuery {
  sort: SortKey;
  dir: 'asc' | 'desc';
}

const sortKey = z.enum(SORT_KEYS);
const direction = z.enum(['asc', 'desc']);

export function parseListQuery(query: Readonly<Record<string, string | undefined>>): ListQuery {
  const sort = sortKey.safeParse(query['sort']);
  const dir = direction.safeParse(query['dir']);
  return {
    ...parsePeriodQuery(query),
    sort: sort.success ? sort.data : 'name',
    dir: dir.success ? dir.data : 'asc',
  };
}

export function formatListQuery(state: ListQuery): Record<string, string> {
  return {
    ...formatPeriodQuery(state),
    ...(state.sort !== 'name' ? { sort: state.sort } : {}),
    ...(state.dir !== 'asc' ? { dir: state.dir } : {}),
  };
}

/** The figure a column sorts by: a rate, a count of units, or days. */
function figure(card: Scorecard, sort: Exclude<SortKey, 'name'>): number | null {
  if (sort === 'orders') return card.orders;
  if (sort === 'short' || sort === 'over') return card[sort].units;
  if (sort === 'leadTime') return card.leadTime.averageDays;
  return card[sort].rate;
}

/** `cards` ordered by `sort`, ties by name; unknown figures last. */
export function sortCards(cards: readonly Scorecard[], sort: SortKey, dir: 'asc' | 'desc'): Scorecard[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byName = (a: Scorecard, b: Scorecard) => a.name.localeCompare(b.name);
  if (sort === 'name') return [...cards].sort((a, b) => sign * byName(a, b));
  return [...cards].sort((a, b) => {
    const x = figure(a, sort);
    const y = figure(b, sort);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return x === y ? byName(a, b) : sign * (x - y);
  });
}
