/**
 * Reads filter_by, order_by and select text (the grammar rules in ./index.ts) for one search operation and
 * checks it against that operation's field table. User errors come back as values naming the offending
 * clause; nothing here throws for bad input.
 *
 * Grammar, where the API's rules leave room:
 * - filter_by: clauses separated by unescaped commas, each `field[:id]:operator[:values]`. Only the
 *   first two colons (three for keyed fields) separate segments, so a date-time value keeps its colons.
 *   Values of in/notin are separated by unescaped pipes. Escapes are `\\`, `\|` and `\,`; any other
 *   backslash pair, and a backslash at the very end, is malformed. Nothing is trimmed: spaces may be
 *   part of a value.
 * - order_by: entries separated by commas, each `field[:id] [asc|desc]`. The direction is lowercase; a bare
 *   field name means ascending, since the price group operations describe order_by as just a field name
 *   (server/README.md). Spaces around entries are ignored.
 * - select: field names separated by commas; spaces around names are ignored; no duplicates.
 * - Empty text is an error for all three: to send nothing, omit the parameter.
 */
import { calendarDate, dateTime } from '../primitives';
import {
  arityOf,
  FILTER_OPERATORS,
  isFilterOperator,
  NULL_OPERATORS,
  ORDER_DIRECTIONS,
  RANGE_OPERATORS,
  TEXT_OPERATORS,
  type FilterClause,
  type FilterOperator,
  type FilterValue,
  type OrderEntry,
} from './ast';
import type { FieldSpec, FieldTable } from './fields';
import { SEARCH_FIELDS, type SearchOperationId } from './searchFields';

export interface QueryError {
  parameter: 'filter_by' | 'order_by' | 'select';
  /** The clause (entry, field name) as written; '' when the problem is an empty clause or empty text. */
  clause: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: QueryError };

type Parameter = QueryError['parameter'];

/** A problem with one clause; the message is the reason only, the caller adds the clause. */
class ClauseError extends Error {}

const ISO_DATE_TIME = dateTime();
const ISO_DATE = calendarDate();
const INTEGER = /^-?\d+$/;
// Plain decimal notation as String(number) writes it; no leading "+", ".5", hex or Infinity.
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const KEY = /^\d+$/;

const includes = (list: readonly string[], item: string) => list.includes(item);

function failure(parameter: Parameter, clause: string, message: string): { ok: false; error: QueryError } {
  return { ok: false, error: { parameter, clause, message } };
}

/** Splits at the first colon: `a:b:c` → ['a', 'b:c']; no colon → [text, undefined]. */
function cut(text: string): [string, string | undefined] {
  const at = text.indexOf(':');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * Splits at every `separator` not preceded by an escaping backslash, keeping escapes as written. A
 * backslash at the very end escapes nothing: `dangling` reports it (the last part keeps it).
 */
function splitEscaped(text: string, separator: string): { parts: string[]; dangling: boolean } {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '\\') {
      if (i + 1 === text.length) return { parts: [...parts, current + c], dangling: true };
      current += c + text.charAt(++i);
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  return { parts: [...parts, current], dangling: false };
}

const DANGLING = 'ends with a dangling "\\" (write a backslash as \\\\)';

function unescape(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (c !== '\\') {
      out += c;
      continue;
    }
    if (i + 1 === raw.length) throw new ClauseError(`value "${raw}" ${DANGLING}`);
    const next = raw.charAt(++i);
    if (!'\\|,'.includes(next)) {
      throw new ClauseError(
        `unknown escape "\\${next}" in value "${raw}": only \\\\, \\| and \\, are escapes`,
      );
    }
    out += next;
  }
  return out;
}

/** -0 reads back as 0: the builder writes both as "0". */
const noNegativeZero = (n: number) => (n === 0 ? 0 : n);

function typedValue(field: string, spec: FieldSpec, text: string): FilterValue {
  const what = `value "${text}" of ${spec.type} field "${field}"`;
  switch (spec.type) {
    case 'string':
      return text;
    case 'integer': {
      if (!INTEGER.test(text)) throw new ClauseError(`${what} is not an integer`);
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw new ClauseError(`${what} is outside the safe integer range`);
      return noNegativeZero(n);
    }
    case 'number': {
      const n = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(n)) throw new ClauseError(`${what} is not a number`);
      return noNegativeZero(n);
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return text === 'true';
      throw new ClauseError(`${what} is not true or false`);
    case 'date':
      if (ISO_DATE_TIME.safeParse(text).success || ISO_DATE.safeParse(text).success) return text;
      throw new ClauseError(`${what} is not an ISO date or date-time`);
  }
}

