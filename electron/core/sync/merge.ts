/**
 * The 3-way merge before an update is sent (docs/architecture.md, "Sync state machine"): for every field the
 * op's body sets, compare the base the user edited, the user's value and the server's current value.
 *   server = base          → only changed locally: send the local value
 *   local = server         → both made the same change: nothing to send
 *   local = base           → only changed on the server: keep the server's (not sent)
 *   all three differ       → conflict, resolved by the user per field
 * Nested objects are merged key by key (the API's PUT merges them that way); arrays and scalars are compared
 * whole, except an array body whose items are keyed (keyedArrayMerge below: a product's supplier links). A field the base does not carry (a request name the response spells differently) counts as a
 * local change: the user saw no value to conflict with.
 */
import { arrayFromKeyed, keyedByField } from '../../../src/db/keyedArrays';
import type { FieldConflict } from '../../../src/db/ops';

export interface MergeResult {
  body: Record<string, unknown>;
  conflicts: FieldConflict[];
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

export function threeWayMerge(base: unknown, local: unknown, server: unknown, prefix = ''): MergeResult {
  const body: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  if (!isPlain(local)) return { body, conflicts };
  const baseObj = isPlain(base) ? base : {};
  const serverObj = isPlain(server) ? server : {};
  for (const [key, value] of Object.entries(local)) {
    const field = `${prefix}${key}`;
    const b = baseObj[key];
    const s = serverObj[key];
    if (isPlain(value) && isPlain(b) && isPlain(s)) {
      const inner = threeWayMerge(b, value, s, `${field}.`);
      conflicts.push(...inner.conflicts);
      if (Object.keys(inner.body).length) body[key] = inner.body;
      continue;
    }
    if (!(key in baseObj) || deepEqual(s, b)) body[key] = value;
    else if (deepEqual(value, s) || deepEqual(value, b)) continue;
    else conflicts.push({ field, base: b, local: value, server: s });
  }
  return { body, conflicts };
}

/**
 * The 3-way merge of an array body whose items are keyed by `field` (a product's supplier links by
 * `supplier_code`): item by item and field by field, so two people changing different links, or different
 * fields of one link, both keep their change instead of the last writer's whole array winning. A conflict
 * is named `<key>.<field>`; an item the user changed that the server no longer has is a conflict on the item
 * (`<key>`, server value undefined). Items with nothing left to send are dropped from the body.
 */
export function keyedArrayMerge(
  field: string,
  base: unknown,
  local: unknown,
  server: unknown,
): { body: Record<string, unknown>[]; conflicts: FieldConflict[] } {
  // The key field is what names an item, not a change: merged without it, so an item with nothing left to
  // send comes out empty and is dropped (arrayFromKeyed puts the key back on the others).
  const withoutKey = Object.fromEntries(
    Object.entries(keyedByField(local, field)).map(([key, item]) => {
      const { [field]: _key, ...rest } = item;
      return [key, rest];
    }),
  );
  const merged = threeWayMerge(keyedByField(base, field), withoutKey, keyedByField(server, field));
  return { body: arrayFromKeyed(merged.body, field), conflicts: merged.conflicts };
}
