/**
 * A server's refusal of a queued change, in a clerk's sentences: the problem body's field errors
 * (`purchase_order_items[0].quantity_ordered: ["Must be at most 10"]`) become
 * "Line 1 — Ember dome tent: quantity ordered must be at most 10", and a refusal without field errors says
 * what the status means. The one translator the toast, a record's own page (SyncNotice) and the sync
 * centre all use, so the three never word the same refusal differently.
 *
 * Pure: product names come in as `LineNames`, read from the cache by src/db/lineNames.ts.
 */
import { NO_NAMES, refOf, type LineNames } from '../db/lineNames';
import type { OpRecord } from '../db/ops';
import { fieldLabel, fieldName } from './fieldLabels';
import { formatPath, getPath, parsePath, type PathSegment } from './paths';

export { lineRefs, NO_NAMES, type LineNames } from '../db/lineNames';

export interface RejectedField {
  /** The field's path inside the body, canonical (`purchase_order_items[0].quantity_ordered`); `$` for the whole change. */
  path: string;
  /** The path as the server wrote it: for the technical details. */
  serverPath: string;
  /** Which line (or item) the field is on, in words: "Line 1 — Ember dome tent"; null for a header field. */
  where: string | null;
  /** The field in words, where it sits included when `where` is null ("Postcode (delivery address 2)"). */
  label: string;
  /** Each of the server's messages about the field, as the clerk reads them ("must be at most 10"). */
  said: string[];
  /** The whole sentence: "Line 1 — Ember dome tent: quantity ordered must be at most 10". */
  text: string;
}

export interface Rejection {
  /** Why, in one sentence ("It breaks a rule of this back office."). */
  summary: string;
  /** The fields the server named, each as a sentence; empty when it named none. */
  fields: RejectedField[];
}

type RejectedOp = Pick<OpRecord, 'kind' | 'body' | 'problem' | 'reason'>;

/** The innermost line a path runs through: its position in the segments and what it refers to. */
function lineOf(body: unknown, segments: readonly PathSegment[]) {
  for (let at = segments.length - 1; at >= 0; at--) {
    if (typeof segments[at] !== 'number') continue;
    const element = getPath(body, segments.slice(0, at + 1));
    if (element === null || typeof element !== 'object' || Array.isArray(element)) continue;
    const ref = refOf(element as Record<string, unknown>);
    if (ref) return { at, ref };
  }
  return null;
}

/** "Line 2 — Ember dome tent"; "Receipt 2, line 1 — …" when the body has several receipts. */
function whereText(body: unknown, segments: readonly PathSegment[], names: LineNames): string | null {
  const line = lineOf(body, segments);
  if (!line) return null;
  const index = segments[line.at] as number;
  if (line.ref.kind === 'supplier') return `Supplier ${line.ref.code}`;
  const outerAt = segments.slice(0, line.at).findLastIndex((segment) => typeof segment === 'number');
  const outer = getPath(body, segments.slice(0, outerAt));
  const counted =
    outerAt >= 0 && Array.isArray(outer) && outer.length > 1
      ? `Receipt ${(segments[outerAt] as number) + 1}, line ${index + 1}`
      : `Line ${index + 1}`;
  const name =
    line.ref.kind === 'product' ? names.products.get(line.ref.id) : names.orderLines.get(line.ref.id);
  return name ? `${counted} — ${name}` : counted;
}

/** "Quantity ordered" → "quantity ordered" inside a sentence; "ABN" and "ETA" stay as they are. */
export function midSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

const COMPARISONS: Record<string, string> = {
  '<=': 'at most',
  '<': 'less than',
  '>=': 'at least',
  '>': 'more than',
};
const TYPES: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of values',
};

/**
 * A server message as what the field "must be" ("must be at most 10"), when it says that: the contract's
 * zod messages ("Too big: expected number to be <=10") and plain rules ("Must be at most 10"). Null when the
 * message is a sentence of its own ("No product with id 5"), which is then quoted after the field.
 */