/** The grammar's three restrictions of operators by field type and nullability (./index.ts). */
function checkOperator(field: string, spec: FieldSpec, op: FilterOperator): void {
  if (includes(NULL_OPERATORS, op) && !spec.nullable) {
    throw new ClauseError(`operator "${op}" is not available for non-nullable field "${field}"`);
  }
  if (spec.type === 'date' && includes(TEXT_OPERATORS, op)) {
    throw new ClauseError(`operator "${op}" is not available for date field "${field}"`);
  }
  if (spec.type === 'string' && includes(RANGE_OPERATORS, op)) {
    throw new ClauseError(`operator "${op}" is not available for string field "${field}"`);
  }
}

function parseValues(
  field: string,
  spec: FieldSpec,
  op: FilterOperator,
  raw: string | undefined,
): FilterValue[] {
  const arity = arityOf(op);
  if (arity === 'none') {
    if (raw !== undefined)
      throw new ClauseError(`operator "${op}" takes no value, but the clause gives ":${raw}"`);
    return [];
  }
  if (raw === undefined || raw === '') {
    throw new ClauseError(`operator "${op}" needs ${arity === 'one' ? 'a value' : 'at least one value'}`);
  }
  const { parts } = splitEscaped(raw, '|');
  if (arity === 'one' && parts.length > 1) {
    throw new ClauseError(
      `value "${raw}" has an unescaped "|", but only in and notin take several values (write a pipe as \\|)`,
    );
  }
  return parts.map((part, index) => {
    if (part === '') throw new ClauseError(`value #${index + 1} of operator "${op}" is empty`);
    return typedValue(field, spec, unescape(part));
  });
}

function parseClause(op: SearchOperationId, table: FieldTable, raw: string): FilterClause {
  const [field, afterField] = cut(raw);
  const spec = Object.hasOwn(table, field) ? table[field] : undefined;
  if (spec === undefined) throw new ClauseError(`unknown field "${field}": ${op} cannot filter by it`);
  let rest = afterField;
  let key: string | undefined;
  if (spec.keyed) {
    const [keyText, afterKey] = cut(rest ?? '');
    if (rest === undefined || keyText === '' || isFilterOperator(keyText)) {
      throw new ClauseError(`keyed field "${field}" needs an id segment: ${field}:<id>:<operator>`);
    }
    if (!KEY.test(keyText))
      throw new ClauseError(`key "${keyText}" of field "${field}" is not a whole-number id`);
    key = keyText;
    rest = afterKey;
  }
  const [opText, valueText] = cut(rest ?? '');
  const head = key === undefined ? field : `${field}:${key}`;
  if (opText === '') throw new ClauseError(`missing operator after "${head}"`);
  if (!spec.keyed && KEY.test(opText)) {
    throw new ClauseError(
      `field "${field}" is not keyed and takes no id segment, but the clause gives "${opText}"`,
    );
  }
  if (!isFilterOperator(opText)) {
    throw new ClauseError(`unknown operator "${opText}" (expected one of ${FILTER_OPERATORS.join(', ')})`);
  }
  checkOperator(field, spec, opText);
  const values = parseValues(field, spec, opText, valueText);
  return key === undefined ? { field, op: opText, values } : { field, key, op: opText, values };
}

export function parseFilter(op: SearchOperationId, text: string): ParseResult<FilterClause[]> {
  const table: FieldTable = SEARCH_FIELDS[op].filter;
  if (text === '')
    return failure('filter_by', '', 'filter_by is empty: give at least one clause, or omit it');
  if (Object.keys(table).length === 0) {
    return failure('filter_by', text, `filter_by "${text}": ${op} has no filter_by fields`);
  }
  const { parts, dangling } = splitEscaped(text, ',');
  const clauses: FilterClause[] = [];
  for (const [index, raw] of parts.entries()) {
    if (raw === '') {
      const where = `#${index + 1} of ${parts.length}`;
      return failure('filter_by', '', `filter_by clause ${where} is empty: remove the stray comma`);
    }
    try {
      if (dangling && index === parts.length - 1) throw new ClauseError(DANGLING);
      clauses.push(parseClause(op, table, raw));
    } catch (error) {
      if (!(error instanceof ClauseError)) throw error;
      return failure('filter_by', raw, `filter_by clause "${raw}": ${error.message}`);
    }
  }
  return { ok: true, value: clauses };
}

