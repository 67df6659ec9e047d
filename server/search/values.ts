/**
 * How the search engine reads the values accessors return. An accessor returns a plain value (string,
 * number, boolean, ISO date-time string, Date, null/undefined), an {id, name} reference (`byName`)
 * searched by its name, or an array of those for a field with several values per record ("any matches").
 * Everything the engine compares goes through a key: a number or a case-folded string, null for no value.
 */
import type { FieldType } from '../../src/api/query';

/**
 * An {id, name} reference searched by its name (a purchase order's status, outlet, supplier; a customer's
 * price group). Filtering and ordering use the name; eq/neq/in/notin also accept the id, because the grammar
 * types these fields as strings and a client may well send `status:eq:2`. Accessors return the state's own
 * reference object (no copy: a 10,000-row search would otherwise allocate one per row and clause).
 */
export interface NamedRef {
  readonly id: number;
  readonly name: string | null;
}

/** Marks an accessor's result as a reference searched by name: `byName(po.status)`. Missing → null. */
export const byName = (ref: NamedRef | null | undefined): NamedRef | null => ref ?? null;

/** Whether an accessor's value is a reference: any non-array object with a numeric id and a name. */
export function isRef(value: unknown): value is NamedRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<NamedRef>).id === 'number' &&
    'name' in value &&
    !Array.isArray(value)
  );
}

export type SortKey = number | string | null;

/**
 * Case folding for every string comparison (eq, in, contains…, and ordering): the back office's database is
 * assumed to use a case-insensitive collation, so `status:eq:onorder` finds OnOrder. Ordinal, not
 * locale-aware, so results do not depend on the machine's locale.
 */
export const fold = (text: string): string => text.toLowerCase();

// Date, optional time (seconds and fraction optional) and optional offset: Z, ±HH:MM, ±HHMM or ±HH.
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): no Date object. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The number written by `count` digits at `at`, or -1 if any of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i) - 48; // NaN past the end
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Minutes east of UTC of an offset suffix (`Z`, `±HH:MM`, `±HHMM`, `±HH`), or null when malformed. */
function offsetMinutes(suffix: string): number | null {
  if (suffix === '' || suffix === 'Z' || suffix === 'z') return 0;
  const sign = suffix[0] === '+' ? 1 : suffix[0] === '-' ? -1 : 0;
  if (sign === 0) return null;
  const hours = digitsAt(suffix, 1, 2);
  let minutes = 0;
  if (suffix.length === 6 && suffix[3] === ':') minutes = digitsAt(suffix, 4, 2);
  else if (suffix.length === 5) minutes = digitsAt(suffix, 3, 2);
  else if (suffix.length !== 3) return null;
  return hours < 0 || minutes < 0 ? null : sign * (hours * 60 + minutes);
}

/**
 * The common shapes (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS[.fff][offset]`) read digit by digit: a search
 * orders thousands of dates per request and this is several times faster than a regex or Date.parse.
 * undefined sends anything else to the general regex path.
 */
function fastInstant(text: string): number | null | undefined {
  if (text.length < 10 || text[4] !== '-' || text[7] !== '-') return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 0 || day < 0) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = daysFromCivil(year, month, day) * DAY_MS;
  if (text.length === 10) return date;
  if (text.length < 19 || (text[10] !== 'T' && text[10] !== 't' && text[10] !== ' ')) return undefined;
  if (text[13] !== ':' || text[16] !== ':') return undefined;
  const hours = digitsAt(text, 11, 2);
  const minutes = digitsAt(text, 14, 2);
  const seconds = digitsAt(text, 17, 2);
  if (hours < 0 || minutes < 0 || seconds < 0) return undefined;
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    let scale = 100;
    for (at++; at < text.length; at++) {
      const c = text.charCodeAt(at) - 48;
      if (c < 0 || c > 9) break;
      ms += c * scale;
      scale /= 10;
    }
    ms = Math.floor(ms);
  }
  const offset = offsetMinutes(text.slice(at));
  if (offset === null) return undefined;
  return date + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + ms;
}

/**
 * The instant (epoch ms) of an ISO date or date-time. A date-time without an offset, and a calendar date,
 * are read as UTC: the API allows both forms and names no server time zone, and UTC keeps results
 * independent of the machine's zone.
 */
export function instantOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') {
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value.getTime() : null;
  }
  const fast = fastInstant(value);
  if (fast !== undefined) return fast;
  const m = ISO.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, offset] = m;
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  let instant = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    ms,
  );
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
    instant -= sign * minutes * 60_000;
  }
  return Number.isNaN(instant) ? null : instant;
}

/** The value itself, with a reference replaced by its name and undefined by null: what `select` returns. */
export function scalarOf(value: unknown): string | number | boolean | null {
  // Primitives first: they are nearly every value, and the object checks cost more.
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return null;
      if (isRef(value)) return value.name;
      return value instanceof Date ? value.toISOString() : null;
    default:
      return null;
  }
}

/** The text a text operator (contains, startswith…) looks at: numbers and booleans as written in JSON. */
export function textOf(value: unknown): string | null {
  const scalar = scalarOf(value);
  return scalar === null ? null : String(scalar);
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function stringKey(value: unknown): SortKey {
  const text = textOf(value);
  return text === null ? null : fold(text);
}

/** Comparable keys per field type: numbers numerically, booleans false < true, dates as instants. */
export const KEY_OF: Readonly<Record<FieldType, (value: unknown) => SortKey>> = {
  string: stringKey,
  integer: numberOf,
  number: numberOf,
  boolean: (value) => (typeof value === 'boolean' ? Number(value) : null),
  date: instantOf,
};

const LOOKS_LIKE_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}|$)/;

/**
 * Order keys: as KEY_OF, but strings stay unfolded, because order.ts folds each distinct string once rather
 * than every row's (the same few supplier names recur across thousands of orders).
 */
export const ORDER_KEY_OF: Readonly<Record<FieldType, (value: unknown) => SortKey>> = {
  ...KEY_OF,
  string: textOf,
};

/**
 * The order key of a value whose field has no declared type (order-only fields such as a credit note
 * item's created_on): decided from the value, an ISO date string being read as its instant.
 */
export function dynamicKey(value: unknown): SortKey {
  if (typeof value === 'number') return numberOf(value);
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'string' && LOOKS_LIKE_DATE.test(value)) return instantOf(value) ?? value;
  if (typeof value === 'object' && value instanceof Date) return instantOf(value);
  return textOf(value);
}

/**
 * Total order on non-null keys. Keys of one typed field are all numbers or all strings; an untyped field
 * could mix them, and then numbers come first.
 */
export function compareKeys(a: number | string, b: number | string): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