export function predicateOf(message: string): string | null {
  const text = message.trim().replace(/\.$/, '');
  const bound = /^Too (?:big|small): expected (\w+) to (?:be|have) (<=|>=|<|>)\s*([\d.,]+)(?: (\w+))?/i.exec(
    text,
  );
  if (bound) {
    const [, type, op, limit, unit] = bound;
    const size = type === 'string' && limit === '1' && op === '>=' ? null : COMPARISONS[op!];
    if (size === null) return 'must not be empty';
    if (type === 'array') return `must have ${size} ${limit} ${unit ?? 'items'}`;
    return `must be ${size} ${limit}${unit ? ` ${unit}` : ''}`;
  }
  const typed = /^Invalid input: expected (\w+), received (\w+)/i.exec(text);
  if (typed) {
    if (typed[2] === 'undefined' || typed[2] === 'null') return 'is required';
    return `must be ${TYPES[typed[1]!] ?? typed[1]}`;
  }
  const option = /^Invalid option: expected one of (.+)$/i.exec(text);
  if (option) return `must be one of ${option[1]!.replace(/"/g, '').split('|').join(', ')}`;
  if (/^Required$/i.test(text)) return 'is required';
  if (/^Unrecognized key/i.test(text)) return 'is not a field the server knows';
  const invalid = /^Invalid (.+)$/i.exec(text);
  if (invalid && !/^input\b/i.test(invalid[1]!)) return `is not a valid ${invalid[1]!.toLowerCase()}`;
  if (/^(must|cannot|can't|can not|should|is|are|has|have|needs?|may)\b/i.test(text))
    return midSentence(text.charAt(0).toUpperCase() + text.slice(1));
  return null;
}

/**
 * Where a body field sits and what it is called, in words: `purchase_order_items[0].quantity_ordered` →
 * "Line 1 — Ember dome tent: quantity ordered"; `order_email` → "Order email". The sync centre's edit form
 * labels its inputs with it.
 */
export function fieldPlace(
  op: Pick<OpRecord, 'kind' | 'body'>,
  path: string,
  names: LineNames = NO_NAMES,
): { where: string | null; label: string; full: string } {
  const segments = parsePath(path);
  const where = whereText(op.body, segments[0] === 'body' ? segments.slice(1) : segments, names);
  const label = where ? fieldName(op.kind, path) : fieldLabel(op.kind, path);
  return { where, label, full: where ? `${where}: ${midSentence(label)}` : label };
}

/** A server or form message as a clerk reads it next to its field: "Must be at most 10". */
export function messageText(message: string): string {
  const said = predicateOf(message) ?? message;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** One field the server named, in words. */
export function rejectedField(
  op: Pick<OpRecord, 'kind' | 'body'>,
  serverPath: string,
  messages: readonly string[],
  names: LineNames = NO_NAMES,
): RejectedField {
  const raw = parsePath(serverPath);
  const segments = raw[0] === 'body' ? raw.slice(1) : raw;
  const path = segments.length === 0 || segments[0] === '$' ? '$' : formatPath(segments);
  const where = path === '$' ? null : whereText(op.body, segments, names);
  const label = path === '$' ? '' : where ? fieldName(op.kind, path) : fieldLabel(op.kind, path);
  const said = messages.map((message) => predicateOf(message) ?? message);
  const sentences = messages.map((message, index) => {
    if (path === '$') return message;
    const predicate = predicateOf(message);
    const field = where ? midSentence(label) : label;
    const lead = where ? `${where}: ` : '';
    return predicate
      ? `${lead}${field} ${predicate}`
      : `${where ? `${where}, ${field}` : field}: ${said[index]}`;
  });
  return { path, serverPath, where, label, said, text: sentences.join('; ') };
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Why the server refused, when it named no field: what its status means, with its own words. */
function summaryOf(op: RejectedOp, fieldCount: number): string {
  const problem = op.problem;
  const detail = problem?.detail ?? undefined;
  if (fieldCount > 0) {
    if (detail && /business rule/i.test(detail)) return 'It breaks a rule of this back office.';
    return fieldCount === 1
      ? 'The server did not accept one value.'
      : `The server did not accept ${fieldCount} values.`;
  }
  switch (problem?.status) {
    case 401:
      return 'Dockhand could not sign in to the server with its API key.';
    case 403:
      return 'This API key is not allowed to make this change.';
    case 404:
      return sentence(`The server no longer has what it changes${detail ? `: ${detail}` : ''}`);
    case 409:
      return sentence(`It clashes with the record as it is on the server now${detail ? `: ${detail}` : ''}`);
    case 413:
      return 'The change is too large for the server to take.';
  }
  if (problem?.status !== undefined && problem.status !== null && problem.status >= 500)
    return 'The server had a fault of its own. Try again later; if it keeps failing, tell support.';
  return sentence(detail ?? op.reason ?? 'The server refused this change');
}

/** The whole refusal in words: one sentence of why, and each field the server named. */
export function rejectionOf(op: RejectedOp, names: LineNames = NO_NAMES): Rejection {
  const fields = Object.entries(op.problem?.errors ?? {}).map(([path, messages]) =>
    rejectedField(op, path, messages, names),
  );
  return { summary: summaryOf(op, fields.length), fields };
}

/** The refusal in one line, for a toast: the first field's sentence (and how many more), else the summary. */
export function rejectionLine(op: RejectedOp, names: LineNames = NO_NAMES): string {
  const { summary, fields } = rejectionOf(op, names);
  const [first] = fields;
  if (!first) return summary;
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
  return `${first.text}${more}`;
}

/** The refusal as one paragraph: why, then each field's sentence ("It breaks a rule …. Line 1 — …"). */
export function rejectionText(op: RejectedOp, names: LineNames = NO_NAMES): string {
  const { summary, fields } = rejectionOf(op, names);
  return [summary, ...fields.map((field) => sentence(field.text))].join(' ');
}
