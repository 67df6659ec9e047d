/**
 * The parts of a list's declaration every area writes alike (issue #27), so an area's listParams.ts holds
 * only its own filters, sort values and words:
 *   - `listSpec`: the URL ↔ state of ./listShell.ts from the filters' URL names and schemas. Anything in the
 *     URL that is not valid is dropped (a hand-edited link never breaks the list); `q`, `sort` and `dir`
 *     are the search and sort everywhere.
 *   - `searchMatch`: every word of the search, in any order, within a row's lower-case search text.
 *   - `sortBy`: the rows in the order asked for, missing values last in both directions.
 * DOM-free and pure, tested in Node.
 */
import { z } from 'zod';
import type { ListParams, ListSpec, SortState } from './listShell';

/** A value from the URL that is dropped (undefined) rather than refused when it is not valid. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A record's id in the URL: `?supplier=41`. */
export const positiveId = z.coerce.number().int().positive();

/** A day in the URL, as a date field writes it: `?from=2026-03-01`. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

type FilterValue = string | number;

/** Each filter's name in the URL and what it accepts there. */
export type FilterParams<Filters> = {
  [Name in keyof Filters]-?: { param: string; schema: z.ZodType<NonNullable<Filters[Name]>> };
};

export function listSpec<Filters extends { [Name in keyof Filters]: FilterValue | null }, Key extends string>(
  filters: FilterParams<Filters>,
  sortKeys: readonly Key[],
): ListSpec<Filters, Key> {
  const entries = Object.entries(filters) as [keyof Filters & string, FilterParams<Filters>[keyof Filters]][];
  // A list with no sortable column (one read a window at a time in its own order) takes no sort from a link.
  const sortable = sortKeys.length === 0 ? z.never() : z.enum(sortKeys as unknown as [string, ...string[]]);
  const schema = z.object({
    ...Object.fromEntries(entries.map(([, { param, schema }]) => [param, lenient(schema)])),
    q: lenient(z.string()),
    sort: lenient(sortable),
    dir: lenient(z.enum(['asc', 'desc'])),
  });
  const noFilters = Object.fromEntries(entries.map(([name]) => [name, null])) as Filters;
  return {
    noFilters,
    parse(query): ListParams<Filters, Key> {
      const parsed = schema.parse(query) as Record<string, FilterValue | undefined>;
      const { q, sort, dir } = parsed;
      return {
        filters: Object.fromEntries(
          entries.map(([name, { param }]) => [name, parsed[param] ?? null]),
        ) as Filters,
        search: typeof q === 'string' ? q : '',
        sort: sort ? { key: sort as Key, direction: dir === 'desc' ? 'desc' : 'asc' } : null,
      };
    },
    format({ filters: values, search, sort }) {
      return {
        ...Object.fromEntries(entries.map(([name, { param }]) => [param, values[name]])),
        q: search,
        sort: sort?.key,
        dir: sort?.direction,
      };
    },
  };
}

/** Whether a row's search text (lower case) holds every word of the search; an empty search matches all. */
export function searchMatch(search: string): (searchText: string) => boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return (searchText) => words.every((word) => searchText.includes(word));
}

/** Text that `<` orders naturally, ignoring case ("S9" before "S10"); missing text is null. */
export const naturalKey = (text: string | null | undefined): string | null =>
  text ? text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0')) : null;

export interface SortRules<Row, Key extends string> {
  /** Each sort key's value for a row; null: missing (last, both ways). */
  values: Record<Key, (row: Row) => string | number | null>;
  /** The list's own order, when the clerk has chosen none. */
  otherwise: SortState<Key>;
  /** Between rows of the same value: the list's own tie-break ("newest first"). */
  tie: (a: Row, b: Row) => number;
}

/** The rows in the order asked for (or the list's own); a new array, `rows` left as it is. */
export function sortBy<Row, Key extends string>(
  rows: readonly Row[],
  sort: SortState<Key> | null,
  rules: SortRules<Row, Key>,
): Row[] {
  const { key, direction } = sort ?? rules.otherwise;
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: rules.values[key](row) }));
  keyed.sort((a, b) => {
    if (a.value === b.value) return rules.tie(a.row, b.row);
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return sign * (a.value < b.value ? -1 : 1);
  });
  return keyed.map((entry) => entry.row);
}

/** A range of days in words ("due 2026-03-01 to 2026-03-31", "due on or after …"); '' when neither is set. */
export function dayRangeText(word: string, from: string | null, to: string | null): string {
  if (from && to) return `${word} ${from} to ${to}`;
  if (from) return `${word} on or after ${from}`;
  return to ? `${word} on or before ${to}` : '';
}

/**
 * Why a list is empty, in words: the phrases of the filters that are set, then the search ("with status On
 * order, matching “bo”"). A phrase that is false, null or '' is a filter not set.
 */
export function narrowedBy(search: string, ...phrases: (string | false | null | undefined)[]): string {
  const words = search.trim();
  return [...phrases, words && `matching “${words}”`].filter(Boolean).join(', ');
}
