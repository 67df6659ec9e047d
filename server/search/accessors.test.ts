/**
 * Accessor coverage: every filter, order and select field of every search operation in SEARCH_FIELDS has an
 * accessor (and nothing else does), and every accessor reads a defined value from a sample record, so a
 * mistyped path shows up as undefined here rather than as a silently empty search.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS, type SearchOperationId } from '../../src/api/query';
import { searchPage } from './engine';
import { isSearchValue, searchCases } from './searchCases';
import { sampleState } from './testState';

/** Per operation: its accessor table and the first of its rows in the sample state. */
const CASES = searchCases(sampleState());

const OPS = Object.keys(SEARCH_FIELDS) as SearchOperationId[];

function fieldNames(op: SearchOperationId): string[] {
  const { filter, order: orderFields, select } = SEARCH_FIELDS[op];
  return [...new Set([...Object.keys(filter), ...orderFields, ...select])].sort();
}

const isKeyed = (op: SearchOperationId, field: string) =>
  (SEARCH_FIELDS[op].filter as Record<string, { keyed?: boolean }>)[field]?.keyed === true;

describe.each(OPS)('%s accessors', (op) => {
  const { accessors, rows } = CASES[op];
  const sample = rows[0];

  it('cover exactly the filter, order and select fields', () => {
    expect(Object.keys(accessors).sort()).toEqual(fieldNames(op));
  });

  it('read a value (possibly null, never undefined) from a sample record', () => {
    expect(sample).toBeDefined();
    for (const field of fieldNames(op)) {
      const value = (accessors[field] as (row: unknown, key: string | undefined) => unknown)(
        sample,
        isKeyed(op, field) ? '1' : undefined,
      );
      expect(isSearchValue(value), `${op}.${field} returned ${String(value)}`).toBe(true);
    }
  });

  it('order by every order field in both directions', () => {
    for (const field of SEARCH_FIELDS[op].order) {
      const name = isKeyed(op, field) ? `${field}:1` : field;
      for (const direction of ['asc', 'desc']) {
        const page = searchPage(
          [sample, sample] as never[],
          { order_by: `${name} ${direction}` },
          {
            op,
            accessors,
            idOf: () => 1,
            view: () => 'v',
          },
        );
        expect(page.total_records).toBe(2);
      }
    }
  });
});
