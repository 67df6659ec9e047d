/**
 * Sorts matching rows for order_by (grammar rules: src/api/query/index.ts).
 *
 * Semantics (where the API is silent):
 * - Entries apply left to right; rows equal on every entry are ordered by id ascending (also under desc),
 *   so the order is total and paging is stable. Rows with equal ids keep their input order.
 * - null sorts first under asc and last under desc (desc is the exact reverse of asc on the entry).
 * - Strings compare case-insensitively and ordinally; references ({id, name}) by name; booleans
 *   false < true; dates as instants.
 * - A field with several values per record orders by its first value.
 *
 * Speed (a 10,000-row search must answer in a few ms): each entry's keys are computed once per row and
 * replaced by their rank among the column's distinct keys; the ranks of all entries and the row's position
 * in id order are packed into one number per row, and a typed array sorts those natively, with no
 * comparator. Only when the packed number would exceed 2^53 does a comparator sort run instead.
 */
import type { FieldTable, OrderEntry } from '../../src/api/query';
import type { AccessorTable } from './types';
import { dynamicKey, fold, ORDER_KEY_OF } from './values';

/**
 * One entry's keys in id order, split by kind so numbers stay unboxed: `numbers[p]` is the number key of
 * position p or NaN (never a real key: numberOf and instantOf return null for NaN); `texts[p]` its string
 * key, the array created only when a string turns up. Neither: the key is null.
 */
interface KeyColumn {
  numbers: Float64Array;
  texts: (string | undefined)[] | null;
}

function keyColumn<Row>(
  rows: readonly Row[],
  positions: readonly number[],
  entry: OrderEntry,
  filter: FieldTable,
  accessors: AccessorTable<Row>,
): KeyColumn {
  const accessor = accessors[entry.field];
  if (!accessor) throw new Error(`search: no accessor for order_by field "${entry.field}"`);
  // Typed where the filter table types the field; order-only fields are typed by their values.
  const spec = Object.hasOwn(filter, entry.field) ? filter[entry.field] : undefined;
  const keyOf = spec ? ORDER_KEY_OF[spec.type] : dynamicKey;
  const numbers = new Float64Array(positions.length).fill(NaN);
  let texts: (string | undefined)[] | null = null;
  for (let p = 0; p < positions.length; p++) {
    const value = accessor(rows[positions[p]!]!, entry.key);
    const key = keyOf(Array.isArray(value) ? value[0] : value);
    if (typeof key === 'number') numbers[p] = key;
    else if (key !== null) (texts ??= new Array<string | undefined>(positions.length))[p] = key;
  }
  return { numbers, texts };
}

interface Ranked {
  ranks: Float64Array;
  /** Ranks run from 0 to radix - 1. */
  radix: number;
}

/** The distinct values of `values`, ascending. */
function distinctSorted(values: Float64Array): Float64Array {
  values.sort();
  let size = 0;
  for (let i = 0; i < values.length; i++) {
    if (size === 0 || values[i] !== values[size - 1]) values[size++] = values[i]!;
  }
  return values.subarray(0, size);
}

/** The index of `value` in the ascending `sorted`, which contains it. */
function indexIn(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Replaces keys by ranks: under asc null is 0 and the distinct keys 1..k in order (numbers before
 * strings; strings case-folded, then by UTF-16 code units as `<` compares them); under desc the ranks are
 * reversed, null becoming k + 1, so it sorts last. Numbers are ranked by binary search in their sorted
 * distinct values (dates are mostly distinct, and a Map of 10,000 numbers costs more); strings through a
 * Map keyed by the unfolded text, whose hash V8 caches on the state's own string objects.
 */
function rank({ numbers, texts }: KeyColumn, descending: boolean): Ranked {
  const n = numbers.length;
  const present = numbers.filter((value) => !Number.isNaN(value));
  const sortedNumbers = distinctSorted(present);
  const distinctTexts = new Set<string>();
  if (texts) for (const text of texts) if (text !== undefined) distinctTexts.add(text);
  const foldedRank = new Map<string, number>();
  const folded = [...new Set([...distinctTexts].map(fold))].sort();
  for (const text of folded) foldedRank.set(text, sortedNumbers.length + foldedRank.size + 1);
  const textRank = new Map<string, number>();
  for (const text of distinctTexts) textRank.set(text, foldedRank.get(fold(text))!);
  const top = sortedNumbers.length + folded.length;
  const ranks = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    const value = numbers[p]!;
    let r = 0;
    if (!Number.isNaN(value)) r = indexIn(sortedNumbers, value) + 1;
    else if (texts && texts[p] !== undefined) r = textRank.get(texts[p]!)!;
    ranks[p] = descending ? top + 1 - r : r;
  }
  return { ranks, radix: top + 2 };
}

/** Positions 0..n-1 of the rows in id order (usually already: Maps keep insertion order). */
function idOrder(ids: readonly number[]): number[] {
  const positions = new Array<number>(ids.length);
  let sorted = true;
  for (let i = 0; i < ids.length; i++) {
    positions[i] = i;
    if (i > 0 && ids[i - 1]! > ids[i]!) sorted = false;
  }
  return sorted ? positions : positions.sort((a, b) => ids[a]! - ids[b]!);
}

/** The indexes of `rows` in result order. `ids[i]` is the id of `rows[i]`. */
export function orderIndexes<Row>(
  rows: readonly Row[],
  ids: readonly number[],
  entries: readonly OrderEntry[],
  filter: FieldTable,
  accessors: AccessorTable<Row>,
): number[] {
  const byId = idOrder(ids);
  if (entries.length === 0 || rows.length < 2) return byId;
  const columns = entries.map((entry) =>
    rank(keyColumn(rows, byId, entry, filter, accessors), entry.direction === 'desc'),
  );
  const n = byId.length;
  const span = columns.reduce((product, column) => product * column.radix, n);
  if (span <= Number.MAX_SAFE_INTEGER) {
    // packed = (r1 * radix2 + r2) * … * n + position: ordering by it orders by every entry, then by id.
    const packed = new Float64Array(n);
    for (let p = 0; p < n; p++) {
      let value = 0;
      for (const column of columns) value = value * column.radix + column.ranks[p]!;
      packed[p] = value * n + p;
    }
    packed.sort();
    const result = new Array<number>(n);
    for (let i = 0; i < n; i++) result[i] = byId[packed[i]! % n]!;
    return result;
  }
  const positions = Array.from({ length: n }, (_, p) => p);
  positions.sort((a, b) => {
    for (const { ranks } of columns) {
      const order = ranks[a]! - ranks[b]!;
      if (order !== 0) return order;
    }
    return a - b;
  });
  return positions.map((p) => byId[p]!);
}
