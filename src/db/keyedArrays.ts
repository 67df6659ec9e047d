/**
 * Array bodies whose items are keyed by one of their fields (a product's supplier links, by
 * `supplier_code`), seen as objects keyed by that field, so the 3-way merge and the conflict paths work on
 * them item by item (`{ACME: {supplier_code: 'ACME', lead_time: 3}}`, conflict field `ACME.lead_time`)
 * instead of comparing the whole array. A key is escaped so a `.` in it never splits a dotted path.
 * Pure: used by the engine's merge and by the store when a conflict is resolved.
 */

const escapeKey = (key: string) => key.replace(/%/g, '%25').replace(/\./g, '%2E');
const unescapeKey = (key: string) => key.replace(/%2E/g, '.').replace(/%25/g, '%');

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `[{code: 'A', …}]` → `{A: {code: 'A', …}}`. An object is taken as already keyed (a base version the store
 * rewrote after a resolved conflict); anything else is empty.
 */
export function keyedByField(value: unknown, field: string): Record<string, Record<string, unknown>> {
  if (isPlain(value)) return value as Record<string, Record<string, unknown>>;
  if (!Array.isArray(value)) return {};
  const keyed: Record<string, Record<string, unknown>> = {};
  for (const item of value) {
    if (!isPlain(item) || typeof item[field] !== 'string') continue;
    keyed[escapeKey(item[field])] = item;
  }
  return keyed;
}

/**
 * Back to an array, each item carrying its key field again (a merged item holds only the fields to send).
 * Keys whose value is undefined (a conflict resolved with "the server has no such item") are left out.
 */
export function arrayFromKeyed(value: unknown, field: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (!isPlain(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isPlain(item) ? [{ ...item, [field]: unescapeKey(key) }] : [],
  );
}

/** The item key a conflict field of a keyed array starts with (`ACME.lead_time` → `ACME`), unescaped. */
export function keyOfField(path: string): { key: string; rest: string } {
  const dot = path.indexOf('.');
  return dot < 0
    ? { key: unescapeKey(path), rest: '' }
    : { key: unescapeKey(path.slice(0, dot)), rest: path.slice(dot + 1) };
}
