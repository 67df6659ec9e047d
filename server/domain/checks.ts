/**
 * Input checks every handler shares: reading validated path parameters, finding a record or answering 404,
 * and gathering field errors so a body with several bad references is answered once, with all of them,
 * before anything is written.
 */
import { issuePath } from '../../src/api/fieldErrors';
import { ApiError, notFound, type FieldErrorMap } from '../errors';
import type { NamedValue } from '../state';

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

/** An int32 path parameter (`id`, `item_id`, …). */
export const intParam = (params: Record<string, unknown>, name: string): number =>
  pathParam(params, name, 'number');

/** The `{id}` path parameter every by-id route has. */
export const idParam = (params: Record<string, unknown>): number => intParam(params, 'id');

/** The record with this id, or a 404 naming what was looked for. */
export function found<K extends number | string, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw notFound(what, key);
  return value;
}

/** A field path written like the HTTP layer writes zod issue paths (`purchase_order_items[1].product.id`). */
export const fieldPath = (...segments: (string | number)[]): string => issuePath(segments);

/** Field errors gathered while a body is checked; `throwIfAny` answers 400 with every one of them. */
export class FieldCheck {
  private readonly errors: FieldErrorMap = {};

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /**
   * Looks an id up; when it is unknown, records `message` (default "No <what> with id <id>") against `field`
   * and returns undefined, so checking continues and every bad field is reported.
   */
  lookup<T>(field: string, id: number, find: Finder<T>): T | undefined {
    const value = find.find(id);
    if (value === undefined) this.fail(field, `No ${find.what} with id ${id}`);
    return value;
  }

  /** An optional `{id}` reference: resolved, undefined when absent, failed at `<field>.id` when unknown. */
  ref<T>(field: string, ref: { id: number } | null | undefined, find: Finder<T>): T | undefined {
    return ref ? this.lookup(`${field}.id`, ref.id, find) : undefined;
  }

  /**
   * Resolves a request's `{id}` into the `{id, name}` a response embeds. An unknown id is the caller's input
   * error, not a missing URL resource, so it is recorded as a 400 on `<field>.id`, never a 404.
   */
  resolve(values: Iterable<Named>, ref: { id: number } | undefined, field: string, what: string) {
    if (!ref) return undefined;
    const value = lookupNamed(values, ref.id);
    if (!value) this.fail(`${field}.id`, `No ${what} with id ${ref.id}`);
    return value;
  }

  throwIfAny(): void {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    const detail = fields.length === 1 ? this.errors[fields[0]!]![0]! : `${fields.length} fields are invalid`;
    throw new ApiError(400, 'Bad Request', detail, this.errors);
  }
}

/** How to find one kind of referenced value by id, and what to call it in an error. */
export interface Finder<T> {
  readonly what: string;
  find(id: number): T | undefined;
}

/**
 * A reference value whose name must be one of a closed list (the statuses responses validate by name). Any
 * other name means the reference data disagrees with the contract: a simulator bug, not a client error.
 */
export function withKnownName<const T extends readonly string[]>(
  names: T,
  value: { id: number; name: string },
  what: string,
): { id: number; name: T[number] } {
  const name = names.find((known) => known === value.name);
  if (name === undefined) throw new Error(`${what} ${value.id} has an unknown name: ${value.name}`);
  return { id: value.id, name };
}

/** Anything a request's `{id}` can name: reference values, outlets, ports, price groups. */
type Named = { id: number | null; name: string | null };

/** The `{id, name}` of the value with this id, or undefined. */
export function lookupNamed(values: Iterable<Named>, id: number): NamedValue | undefined {
  for (const value of values) if (value.id === id) return { id, name: value.name ?? '' };
  return undefined;
}