/**
 * The comma-separated entries of order_by or select, trimmed. Field names never contain spaces, so
 * trimming loses nothing and tolerates `id asc, name desc`.
 */
function entriesOf(
  parameter: 'order_by' | 'select',
  op: SearchOperationId,
  allowed: readonly string[],
  text: string,
): ParseResult<string[]> {
  if (text.trim() === '')
    return failure(parameter, '', `${parameter} is empty: give at least one field, or omit it`);
  if (allowed.length === 0)
    return failure(parameter, text, `${parameter} "${text}": ${op} has no ${parameter} fields`);
  const entries = text.split(',').map((entry) => entry.trim());
  const empty = entries.indexOf('');
  if (empty >= 0) {
    const where = `#${empty + 1} of ${entries.length}`;
    return failure(parameter, '', `${parameter} entry ${where} is empty: remove the stray comma`);
  }
  return { ok: true, value: entries };
}

function parseOrderEntry(op: SearchOperationId, entry: string): OrderEntry {
  const { order, filter } = SEARCH_FIELDS[op];
  const words = entry.split(/\s+/);
  if (words.length > 2) throw new ClauseError(`expected "<field> asc|desc", got ${words.length} words`);
  const [head = '', direction] = words;
  const [field, key] = cut(head);
  if (!includes(order, field)) throw new ClauseError(`unknown field "${field}": ${op} cannot order by it`);
  const table: FieldTable = filter;
  // Keyedness lives in the filter table: every keyed order field is also a filter field (customers, purchase
  // order items).
  const keyed = Object.hasOwn(table, field) && table[field]?.keyed === true;
  if (keyed && (key === undefined || key === '')) {
    throw new ClauseError(`keyed field "${field}" needs an id segment: ${field}:<id> asc|desc`);
  }
  if (keyed && key !== undefined && !KEY.test(key)) {
    throw new ClauseError(`key "${key}" of field "${field}" is not a whole-number id`);
  }
  if (!keyed && key !== undefined) {
    throw new ClauseError(
      `field "${field}" is not keyed and takes no id segment, but the entry gives "${key}"`,
    );
  }
  // A bare field name sorts ascending (the price group operations give order_by as a field name alone).
  if (direction === undefined)
    return key === undefined ? { field, direction: 'asc' } : { field, key, direction: 'asc' };
  if (!includes(ORDER_DIRECTIONS, direction))
    throw new ClauseError(`direction "${direction}" is not asc or desc`);
  const dir = direction as OrderEntry['direction'];
  return key === undefined ? { field, direction: dir } : { field, key, direction: dir };
}

export function parseOrder(op: SearchOperationId, text: string): ParseResult<OrderEntry[]> {
  const split = entriesOf('order_by', op, SEARCH_FIELDS[op].order, text);
  if (!split.ok) return split;
  const seen = new Set<string>();
  const entries: OrderEntry[] = [];
  for (const raw of split.value) {
    try {
      const entry = parseOrderEntry(op, raw);
      const id = entry.key === undefined ? entry.field : `${entry.field}:${entry.key}`;
      if (seen.has(id)) throw new ClauseError(`field "${id}" is already ordered by earlier in order_by`);
      seen.add(id);
      entries.push(entry);
    } catch (error) {
      if (!(error instanceof ClauseError)) throw error;
      return failure('order_by', raw, `order_by clause "${raw}": ${error.message}`);
    }
  }
  return { ok: true, value: entries };
}

export function parseSelect(op: SearchOperationId, text: string): ParseResult<string[]> {
  const allowed = SEARCH_FIELDS[op].select;
  const split = entriesOf('select', op, allowed, text);
  if (!split.ok) return split;
  const seen = new Set<string>();
  for (const field of split.value) {
    if (!includes(allowed, field)) {
      return failure(
        'select',
        field,
        `select clause "${field}": unknown field "${field}": ${op} cannot select it`,
      );
    }
    if (seen.has(field)) {
      return failure(
        'select',
        field,
        `select clause "${field}": field "${field}" is already selected earlier`,
      );
    }
    seen.add(field);
  }
  return { ok: true, value: split.value };
}
