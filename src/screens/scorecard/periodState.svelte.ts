/**
 * The scorecard's period, kept in the address (`?period=6m`, `?period=custom&from=…&to=…`) so a reload, Back
 * or a copied link shows the same figures; the rules are src/db/scorecard/period.ts. A screen with more
 * in its address (the list's sort) passes its own parse and format, which must keep the period's: one
 * state owns the whole query, or two would each write theirs over the other's.
 */
import { formatPeriodQuery, parsePeriodQuery, periodOf, type PeriodQuery } from '../../db/scorecard/period';
import { queryState } from '../../lib/queryState.svelte';
import type { Query } from '../../lib/routes';
import { todayText } from './words';

type Parse<T> = (query: Readonly<Record<string, string>>) => T;

export function periodState<T extends PeriodQuery = PeriodQuery>(
  query: () => Readonly<Record<string, string>>,
  parse: Parse<T> = parsePeriodQuery as Parse<T>,
  format: (state: T) => Query = formatPeriodQuery,
) {
  const state = queryState<T>(query, parse, format);
  // Today as this PC's calendar shows it; read once per screen, which is open for minutes, not days.
  const today = todayText();
  const chosen = $derived(periodOf(state.value, today));
  return {
    state,
    today,
    get chosen() {
      return chosen;
    },
  };
}

export interface PeriodHolder {
  state: { value: PeriodQuery };
  today: string;
  readonly chosen: ReturnType<typeof periodOf>;
}
