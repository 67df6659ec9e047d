/**
 * The scorecard's period, kept in the address (`?period=6m`, `?period=custom&from=…&to=…`) so a reload, Back
 * or a copied link shows the same figures; the rules are src/db/scorecard/period.ts. One state owns the whole
 * query, or two would each write theirs over the other's: a supplier's page keeps the period alone
 * (`periodState`), the comparison list keeps it as its list state's settings (`periodHolder` over them).
 */
import { formatPeriodQuery, parsePeriodQuery, periodOf, type PeriodQuery } from '../../db/scorecard/period';
import { queryState } from '../../lib/queryState.svelte';
import { todayText } from './words';

export interface PeriodHolder {
  state: { value: PeriodQuery };
  today: string;
  readonly chosen: ReturnType<typeof periodOf>;
}

/** The period `state` holds, as days (or why it covers none). Call during component initialisation. */
export function periodHolder(state: { value: PeriodQuery }): PeriodHolder {
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

/** The period alone in the address `query` (it uses $effect). */
export function periodState(query: () => Readonly<Record<string, string>>): PeriodHolder {
  return periodHolder(queryState(query, parsePeriodQuery, formatPeriodQuery));
}
