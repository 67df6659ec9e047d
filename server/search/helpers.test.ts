/** created_since/modified_since, id lists, is_deleted and their composition. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { allOf, idListFilter, parseIdList, sinceFilter, triState } from './helpers';

interface R {
  id: number;
  created_on: string | null;
  modified_on: string;
  deleted: boolean;
}

const rows: R[] = [
  { id: 1, created_on: '2026-03-01T00:00:00Z', modified_on: '2026-03-05T00:00:00Z', deleted: false },
  { id: 2, created_on: '2026-03-02T09:15:00Z', modified_on: '2026-03-02T09:15:00Z', deleted: true },
  { id: 3, created_on: '2026-03-03T10:00:00+10:00', modified_on: '2026-03-03T00:00:00Z', deleted: false },
  { id: 4, created_on: null, modified_on: '2026-03-06T00:00:00', deleted: true },
];

const idsOf = (predicate: ((r: R) => boolean) | undefined) =>
  rows.filter(predicate ?? (() => true)).map((r) => r.id);

const since = (query: { created_since?: string; modified_since?: string }) =>
  sinceFilter(
    query,
    (r: R) => r.created_on,
    (r: R) => r.modified_on,
  );

describe('sinceFilter', () => {
  it('is absent when neither parameter is given', () => {
    expect(since({})).toBeUndefined();
  });

  it('keeps records created at or after the instant (inclusive), comparing instants across offsets', () => {
    expect(idsOf(since({ created_since: '2026-03-02T09:15:00Z' }))).toEqual([2, 3]);
    expect(idsOf(since({ created_since: '2026-03-02T19:15:00+10:00' }))).toEqual([2, 3]);
    expect(idsOf(since({ created_since: '2026-03-03T00:00:01Z' }))).toEqual([]); // row 3 is 00:00Z
  });

  it('never keeps a record without the date', () => {
    expect(idsOf(since({ created_since: '2000-01-01T00:00:00Z' }))).toEqual([1, 2, 3]);
  });

  it('needs both when both are given; offset-less instants are UTC', () => {
    expect(idsOf(since({ modified_since: '2026-03-05T00:00:00' }))).toEqual([1, 4]);
    expect(
      idsOf(since({ created_since: '2026-03-01T00:00:00Z', modified_since: '2026-03-03T00:00:00Z' })),
    ).toEqual([1, 3]);
  });

  it('rejects a value that is not a date-time', () => {
    expect(() => since({ created_since: 'yesterday' })).toThrow(ApiError);
  });
});

describe('id lists', () => {
  it('parses comma-separated ids, tolerating spaces and empty entries', () => {
    expect([...parseIdList('12, 13,,20')]).toEqual([12, 13, 20]);
  });

  it('filters rows by id; absent list → no filter', () => {
    expect(idListFilter(undefined, (r: R) => r.id)).toBeUndefined();
    expect(idsOf(idListFilter('3,1,99', (r: R) => r.id))).toEqual([1, 3]);
  });

  it('rejects a non-id entry naming the parameter', () => {
    let thrown: unknown;
    try {
      idListFilter('1,x', (r: R) => r.id, 'supplier_ids');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(Object.keys((thrown as ApiError).errors ?? {})).toEqual(['supplier_ids']);
  });
});

describe('triState', () => {
  it('true → only deleted, false → only live, null/undefined → both', () => {
    expect(idsOf(triState(true, (r: R) => r.deleted))).toEqual([2, 4]);
    expect(idsOf(triState(false, (r: R) => r.deleted))).toEqual([1, 3]);
    expect(triState(null, (r: R) => r.deleted)).toBeUndefined();
    expect(triState(undefined, (r: R) => r.deleted)).toBeUndefined();
  });
});

describe('allOf', () => {
  it('conjoins the present predicates and is absent when none is', () => {
    expect(allOf<R>(undefined, undefined)).toBeUndefined();
    const both = allOf(
      triState(false, (r: R) => r.deleted),
      idListFilter('1,2,3', (r: R) => r.id),
      undefined,
    );
    expect(idsOf(both)).toEqual([1, 3]);
  });
});
