/**
 * Test helpers for request schemas: edit a valid sample at a path, and read back the field-error keys.
 * Pure TypeScript (no vitest import) so other folders' tests can reuse them.
 */
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
