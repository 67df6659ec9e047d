/**
 * Dotted field paths (`billing_address.suburb`) into plain JSON objects: how field conflicts name a field
 * and how the user's choice is written back into an op's body and base version.
 */

/** A copy of `value` with `path` set; missing or non-object levels become objects. */
export function setPath<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split('.');
  const base: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
  base[head!] = rest.length === 0 ? next : setPath(base[head!], rest.join('.'), next);
  return base as T;
}
