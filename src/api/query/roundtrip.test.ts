/**
 * Property: whatever the builder writes, the parser reads back unchanged, for every operation's
 * fields, with string values full of the characters the grammar treats specially.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arityOf,
  FILTER_OPERATORS,
  type FilterClause,
  type FilterOperator,
  type FilterValue,
  type OrderEntry,
} from './ast';
import { buildFilter, buildOrder, buildSelect } from './build';
import type { FieldSpec, FieldType } from './fields';
import { parseFilter, parseOrder, parseSelect } from './parse';
import { SEARCH_FIELDS, type SearchOperationId } from './searchFields';

const OPS = Object.keys(SEARCH_FIELDS) as SearchOperationId[];
const opsWith = (part: 'order' | 'select') => OPS.filter((op) => SEARCH_FIELDS[op][part].length > 0);
const FILTER_OPS = OPS.filter((op) => Object.keys(SEARCH_FIELDS[op].filter).length > 0);
const tableOf = (op: SearchOperationId): Readonly<Record<string, FieldSpec>> => SEARCH_FIELDS[op].filter;

/** The grammar's operator rules (./index.ts), restated independently of the parser. */
function allowed(spec: FieldSpec, op: FilterOperator): boolean {
  if ((op === 'isnull' || op === 'isnotnull') && !spec.nullable) return false;
  if (
    spec.type === 'date' &&
    ['contains', 'startswith', 'endswith', 'doesnotcontain', 'isnullorempty'].includes(op)
  ) {
    return false;
  }
  return !(spec.type === 'string' && ['lt', 'lte', 'gt', 'gte'].includes(op));
}

const nastyText = fc.string({
  unit: fc.constantFrom('|', ',', '\\', ':', ' ', 'a', 'Z', '9', '-', 'é', '😀', '"', 'T'),
  minLength: 1,
});
const anyText = fc.oneof(nastyText, fc.string({ unit: 'grapheme', minLength: 1 }));
const isoDate = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const dateText = fc.oneof(
  isoDate.map((d) => d.toISOString()),
  isoDate.map((d) => d.toISOString().slice(0, 10)),
  isoDate.map((d) => `${d.toISOString().slice(0, 19)}+10:00`),
);

const VALUES: Record<FieldType, fc.Arbitrary<string | number | boolean>> = {
  string: anyText,
  integer: fc.oneof(fc.integer(), fc.maxSafeInteger()),
  // -0 is written "0" and reads back as 0: equal as a filter, but not deep-equal.
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  boolean: fc.boolean(),
  date: dateText,
};

const key = fc.nat().map(String);

function clauseOf(op: SearchOperationId): fc.Arbitrary<FilterClause> {
  const table = tableOf(op);
  return fc.constantFrom(...Object.keys(table)).chain((field) => {
    const spec = table[field]!;
    const operators = FILTER_OPERATORS.filter((o) => allowed(spec, o));
    return fc
      .record({ key: spec.keyed ? key : fc.constant(undefined), op: fc.constantFrom(...operators) })
      .chain(({ key, op: operator }) => {
        const value = VALUES[spec.type];
        const arity = arityOf(operator);
        const values =
          arity === 'none'
            ? fc.constant<FilterValue[]>([])
            : arity === 'one'
              ? fc.tuple(value)
              : fc.array(value, { minLength: 1, maxLength: 4 });
        return values.map((vs): FilterClause =>
          key === undefined ? { field, op: operator, values: vs } : { field, key, op: operator, values: vs },
        );
      });
  });
}

describe('round trip: parse(build(x)) equals x', () => {
  it('filter_by', () => {
    const input = fc
      .constantFrom(...FILTER_OPS)
      .chain((op) => fc.tuple(fc.constant(op), fc.array(clauseOf(op), { minLength: 1, maxLength: 6 })));
    fc.assert(
      fc.property(input, ([op, clauses]) => {
        expect(parseFilter(op, buildFilter(clauses))).toEqual({ ok: true, value: clauses });
      }),
      { numRuns: 2000 },
    );
  });

  it('order_by', () => {
    const input = fc.constantFrom(...opsWith('order')).chain((op) => {
      const table = tableOf(op);
      const entry = fc.constantFrom(...SEARCH_FIELDS[op].order).chain((field) =>
        fc.record({
          field: fc.constant(field),
          key: table[field]?.keyed ? fc.nat({ max: 5 }).map(String) : fc.constant(undefined),
          direction: fc.constantFrom('asc' as const, 'desc' as const),
        }),
      );
      const entries = fc
        .uniqueArray(entry, { minLength: 1, maxLength: 8, selector: (e) => `${e.field}:${e.key}` })
        .map((list) =>
          list.map(({ key, ...rest }): OrderEntry => (key === undefined ? rest : { ...rest, key })),
        );
      return fc.tuple(fc.constant(op), entries);
    });
    fc.assert(
      fc.property(input, ([op, entries]) => {
        expect(parseOrder(op, buildOrder(entries))).toEqual({ ok: true, value: entries });
      }),
      { numRuns: 1000 },
    );
  });

  it('select', () => {
    const input = fc
      .constantFrom(...opsWith('select'))
      .chain((op) =>
        fc.tuple(
          fc.constant(op),
          fc.uniqueArray(fc.constantFrom(...SEARCH_FIELDS[op].select), { minLength: 1 }),
        ),
      );
    fc.assert(
      fc.property(input, ([op, fields]) => {
        expect(parseSelect(op, buildSelect(fields))).toEqual({ ok: true, value: fields });
      }),
    );
  });
});
