/**
 * Small helpers every party handler uses: the write timestamp, the 404 lookup, and resolving a request's
 * `{id}` reference against a list of known values into the `{id, name}` a response embeds.
 */
import { issuePath } from '../../../src/api/fieldErrors';
import { ApiError, notFound, type FieldErrorMap } from '../../errors';
import type { NamedValue } from '../../state';
import type { HandlerContext } from '../context';

/** The ISO timestamp a mutation stamps on created_on / modified_on: the simulator's clock, never Date.now. */
export const stamp = (ctx: Pick<HandlerContext, 'now'>): string => ctx.now().toISOString();

/** The record with this key, or a 404 problem naming what was looked for. */
export function found<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw notFound(what, key as number | string);
  return value;
}

/**
 * A path parameter by name. The endpoint table types path parameters loosely (built from the path text), but
 * the HTTP layer has validated them, so anything else here is a simulator bug and is allowed to become a 500.
 */
export function pathParam<T extends 'number' | 'string'>(
  params: Record<string, unknown>,
  name: string,
  type: T,
): T extends 'number' ? number : string {
  const value = params[name];
  if (typeof value !== type) throw new Error(`Path parameter ${name} reached a handler unvalidated`);
  return value as T extends 'number' ? number : string;
}

/** The `{id}` path parameter every by-id route has. */
export const idParam = (params: Record<string, unknown>): number => pathParam(params, 'id', 'number');

/** A field path as the HTTP layer writes zod issue paths (`price_groups[1].id`), so both read alike. */
export const fieldPath = (...segments: (string | number)[]): string => issuePath(segments);

/** Anything a request's `{id}` can name: reference values, outlets, ports, price groups. */
type Named = { id: number | null; name: string | null };

/** The `{id, name}` of the value with this id, or undefined. */
export function lookupNamed(values: Iterable<Named>, id: number): NamedValue | undefined {
  for (const value of values) if (value.id === id) return { id, name: value.name ?? '' };
  return undefined;
}

/**
 * The entries of a partial body that were sent. A PUT body is partial: an omitted field (undefined) leaves the
 * stored value alone, while null is a value and clears it.
 */
export function sent<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Gathers field errors so a body with several bad items is answered once with all of them, and nothing is
 * written until the whole body has been checked.
 */
export class FieldErrors {
  private readonly errors: FieldErrorMap = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /**
   * Resolves a request's `{id}` into the `{id, name}` a response embeds. An unknown id is the caller's input
   * error, not a missing URL resource, so it is recorded as a 400 on `<field>.id`, never a 404.
   */
  resolve(values: Iterable<Named>, ref: { id: number } | undefined, field: string, what: string) {
    if (!ref) return undefined;
    const value = lookupNamed(values, ref.id);
    if (!value) this.add(`${field}.id`, `No ${what} with id ${ref.id}`);
    return value;
  }

  /** Throws a 400 problem listing every field gathered so far, if there is any. */
  throwIfAny(): void {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    const detail = fields.length === 1 ? this.errors[fields[0]!]![0]! : `${fields.length} fields are invalid`;
    throw new ApiError(400, 'Bad Request', detail, this.errors);
  }
}
