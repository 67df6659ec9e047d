/**
 * Turns zod issues into a field-level error map (`{"supplier.name": ["Too big: …"]}`), the shape used
 * by the problem body's `errors` extension, by forms and by bridge replies.
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** The dotted path of an issue; issues on the value as a whole are keyed `$`. */
export function issuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '$';
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  // No prototype: a client-sent key such as `__proto__` must be an ordinary entry, not Object.prototype.
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    // An unknown property is reported on its parent; name the property itself so the user sees it.
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) (out[issuePath(path)] ??= []).push(issue.message);
  }
  return out;
}
