/**
 * Which body fields the op editor offers as inputs: the ones the server's problem (or a conflict) names.
 * Problem paths come dotted (`items.0.quantity`) or bracketed (`items[0].quantity`), with or without a
 * leading `body.`; they are compared in one canonical spelling (lib/paths.ts).
 */
import type { OpRecord } from '../../db/ops';
import { getPath, parsePath, pathUnder } from '../../lib/paths';

export interface EditorField {
  /** Canonical path inside the body, e.g. `purchase_order_items[0].quantity_ordered`. */
  path: string;
  /** The path as the server or conflict named it: the input's label. */
  label: string;
  /** number → NumberField, text → TextField, json → only in the JSON editor (objects, arrays, booleans). */
  kind: 'number' | 'text' | 'json';
}

/** A field path inside the body, canonical; null for paths that are not body fields (`$`, `params.id`). */
export function bodyPath(path: string): string | null {
  const first = parsePath(path)[0];
  if (first === undefined || first === '$' || first === 'params') return null;
  return pathUnder(path, 'body', true);
}

function kindOf(value: unknown): EditorField['kind'] {
  if (typeof value === 'number') return 'number';
  if (value === null || value === undefined || typeof value === 'string') return 'text';
  return 'json';
}

export function editorFields(op: Pick<OpRecord, 'body' | 'problem' | 'conflicts'>): EditorField[] {
  const named = [
    ...Object.keys(op.problem?.errors ?? {}),
    ...(op.conflicts ?? []).map((conflict) => conflict.field),
  ];
  const fields = new Map<string, EditorField>();
  for (const label of named) {
    const path = bodyPath(label);
    if (path === null || fields.has(path)) continue;
    fields.set(path, { path, label, kind: kindOf(getPath(op.body, path)) });
  }
  return [...fields.values()];
}

/**
 * A field-error map (server problem, zod issues of `{params, body}`, bridge `bad_request`) re-keyed by
 * canonical body path, so each editor input finds its own messages whatever spelling they came in.
 */
export function errorsByBodyPath(errors: Readonly<Record<string, readonly string[]>>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const path = bodyPath(key);
    if (path === null) continue;
    byPath.set(path, [...(byPath.get(path) ?? []), ...messages]);
  }
  return byPath;
}
