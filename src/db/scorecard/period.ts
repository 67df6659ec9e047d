/**
 * The period a scorecard covers (docs/scorecard.md): the last 3, 6 or 12 months up to today, or a custom
 * range, both ends included, as calendar days (UTC, as the app reads every API date: lib/recordFormat dayText).
 * Kept in the address (`?period=6m`, `?period=custom&from=2026-01-01&to=2026-03-31`); anything a hand-edited
 * link gets wrong falls back to the default rather than failing.
 */
import { z } from 'zod';

export const PERIOD_CHOICES = ['3m', '6m', '12m', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_PERIOD: PeriodChoice = '12m';

export interface PeriodQuery {
  period: PeriodChoice;
  /** Only for `custom`: `YYYY-MM-DD`. */
  from: string;
  to: string;
}

/** A period as days: `from` ≤ day ≤ `to`, both `YYYY-MM-DD`. */
export interface Period {
  from: string;
  to: string;
}

const day = z.iso.date();
const choice = z.enum(PERIOD_CHOICES);

/** The UTC calendar day of an API date-time, or null when it is missing or unreadable. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Date(at).toISOString().slice(0, 10);
}

export function parsePeriodQuery(query: Readonly<Record<string, string | undefined>>): PeriodQuery {
  const period = choice.safeParse(query['period']);
  const from = day.safeParse(query['from']);
  const to = day.safeParse(query['to']);
  return {
    period: period.success ? period.data : DEFAULT_PERIOD,
    from: from.success ? from.data : '',
    to: to.success ? to.data : '',
  };
}

export function formatPeriodQuery(state: PeriodQuery): Record<string, string> {
  if (state.period !== 'custom') return state.period === DEFAULT_PERIOD ? {} : { period: state.period };
  return {
    period: 'custom',
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}

/** `months` calendar months back from `today` (the day after that date is the first day in): 12m of 2026-05-31 starts 2025-06-01. */
function monthsBack(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1 - months, 1));
  // Clamp to the month's last day (31 May less 3 months is 28/29 Feb, not 3 March).
  const last = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(d, last) + 1);
  return start.toISOString().slice(0, 10);
}

/**
 * The days a query covers on `today`, or the reason it covers none (a custom range not filled in, or
 * ending before it starts), in the buyer's words.
 */
export function periodOf(query: PeriodQuery, today: string): { period: Period } | { problem: string } {
  if (query.period !== 'custom') {
    const months = Number(query.period.slice(0, -1));
    return { period: { from: monthsBack(today, months), to: today } };
  }
  if (!query.from || !query.to) return { problem: 'Choose the first and the last day of the period.' };
  if (query.to < query.from) return { problem: 'The last day is before the first day.' };
  return { period: { from: query.from, to: query.to } };
}

export const within = (day: string | null, period: Period): day is string =>
  day !== null && day >= period.from && day <= period.to;

/** The calendar months a period touches, `YYYY-MM`, oldest first. */
export function monthsOf(period: Period): string[] {
  const out: string[] = [];
  let [y, m] = period.from.split('-').map(Number) as [number, number];
  const end = period.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= end) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}
