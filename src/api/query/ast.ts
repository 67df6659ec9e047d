/**
 * The parsed form of filter_by, order_by and select (the grammar rules are in ./index.ts). The builder writes
 * it, the parser reads it back, and `parse(build(x))` equals `x` for every valid `x`.
 */

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'notin',
  'contains',
  'isnull',
  'isnullorempty',
  'isnotnull',
  'startswith',
  'endswith',
  'doesnotcontain',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators written `field:op` with no value segment. */
export const NO_VALUE_OPERATORS = [
  'isnull',
  'isnotnull',
  'isnullorempty',
] as const satisfies FilterOperator[];
/** Operators taking one or more values separated by `|`. */
export const MULTI_VALUE_OPERATORS = ['in', 'notin'] as const satisfies FilterOperator[];
/** Unavailable for date fields (grammar rules, ./index.ts). */
export const TEXT_OPERATORS = [
  'contains',
  'startswith',
  'endswith',
  'doesnotcontain',
  'isnullorempty',
] as const satisfies FilterOperator[];
/** Unavailable for string fields (grammar rules, ./index.ts). */
export const RANGE_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const satisfies FilterOperator[];
/** Unavailable for non-nullable fields (grammar rules, ./index.ts). */
export const NULL_OPERATORS = ['isnull', 'isnotnull'] as const satisfies FilterOperator[];

export type ValueArity = 'none' | 'one' | 'many';

export function isFilterOperator(text: string): text is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(text);
}

/** How many values an operator takes: none, exactly one, or one or more. */
export function arityOf(op: FilterOperator): ValueArity {
  if ((NO_VALUE_OPERATORS as readonly string[]).includes(op)) return 'none';
  return (MULTI_VALUE_OPERATORS as readonly string[]).includes(op) ? 'many' : 'one';
}

/** A typed value: integer/number fields carry numbers, booleans booleans, dates their ISO string. */
export type FilterValue = string | number | boolean;

export interface FilterClause {
  field: string;
  /** The `<id>` segment of a keyed field (`attribute:<id>:eq:red`), digits only. */
  key?: string;
  op: FilterOperator;
  /** Empty for isnull/isnotnull/isnullorempty, one or more for in/notin, exactly one otherwise. */
  values: FilterValue[];
}

export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;

export interface OrderEntry {
  field: string;
  /**
   * The `<id>` of a keyed field. The API lists `sales_channel:id` and `survey:id` among the customer
   * order_by fields, so an entry can be `sales_channel:3 desc`.
   */
  key?: string;
  direction: (typeof ORDER_DIRECTIONS)[number];
}
