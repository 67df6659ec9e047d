/**
 * Which body fields the sync centre's edit form offers, labelled in words: every field of the change a clerk
 * would recognise (it has a row in src/lib/fieldLabels.ts: an order line's quantity and price, an email, a
 * date), plus any field the server's problem or a conflict names, whatever it is. References (`supplier.id`)
 * are left out unless named: an id is not something to type. Problem paths come dotted
 * (`items.0.quantity`) or bracketed (`items[0].quantity`), with or without a leading `body.`; they are
 * compared in one canonical spelling (lib/paths.ts).
 */
import type { OpRecord } from '../../db/ops';
import { fieldKind } from '../../lib/fieldLabels';
import { formatPath, getPath, parsePath, pathUnder, type PathSegment } from '../../lib/paths';
import { fieldPlace, NO_NAMES, type LineNames } from '../../lib/rejectionWords';

export interface EditorField {
  /** Canonical path inside the body, e.g. `purchase_order_items[0].quantity_ordered`. */
  path: string;
  /** The input's label, in words: "Line 1 — Ember dome tent: quantity ordered". */
  label: string;
  kind: 'number' | 'text' | 'yesNo' | 'date';
  /** The server's problem (or a conflict) names this field: it is listed first and gets the focus. */
  named: boolean;
}

/** More inputs than this and the form stops being one a clerk reads; the rest are sent as they are. */
export const MAX_EDITOR_FIELDS = 30;

/** A field path inside the body, canonical; null for paths that are not body fields (`$`, `params.id`). */
export function bodyPath(path: string): string | null {
  const first = parsePath(path)[0];
  if (first === undefined || first === '$' || first === 'params') return null;
  return pathUnder(path, 'body', true);
}

type EditorOp = Pick<OpRecord, 'kind' | 'body' | 'problem' | 'conflicts'>;

/** Every scalar of the body (numbers, text, flags, nulls) with its path, in the body's own order. */
function leaves(value: unknown, at: PathSegment[] = [], out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(value)) value.forEach((element, index) => leaves(element, [...at, index], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, [...at, key], out);
  else if (at.length > 0) out.push([formatPath(at), value]);
  return out;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function kindOf(op: EditorOp, path: string, value: unknown): EditorField['kind'] | null {
  const known = fieldKind(op.kind, path);
  if (typeof value === 'boolean' || (known === 'yesNo' && value == null)) return 'yesNo';
  if (typeof value === 'number' || (known === 'money' && value == null)) return 'number';
  if (known === 'date' && (value == null || (typeof value === 'string' && DAY.test(value)))) return 'date';
  if (value == null || typeof value === 'string') return 'text';
  return null;
}

/** The form's fields, and how many more the body has that the form leaves out (over MAX_EDITOR_FIELDS). */
export function editorFields(
  op: EditorOp,
  names: LineNames = NO_NAMES,
): { fields: EditorField[]; left: number } {
  const named = new Set(
    [...Object.keys(op.problem?.errors ?? {}), ...(op.conflicts ?? []).map((conflict) => conflict.field)]
      .map(bodyPath)
      .filter((path): path is string => path !== null),
  );
  const candidates = new Map<string, unknown>();
  for (const [path, value] of leaves(op.body)) {
    const reference = path.endsWith('.id') || path === 'id';
    if (named.has(path) || (!reference && fieldKind(op.kind, path) !== undefined))
      candidates.set(path, value);
  }
  // A field the server names that the body lacks (a required one left out) is offered empty.
  for (const path of named) if (!candidates.has(path)) candidates.set(path, getPath(op.body, path));

  const all: EditorField[] = [];
  for (const [path, value] of candidates) {
    const kind = kindOf(op, path, value);
    if (kind) all.push({ path, label: fieldPlace(op, path, names).full, kind, named: named.has(path) });
  }
  // The named fields always make the cut; the others keep the body's order after them.
  const shown = [...all.filter((field) => field.named), ...all.filter((field) => !field.named)].slice(
    0,
    Math.max(MAX_EDITOR_FIELDS, named.size),
  );
  const order = new Map(all.map((field, index) => [field.path, index]));
  shown.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
  return { fields: shown, left: all.length - shown.length };
}

/**
 * A field-error map (server problem, zod issues of `{params, body}`, bridge `bad_request`) re-keyed by
 * canonical body path, so each editor input finds its own messages whatever spelling they came in.
 */
export function errorsByBodyPath(errors: Readonly<Record<string, readonly string[]>>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const path = bodyPath(key) ?? '$';
    byPath.set(path, [...(byPath.get(path) ?? []), ...messages]);
  }
  return byPath;
}
