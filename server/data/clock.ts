/**
 * Generated dates. Every date is the fixed epoch plus or minus a seeded offset, never the wall clock, so a
 * seed always produces the same data. History lies before the epoch (created, modified, received); only
 * planning dates (eta, balance due, promotion ends) may lie after it.
 */
import type { Rng } from './random';

/** 2026-01-01T00:00:00Z: the "now" of a freshly generated dataset. The simulator's own clock runs later. */
export const DATA_EPOCH_MS = Date.UTC(2026, 0, 1);
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const two = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/**
 * An ISO date-time to the second (`2025-06-03T10:15:42Z`), the style of the API's own records. Formatted by
 * hand (days → civil date, Hinnant's algorithm) because it runs millions of times on the large dataset and
 * Date#toISOString was the generator's single biggest cost.
 */
export function iso(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const inDay = seconds - days * 86_400;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(inDay / 3600);
  const minute = Math.floor((inDay % 3600) / 60);
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(inDay % 60)}Z`;
}

/** Midnight UTC of the day holding `ms`, as a date-time: how calendar dates sent by clients come back. */
export function isoDay(ms: number): string {
  return iso(Math.floor(ms / DAY_MS) * DAY_MS);
}

/** The epoch minus a number of (fractional) days. */
export function daysAgo(days: number): number {
  return DATA_EPOCH_MS - days * DAY_MS;
}

/** A moment during business hours (08:00–18:00 UTC) on the day `days` (at least 1) before the epoch. */
export function workingMoment(rng: Rng, days: number): number {
  const day = Math.floor(DATA_EPOCH_MS / DAY_MS) - Math.max(1, Math.ceil(days));
  return day * DAY_MS + 8 * HOUR_MS + Math.floor(rng.next() * 10 * HOUR_MS);
}

/** A moment between `from` and `to` (both ms), never after the epoch. */
export function between(rng: Rng, from: number, to: number): number {
  const end = Math.min(to, DATA_EPOCH_MS);
  return end <= from ? from : from + Math.floor(rng.next() * (end - from));
}
