/**
 * Input checks every purchasing handler shares: reading validated path parameters, finding a record or
 * answering 404, and gathering field errors so a body with several bad references is answered once, with all
 * of them, before anything is written.
 */
import { issuePath } from '../../../src/api/fieldErrors';
import { ApiError, notFound, type FieldErrorMap } from '../../errors';

/**
 * An int32 path parameter. The endpoint table types path parameters loosely (they are built from the path
 * text), but the HTTP layer has validated them, so anything else here is a simulator bug (a 500).
 */
export function intParam(params: Record<string, unknown>, name: 'id' | 'item_id'): number {
  const value = params[name];
  if (typeof value !== 'number') throw new Error(`Path parameter ${name} reached a handler unvalidated`);
  return value;
}

/** The record with this id, or a 404 naming what was looked for. */
export function found<V>(map: ReadonlyMap<number, V>, id: number, what: string): V {
  const value = map.get(id);
  if (value === undefined) throw notFound(what, id);
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
