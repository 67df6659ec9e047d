/**
 * Routes as data: `#/purchase-orders/12?status=OnOrder` ⇄ `{section, parts, query}`. Pure, so it is tested
 * in Node; the reactive router (./router.svelte.ts) and the sections table (../sections.ts) build on it.
 *
 * The route lives in the fragment because the renderer is served from `dockhand://app/` in Electron and from
 * `http://127.0.0.1:PORT/` in the browser host; `#token=…` (the browser host's bridge token) is not a route.
 * A list's filters and sort live in the query, so a reload or Back shows the same list.
 */

export interface Route {
  /** The first path segment: a section id from the sections table (`purchase-orders`). */
  section: string;
  /** The segments after it (`['12']`, `['new']`, `[]`), decoded. */
  parts: readonly string[];
  query: Readonly<Record<string, string>>;
}

export type Query = Readonly<Record<string, string | number | null | undefined>>;

/** The hash (with or without `#`) → a route; the section is '' when the hash names none. */
export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#/, '');
  if (text.startsWith('token=')) return { section: '', parts: [], query: {} };
  const [path = '', search = ''] = splitOnce(text, '?');
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => safeDecode(segment));
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return { section: segments[0] ?? '', parts: segments.slice(1), query };
}

/**
 * `#/section/part…?key=value`. Empty, null and undefined query values are left out, and keys are sorted,
 * so one state has one spelling (a reload or a shared link compares equal).
 */
export function formatRoute(
  section: string,
  parts: readonly (string | number)[] = [],
  query: Query = {},
): string {
  const path = [section, ...parts].map((part) => encodeURIComponent(String(part))).join('/');
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `#/${path}${search ? `?${search}` : ''}`;
}

/** A link to a record or screen: `href('purchase-orders', 12)` → `#/purchase-orders/12`. */
export function href(section: string, ...parts: (string | number)[]): string {
  return formatRoute(section, parts);
}

/** A record id from a path segment: server ids are positive, records made offline have negative temp ids. */
export function idPart(part: string | undefined): number | null {
  if (part === undefined || !/^-?\d+$/.test(part)) return null;
  const id = Number(part);
  return Number.isSafeInteger(id) && id !== 0 ? id : null;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
