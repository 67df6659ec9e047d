/**
 * Whether two query results hold the same data: primitives, arrays, plain objects, Maps, Sets and Dates,
 * compared by value. A live query re-runs whenever a commit touches what it read, and during a first sync
 * that is every pulled slice, mostly with the same answer (the purchase order list's window of the newest
 * keys re-ran on every page of older orders): an equal answer must not wake the screen (./live.svelte.ts).
 *
 * Stops at the first difference, so a changed result costs little; an equal one costs a walk of it, far
 * less than redrawing what shows it. Anything else (class instances, functions) is equal only to itself.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !sameData(value, b.get(key))) return false;
    return true;
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false;
    for (const value of a) if (!b.has(value)) return false;
    return true;
  }
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * `next`, with every part that equals the same part of `prev` replaced by `prev`'s (structural sharing of
 * plain objects and arrays); `prev` itself when all of it is equal. A screen that derives one part of a
 * status (one resource's progress) then sees the same object while only other parts changed, and Svelte's
 * equality check stops there: a progress tick redraws the progress panel, not every list that mentions the
 * pull (issue #24).
 */
export function keepUnchanged<T>(prev: T, next: T): T {
  if (sameData(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next))
    return next.map((item, i) => (i < prev.length ? keepUnchanged(prev[i], item) : item)) as T;
  if (isPlainObject(prev) && isPlainObject(next)) {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(next))
      kept[key] = Object.hasOwn(prev, key) ? keepUnchanged(prev[key], value) : value;
    return kept as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isPlain(value);
}

/**
 * `next`'s rows, each one that equals `prev`'s row of the same key replaced by `prev`'s object. A list's
 * live query reads its rows anew on every run: with their objects kept, a row whose data did not change
 * sees the same object and Svelte redraws none of it (issue #24: mid-sync, every row in view was redrawn on
 * each answer, its dates and amounts formatted again). `next` itself is returned, changed in place.
 */
export function keepRows<K, V>(prev: ReadonlyMap<K, V> | undefined, next: Map<K, V>): Map<K, V> {
  if (!prev) return next;
  for (const [key, row] of next) {
    const was = prev.get(key);
    if (was !== undefined && was !== row && sameData(was, row)) next.set(key, was);
  }
  return next;
}
