/**
 * What every form's rules in src/db do the same way, in one place: collecting errors by form field, holding
 * the text fields the user changed to their bounds (./formBounds.ts), building the body from only what
 * changed, and checking that body with the contract's own schema so each issue lands at its form field in
 * the form's words. Each form (customerForm.ts, supplierForm.ts, returnForm.ts, deliveryAddresses.ts)
 * declares its fields, its body keys and its messages; the steps are these. DOM-free.
 */
import type { z } from 'zod';
import { textAtMost, tooLongText } from './formBounds';

/** A form's errors by form field, in a clerk's words; `$` holds what belongs to no one field. */
export type FormErrors = Record<string, string[]>;

/** A form's verdict: the body to send, or the errors to show. */
export type FormResult<B> = { ok: true; body: B } | { ok: false; errors: FormErrors };

/** Form field → body key, for fields sent as they are typed. */
export type KeyTable = Readonly<Record<string, string>>;

/** The message for a value the contract refuses that no rule of the form words better. */
export const NOT_ACCEPTED = 'This value is not accepted.';

/** Adds `message` at `field`. */
export function addError(errors: FormErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Each text field's schema holding it to its longest length, with the field's message (for addBoundErrors). */
export function textBounds(maxima: Readonly<Record<string, number>>) {
  const shape: Record<string, z.ZodString> = {};
  for (const [field, max] of Object.entries(maxima)) shape[field] = textAtMost(max);
  return shape;
}

/**
 * Adds the bound issues (`bounds`: textBounds, or any field → schema map) of the fields the
 * user changed from `before`: a longer value the server already holds is not the clerk's to fix when
 * they change something else. A field that already has an error keeps only that one.
 */
export function addBoundErrors(
  bounds: Readonly<Record<string, z.ZodType>>,
  form: object,
  before: object,
  errors: FormErrors,
): void {
  const typed = form as Record<string, unknown>;
  const was = before as Record<string, unknown>;
  for (const [field, schema] of Object.entries(bounds)) {
    if (errors[field] || typed[field] === was[field]) continue;
    const issue = schema.safeParse(typed[field]).error?.issues[0];
    if (issue) addError(errors, field, issue.message);
  }
}

/**
 * Adds "once set, it stays set" at each of `fields` emptied here: the API's update takes a reference
 * (a country, a port), never none.
 */
export function addKeptErrors(
  fields: readonly string[],
  form: object,
  before: object,
  errors: FormErrors,
  message = 'Once set, this can be changed but not removed.',
): void {
  const typed = form as Record<string, unknown>;
  const was = before as Record<string, unknown>;
  for (const field of fields)
    if (typed[field] === null && was[field] !== null) addError(errors, field, message);
}

/**
 * The body keys of the text fields in `table` that changed from `before`: each as typed, an emptied one
 * as null (which clears it on the server). `trim`: compared and sent without surrounding spaces.
 */
export function changedText(
  table: KeyTable,
  before: object,
  form: object,
  { trim = false }: { trim?: boolean } = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const typed = form as Record<string, string>;
  const was = before as Record<string, string>;
  for (const [field, key] of Object.entries(table)) {
    const value = trim ? typed[field]!.trim() : typed[field]!;
    if (value !== (trim ? was[field]!.trim() : was[field])) body[key] = value === '' ? null : value;
  }
  return body;
}

/** The body keys of the other fields in `table` (flags, numbers) that changed from `before`, as they are. */
export function changedValues(table: KeyTable, before: object, form: object): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const typed = form as Record<string, unknown>;
  const was = before as Record<string, unknown>;
  for (const [field, key] of Object.entries(table)) if (typed[field] !== was[field]) body[key] = typed[field];
  return body;
}

/**
 * The references in `table` (form field → body key) chosen anew here, each as `{ id }`; one emptied here is
 * left out (addKeptErrors says why: an update takes a reference, never none).
 */
export function changedRefs(table: KeyTable, before: object, form: object): Record<string, { id: number }> {
  const body: Record<string, { id: number }> = {};
  const typed = form as Record<string, number | null>;
  const was = before as Record<string, number | null>;
  for (const [field, key] of Object.entries(table)) {
    const id = typed[field];
    if (id !== was[field] && id !== null && id !== undefined) body[key] = { id };
  }
  return body;
}

/** The form field that `table` sends as `key`, if any: where a contract issue about `key` is shown. */
export function fieldOfKey(table: KeyTable, key: string | undefined): string | undefined {
  return Object.entries(table).find(([, bodyKey]) => bodyKey === key)?.[0];
}

/** A table's form fields, typed. */
export const keysOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];

/** `fields` all empty, for a form that opens blank. */
export function blankText<K extends string>(fields: readonly K[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field, ''])) as Record<K, string>;
}

/** A contract issue: what the messages read of it. */
export interface ContractIssue {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
}

/** A text the contract holds to a length: "At most 100 characters (this has 101).", else `fallback`. */
export function tooLongOr(issue: ContractIssue, text: unknown, fallback = NOT_ACCEPTED): string {
  return issue.code === 'too_big' && typeof issue.maximum === 'number'
    ? tooLongText(issue.maximum, typeof text === 'string' ? text.length : 0)
    : fallback;
}

/**
 * `body` checked with the contract's `schema`: each issue is named at its form field (`fieldOf` its
 * path, `$` when it belongs to none) in the form's words (`message`), unless that field already has an
 * error of the form's own. The parsed body when neither found anything.
 */
export function checkedBody<B>(
  schema: z.ZodType<B>,
  body: unknown,
  errors: FormErrors,
  fieldOf: (path: readonly PropertyKey[]) => string,
  message: (field: string, issue: ContractIssue) => string,
): FormResult<B> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues as ContractIssue[]) {
      const field = fieldOf(issue.path);
      if (!errors[field]) addError(errors, field, message(field, issue));
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
