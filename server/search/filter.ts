/**
 * Compiles parsed filter_by clauses (grammar rules: src/api/query/index.ts) into row predicates. Work that
 * does not depend on the row (typing and folding the clause's values, building the `in` set) is done once per
 * clause, so testing a row is one accessor call and a comparison.
 *
 * Semantics (where the API is silent):
 * - Clauses are combined with AND; `in` is the only "or".
 * - The negative operators are exact complements: neq = not eq, notin = not in, doesnotcontain = not
 *   contains, isnotnull = not isnull. So a null value matches neq, notin and doesnotcontain.
 * - lt/lte/gt/gte, contains, startswith, endswith never match a null value.
 * - A field with several values per record (an array) matches a positive operator when ANY value does,
 *   and isnull/isnullorempty when EVERY value does (so an empty list is null); its negatives are, as
 *   always, the complements.
 * - Text operators on numbers and booleans look at the value as JSON writes it (`quantity:contains:2`
 *   matches 12 and 24).
 */
import type { FieldSpec, FieldType, FilterClause, FilterValue } from '../../src/api/query';
import type { Accessor } from './types';
import { compareKeys, fold, isRef, KEY_OF, scalarOf, textOf, type SortKey } from './values';

type PositiveOperator = Exclude<FilterClause['op'], keyof typeof COMPLEMENT>;

const COMPLEMENT = { neq: 'eq', notin: 'in', doesnotcontain: 'contains', isnotnull: 'isnull' } as const;

const DIGITS = /^\d+$/;

type ValueTest = (value: unknown) => boolean;

function rangeTest(type: FieldType, value: FilterValue, accept: (order: number) => boolean): ValueTest {
  const key = KEY_OF[type];
  const bound = key(value);
  if (bound === null) return () => false;
  return (v) => {
    const k = key(v);
    return k !== null && accept(compareKeys(k, bound));
  };
}

function textTest(value: FilterValue, match: (text: string, needle: string) => boolean): ValueTest {
  const needle = fold(String(value));
  return (v) => {
    const text = textOf(v);
    return text !== null && match(fold(text), needle);
  };
}

/** eq / in: the value's key is one of the wanted keys, or (string fields) a reference's id is. */
function memberTest(type: FieldType, values: readonly FilterValue[]): ValueTest {
  const key = KEY_OF[type];
  const wanted = new Set<SortKey>(values.map((value) => key(value)));
  wanted.delete(null);
  const ids = new Set(
    type === 'string' ? values.filter((v) => typeof v === 'string' && DIGITS.test(v)).map(Number) : [],
  );
  return (v) => {
    const k = key(v);
    if (k !== null && wanted.has(k)) return true;
    return ids.size > 0 && isRef(v) && ids.has(v.id);
  };
}

function positiveTest(type: FieldType, op: PositiveOperator, values: readonly FilterValue[]): ValueTest {
  const first = values[0] ?? '';
  switch (op) {
    case 'eq':
    case 'in':
      return memberTest(type, values);
    case 'lt':
      return rangeTest(type, first, (order) => order < 0);
    case 'lte':
      return rangeTest(type, first, (order) => order <= 0);
    case 'gt':
      return rangeTest(type, first, (order) => order > 0);
    case 'gte':
      return rangeTest(type, first, (order) => order >= 0);
    case 'contains':
      return textTest(first, (text, needle) => text.includes(needle));
    case 'startswith':
      return textTest(first, (text, needle) => text.startsWith(needle));
    case 'endswith':
      return textTest(first, (text, needle) => text.endsWith(needle));
    case 'isnull':
      return (v) => scalarOf(v) === null;
    case 'isnullorempty':
      return (v) => {
        const scalar = scalarOf(v);
        return scalar === null || scalar === '';
      };
  }
}

export function compileClause<Row>(
  clause: FilterClause,
  spec: FieldSpec,
  accessor: Accessor<Row>,
): (row: Row) => boolean {
  const negated = Object.hasOwn(COMPLEMENT, clause.op);
  const op = negated ? COMPLEMENT[clause.op as keyof typeof COMPLEMENT] : (clause.op as PositiveOperator);
  const test = positiveTest(spec.type, op, clause.values);
  const everyValue = op === 'isnull' || op === 'isnullorempty';
  const { key } = clause;
  return (row) => {
    const value = accessor(row, key);
    let hit: boolean;
    if (Array.isArray(value)) hit = everyValue ? value.every(test) : value.some(test);
    else hit = test(value);
    return hit !== negated;
  };
}
