/**
 * Field paths into an op's JSON body, as the sync centre's editor needs them. Paths arrive in two spellings
 * and must mean the same field: the server's problem body says `purchase_order_items.0.quantity_ordered`,
 * zod (src/api/fieldErrors.ts) says `purchase_order_items[0].quantity_ordered`. Both parse to the same
 * segments; `formatPath` gives the one canonical spelling used to compare them.
 *
 * Pure and immutable: `setPath` returns a copy and never changes its input (the op row from Dexie).
 */

export type PathSegment = string | number;

/** Keys that would reach Object.prototype if written: a path from a server body must never do that. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const INDEX = /^\d+$/;

/** `a.b[0].c`, `a.b.0.c`, `[2].x` → segments; digit-only segments become numbers (array indexes). */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    // `items[0][1]` → `items`, `0`, `1`; quotes around a bracketed key (`a["b c"]`) are dropped.
    const pieces = part.split(/\[|\]/).filter((piece) => piece !== '');
    for (const piece of pieces) {
      const key = piece.replace(/^["'](.*)["']$/, '$1');
      segments.push(INDEX.test(key) ? Number(key) : key);
    }
  }
  return segments;
}

/** Segments → the canonical spelling (`a.b[0].c`), the one zod's issue paths use. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

/** The canonical spelling of a path in either notation. */
export function canonicalPath(path: string): string {
  return formatPath(parsePath(path));
}

/**
 * A path relative to `root` (`body.items[0].qty` → `items[0].qty` for root `body`); null when the path is
 * not under it. A path that already omits the root is returned as is when `optional` (server problems name
 * body fields without the `body.` prefix).
 */
export function pathUnder(path: string, root: string, optional = false): string | null {
  const segments = parsePath(path);
  if (segments[0] === root) return segments.length > 1 ? formatPath(segments.slice(1)) : null;
  return optional ? formatPath(segments) : null;
}

const toSegments = (path: string | readonly PathSegment[]) =>
  typeof path === 'string' ? parsePath(path) : path;

/** The value at `path`, or undefined when any level is missing. */
export function getPath(value: unknown, path: string | readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of toSegments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = String(segment);
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * A copy of `value` with `next` at `path`. Containers along the path are copied; a missing level becomes an
 * array when the next segment is an index, else an object. Throws on prototype keys.
 */
export function setPath<T>(value: T, path: string | readonly PathSegment[], next: unknown): T {
  const segments = toSegments(path);
  for (const segment of segments) {
    if (typeof segment === 'string' && FORBIDDEN.has(segment)) {
      throw new Error(`Refusing to write the field "${segment}"`);
    }
  }
  return setSegments(value, segments, next) as T;
}

function setSegments(value: unknown, segments: readonly PathSegment[], next: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return next;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    copy[head] = setSegments(copy[head], rest, next);
    return copy;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    copy[String(head)] = setSegments(copy[String(head)], rest, next);
    return copy;
  }
  // Missing (or a primitive in the way): build the container the segment asks for.
  if (typeof head === 'number') {
    const created: unknown[] = [];
    created[head] = setSegments(undefined, rest, next);
    return created;
  }
  return { [head]: setSegments(undefined, rest, next) };
}
