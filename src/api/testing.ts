/**
 * Test helpers for the contract's schemas, responses and request bodies alike: edit a valid sample at a path
 * and read back which fields failed. No runtime dependency beyond zod (vitest is imported for its types
 * only), so any folder's tests (and the simulator's) can use them.
 */
import type { TestAPI } from 'vitest';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from './fieldErrors';

/** Passed as the value to `edited`, removes the property instead of setting it. */
export const REMOVE = Symbol('remove');

/** One past the largest int32: the API's integer ids and counts must refuse it. */
export const INT32_OVERFLOW = 2 ** 31;

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

/** The field errors (`fieldErrors` format) of a value, `{}` when it is valid. */
export function errorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

/** The field-error keys a value produces; `[]` when it is valid. */
export function issueKeys(schema: z.ZodType, value: unknown): string[] {
  return Object.keys(errorsOf(schema, value));
}

/** One invalid edit of a valid sample: the field-error key it must produce, the path and the new value. */
export type Edit = [key: string, path: (string | number)[], value: unknown];

/** Declares one test per edit: the edited sample must fail with an issue keyed exactly `key`. */
export function rejectsEach(test: TestAPI, schema: z.ZodType, sample: () => unknown, edits: Edit[]) {
  test.each(edits)('rejects %s = %j', (key, path, value) => {
    if (issueKeys(schema, sample()).length > 0) throw new Error('the sample itself is invalid');
    const keys = issueKeys(schema, edited(sample(), path, value));
    if (!keys.includes(key)) throw new Error(`expected an error at ${key}, got [${keys.join(', ')}]`);
  });
}

/** Declares a test that the sample with every one of `fields` null still parses: the API may send them empty. */
export function acceptsNull<T extends object>(
  test: TestAPI,
  schema: z.ZodType,
  sample: () => T,
  fields: readonly (keyof T & string)[],
) {
  test(`${fields.join(', ')} accept null`, () => {
    const value = { ...sample(), ...Object.fromEntries(fields.map((field) => [field, null])) };
    const keys = issueKeys(schema, value);
    if (keys.length > 0) throw new Error(`expected null to be accepted, got errors at [${keys.join(', ')}]`);
  });
}
