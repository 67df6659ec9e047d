/**
 * Test helpers for the response schemas: edit a valid sample at a path and read back which fields failed.
 * Pure zod, so any folder's tests (and the simulator's) can use them.
 */
import type { z } from 'zod';
import { fieldErrors } from '../fieldErrors';

/** Passed as the value to `edited`, removes the property instead of setting it. */
export const REMOVE = Symbol('remove');

type Node = Record<PropertyKey, unknown>;

/** A deep copy of `value` with the property at `path` replaced (or removed with REMOVE). */
export function edited(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Node;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Node;
  const last = path[path.length - 1]!;
  if (replacement === REMOVE) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** The field-error keys (`fieldErrors` format) a value produces; `[]` when it is valid. */
export function issueKeys(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : Object.keys(fieldErrors(result.error));
}
