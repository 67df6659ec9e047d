/**
 * Writes filter_by, order_by and select text (grammar rules in ./index.ts) from the AST in ./ast.ts, plus a
 * small fluent helper: `where('status').eq('OnOrder')`, or
 * `queryFor('searchPurchaseOrders').where('status')…` which checks field names at compile time and the whole
 * clause at run time against the operation's table.
 *
 * The builders throw a RangeError on input that could not be read back (a value count that does not fit
 * the operator, an empty string, NaN, a field name with separators in it): those are programming errors,
 * whereas the parser (./parse.ts) reports user errors as values.
 */
import {
  arityOf,
  isFilterOperator,
  ORDER_DIRECTIONS,
  type FilterClause,
  type FilterOperator,
  type FilterValue,
} from './ast';
import type { OrderEntry } from './ast';
import type { FieldType, ValueOfType } from './fields';
import { parseFilter } from './parse';
import type { FilterField, OrderField, SEARCH_FIELDS, SearchOperationId } from './searchFields';

/** What the builder accepts as a value: a FilterValue, or a Date for date fields (written as ISO). */
export type FilterInput = FilterValue | Date;

export interface FilterClauseInput {
  field: string;
  key?: string | undefined;
  op: FilterOperator;
  values: readonly FilterInput[];
}

const FIELD_NAME = /^[A-Za-z0-9_]+$/;
const KEY = /^\d+$/;

/**
 * Escapes a string value: backslash as `\\`, pipe as `\|`, comma as `\,` (the API escapes the last two; we
 * add the backslash).
 */
export function escapeValue(s: string): string {
  return s.replace(/[\\|,]/g, (c) => `\\${c}`);
}

function isoOf(date: Date): string {
  const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
  // toISOString writes years outside 0000..9999 as ±YYYYYY, which is not an ISO date-time the API reads.
  if (!/^\d{4}-/.test(iso)) throw new RangeError(`cannot write date ${String(date)} as an ISO date-time`);
  return iso;
}

/** A Date becomes its ISO string; everything else is already a FilterValue. */
export function normaliseValue(value: FilterInput): FilterValue {
  return value instanceof Date ? isoOf(value) : value;
}

