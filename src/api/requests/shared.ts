/**
 * Pieces shared by several request bodies, each built once: nullable text, quantities, address shapes and the
 * array checks (uniqueness, single default) whose issues point at the offending item's field.
 */
import { z } from 'zod';
import { idRef, int32 } from '../primitives';

/**
 * A text field the resource marks "string, nullable". In a request, null clears the stored value and an
 * omitted field leaves it as it is.
 */
export const nullableText = () => z.string().nullish();

/** A count of units: a whole int32 that is never negative. */
export const quantity = () => int32().min(0);

/** A money amount or rate that cannot be negative (buy prices, costs, claims). */
export const nonNegativeAmount = () => z.number().min(0);

/** An optional `{id}` reference. */
export const optionalRef = () => idRef().optional();

/** An optional array of `{id}` references, each id at most once (e.g. price groups, sales channels). */
export const refList = () => z.array(idRef()).superRefine((refs, ctx) => rejectDuplicates(refs, 'id', ctx));

/** A shape giving every key in `keys` its own fresh schema from `make` (for long runs of alike fields). */
export function shapeOf<const K extends string, S extends z.ZodType>(
  keys: readonly K[],
  make: () => S,
): { [P in K]: S } {
  return Object.fromEntries(keys.map((key) => [key, make()])) as { [P in K]: S };
}

/** The lines every address in the API has; the country differs per resource and is passed in. */
const ADDRESS_LINE_KEYS = ['address_line1', 'suburb', 'state', 'postcode'] as const;

/**
 * A strict address `{address_line1, suburb, state, postcode, country}` with every field optional: an address
 * is edited line by line, and the API bounds none of its lines.
 */
export const addressOf = <C extends z.ZodType>(country: C) =>
  z.strictObject({ ...shapeOf(ADDRESS_LINE_KEYS, nullableText), country: country.optional() });

type IssueSink = Pick<z.core.$RefinementCtx, 'addIssue'>;

/**
 * Reports every item after the first whose `field` repeats an earlier item's value, at `[index, field]`.
 * Missing values are not compared.
 */
export function rejectDuplicates<T extends object>(
  items: readonly T[],
  field: keyof T & string,
  ctx: IssueSink,
) {
  const seen = new Map<unknown, number>();
  items.forEach((item, index) => {
    const value = item[field];
    if (value === undefined || value === null) return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else
      ctx.addIssue({
        code: 'custom',
        message: `${field} ${JSON.stringify(value)} is already used by item ${first}; each ${field} may appear once`,
        path: [index, field],
      });
  });
}

/** Reports every item after the first whose boolean `field` is true, at `[index, field]`. */
export function rejectSecondTrue<T extends object>(
  items: readonly T[],
  field: keyof T & string,
  ctx: IssueSink,
) {
  let first: number | undefined;
  items.forEach((item, index) => {
    if (item[field] !== true) return;
    if (first === undefined) first = index;
    else
      ctx.addIssue({
        code: 'custom',
        message: `Only one item may have ${field} true; item ${first} already has it`,
        path: [index, field],
      });
  });
}
