/**
 * Words for times and names the status screens show. Pure (the clock is passed in) so the wording is
 * tested once and reads the same in the status bar, the progress panel and the sync centre.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "45 s ago", "3 min ago", "2 h ago", "4 days ago"; a time ahead of the clock is "just now". */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'unknown';
  const ago = now - at;
  if (ago < 10 * SECOND) return 'just now';
  if (ago < MINUTE) return `${Math.floor(ago / SECOND)} s ago`;
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The latest of some ISO times (by instant, not by string), or null when there is none. */
export function latestTime(times: Iterable<string>): string | null {
  let latest: string | null = null;
  let latestAt = -Infinity;
  for (const time of times) {
    const at = Date.parse(time);
    if (!Number.isNaN(at) && at > latestAt) {
      latest = time;
      latestAt = at;
    }
  }
  return latest;
}

/** An ETA in words, rounded up so it never promises less than it takes: "about 20 s left". */
export function etaText(ms: number): string {
  if (ms < 5 * SECOND) return 'almost done';
  if (ms < MINUTE) return `about ${Math.ceil(ms / (5 * SECOND)) * 5} s left`;
  if (ms < HOUR) return `about ${Math.ceil(ms / MINUTE)} min left`;
  return `about ${Math.ceil(ms / HOUR)} h left`;
}

/** A resource, table or field name as a label: `purchaseOrders` → "Purchase orders", `total_ex` → "Total ex". */
export function resourceLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A date-time for people, in their locale; the raw value when it does not parse. */
export function dateTimeText(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at)
    ? iso
    : new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Any JSON value as short readable text (for conflict values and problem fields). */
export function valueText(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (value === null) return '(empty)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

// Built once: a formatter per call costs a new Intl object each time a history row renders.
const wholePoints = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const partPoints = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Loyalty points for people: grouped ("1,200"); a balance with a part of a point shows two decimals
 * ("642.50"), never one ("642.5" reads like a figure cut short). `signed` puts + before a gain.
 */
export function pointsText(points: number, options: { signed?: boolean } = {}): string {
  const format = Number.isInteger(points) ? wholePoints : partPoints;
  const text = format.format(Math.abs(points));
  if (points < 0) return `−${text}`;
  return options.signed && points > 0 ? `+${text}` : text;
}