function writeValue(value: FilterInput, clause: string): string {
  if (value instanceof Date) return isoOf(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${clause}: value ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  // An empty value reads back as "missing value"; empty text is what isnullorempty is for.
  if (value === '') throw new RangeError(`${clause}: empty string value (use isnullorempty)`);
  return escapeValue(value);
}

function writeHead(field: string, key: string | undefined, what: string): string {
  if (!FIELD_NAME.test(field))
    throw new RangeError(`${what}: field name "${field}" is not a plain field name`);
  if (key === undefined) return field;
  if (!KEY.test(key))
    throw new RangeError(`${what}: key "${key}" of field "${field}" is not a whole-number id`);
  return `${field}:${key}`;
}

function writeClause(clause: FilterClauseInput): string {
  const what = `filter_by clause on "${clause.field}"`;
  const head = writeHead(clause.field, clause.key, what);
  if (!isFilterOperator(clause.op)) throw new RangeError(`${what}: unknown operator "${String(clause.op)}"`);
  const n = clause.values.length;
  const arity = arityOf(clause.op);
  if (arity === 'none') {
    if (n !== 0) throw new RangeError(`${what}: operator "${clause.op}" takes no value, got ${n}`);
    return `${head}:${clause.op}`;
  }
  if (arity === 'one' ? n !== 1 : n === 0) {
    const wanted = arity === 'one' ? 'exactly one value' : 'at least one value';
    throw new RangeError(`${what}: operator "${clause.op}" takes ${wanted}, got ${n}`);
  }
  return `${head}:${clause.op}:${clause.values.map((v) => writeValue(v, what)).join('|')}`;
}

/** `field[:key]:op[:v1|v2…]` joined by commas. An empty list gives '' (omit the parameter). */
export function buildFilter(clauses: readonly FilterClauseInput[]): string {
  return clauses.map(writeClause).join(',');
}

/** `field[:key] asc|desc` joined by commas. An empty list gives '' (omit the parameter). */
export function buildOrder(entries: readonly OrderEntry[]): string {
  return entries
    .map((entry) => {
      const head = writeHead(entry.field, entry.key, `order_by entry on "${entry.field}"`);
      if (!ORDER_DIRECTIONS.includes(entry.direction)) {
        throw new RangeError(
          `order_by entry on "${entry.field}": direction "${String(entry.direction)}" is not asc or desc`,
        );
      }
      return `${head} ${entry.direction}`;
    })
    .join(',');
}

/** Field names joined by commas. An empty list gives '' (omit the parameter). */
export function buildSelect(fields: readonly string[]): string {
  return fields.map((field) => writeHead(field, undefined, 'select')).join(',');
}

/** One method per operator; each returns a finished clause. */
export interface ClauseBuilder<V extends FilterInput> {
  eq(value: V): FilterClause;
  neq(value: V): FilterClause;
  lt(value: V): FilterClause;
  lte(value: V): FilterClause;
  gt(value: V): FilterClause;
  gte(value: V): FilterClause;
  in(...values: [V, ...V[]]): FilterClause;
  notin(...values: [V, ...V[]]): FilterClause;
  contains(value: V): FilterClause;
  startswith(value: V): FilterClause;
  endswith(value: V): FilterClause;
  doesnotcontain(value: V): FilterClause;
  isnull(): FilterClause;
  isnotnull(): FilterClause;
  isnullorempty(): FilterClause;
}

function clauseBuilder<V extends FilterInput>(
  field: string,
  key: string | number | undefined,
  check: (clause: FilterClause) => void,
): ClauseBuilder<V> {
  const make = (op: FilterOperator, values: readonly V[]): FilterClause => {
    const clause: FilterClause = { field, op, values: values.map(normaliseValue) };
    if (key !== undefined) clause.key = String(key);
    check(clause);
    return clause;
  };
  const one = (op: FilterOperator) => (value: V) => make(op, [value]);
  return {
    eq: one('eq'),
    neq: one('neq'),
    lt: one('lt'),
    lte: one('lte'),
    gt: one('gt'),
    gte: one('gte'),
    in: (...values) => make('in', values),
    notin: (...values) => make('notin', values),
    contains: one('contains'),
    startswith: one('startswith'),
    endswith: one('endswith'),
    doesnotcontain: one('doesnotcontain'),
    isnull: () => make('isnull', []),
    isnotnull: () => make('isnotnull', []),
    isnullorempty: () => make('isnullorempty', []),
  };
}

/** Untyped: any field name, any value; only checks that the clause can be written. */
export function where(field: string, key?: string | number): ClauseBuilder<FilterInput> {
  return clauseBuilder(field, key, (clause) => void writeClause(clause));
}

type FilterTable<O extends SearchOperationId> = (typeof SEARCH_FIELDS)[O]['filter'];
/** The value type of field `F` of operation `O`: number for integer/number fields, and so on. */
export type ValueFor<O extends SearchOperationId, F extends string> = F extends keyof FilterTable<O>
  ? FilterTable<O>[F] extends { type: infer T extends FieldType }
    ? ValueOfType<T>
    : never
  : never;

export interface OperationQuery<O extends SearchOperationId> {
  where<F extends FilterField<O>>(field: F, key?: string | number): ClauseBuilder<ValueFor<O, F>>;
  order(field: OrderField<O>, direction: OrderEntry['direction'], key?: string | number): OrderEntry;
}

/**
 * Typed helpers for one operation: field names and value types are checked by the compiler, and every
 * clause is checked against the operation's table at run time (operator fits the type, key present…),
 * throwing a RangeError with the parser's message.
 */
export function queryFor<O extends SearchOperationId>(op: O): OperationQuery<O> {
  return {
    where: (field, key) =>
      clauseBuilder(field, key, (clause) => {
        const parsed = parseFilter(op, buildFilter([clause]));
        if (!parsed.ok) throw new RangeError(parsed.error.message);
      }),
    order: (field, direction, key) =>
      key === undefined ? { field, direction } : { field, key: String(key), direction },
  };
}
