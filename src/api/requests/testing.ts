/**
 * Test helpers for request schemas: edit a valid sample at a path, and read back the field-error keys.
 * No runtime dependency beyond zod (vitest is imported for its types only), so other folders' tests can
 * reuse them.
 */
import type { TestAPI } from 'vitest';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from '../fieldErrors';

/** Passed as the value to `edited`, removes the property instead of setting it. */
export const REMOVE = Symbol('remove');

type Node = Record<PropertyKey, unknown>;

/** A deep copy of `body` with the value at `path` replaced (or removed with REMOVE). */
export function edited(body: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Node;
  let node = copy;
  path.slice(0, -1).forEach((segment) => {
    node = node[segment] as Node;
  });
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

/** The field errors of a body, `{}` when it is valid. */
export function errorsOf(schema: z.ZodType, body: unknown): FieldErrors {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
}

/** One invalid edit of a valid sample: the field-error key it must produce, the path and the new value. */
export type Edit = [key: string, path: (string | number)[], value: unknown];

/** Declares one test per edit: the edited sample must fail with an issue keyed exactly `key`. */
export function rejectsEach(test: TestAPI, schema: z.ZodType, sample: () => unknown, edits: Edit[]) {
  test.each(edits)('rejects %s', (key, path, value) => {
    if (Object.keys(errorsOf(schema, sample())).length > 0) throw new Error('the sample itself is invalid');
    const keys = Object.keys(errorsOf(schema, edited(sample(), path, value)));
    if (!keys.includes(key)) throw new Error(`expected an error at ${key}, got [${keys.join(', ')}]`);
  });
}
