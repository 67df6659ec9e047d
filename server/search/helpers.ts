/**
 * Predicates for the search operations' other query parameters (created_since/modified_since, comma-separated
 * id lists, is_deleted). Each returns undefined when its parameter is absent, so a handler writes
 * `where: allOf(sinceFilter(query, …), idListFilter(query.outlet_ids, …))` and pays nothing for absent ones.
 */
import { invalid } from '../errors';
import { instantOf } from './values';

export type RowPredicate<Row> = (row: Row) => boolean;

/** The conjunction of the given predicates, skipping undefined ones; undefined when none is left. */
export function allOf<Row>(...predicates: (RowPredicate<Row> | undefined)[]): RowPredicate<Row> | undefined {
  const present = predicates.filter((p): p is RowPredicate<Row> => p !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return (row) => present.every((predicate) => predicate(row));
}

function atOrAfter<Row>(
  parameter: string,
  since: string | undefined,
  instantOfRow: (row: Row) => string | null | undefined,
): RowPredicate<Row> | undefined {
  if (since === undefined) return undefined;
  const bound = instantOf(since);
  if (bound === null) throw invalid(parameter, `${parameter} "${since}" is not an ISO date-time`);
  return (row) => {
    const instant = instantOf(instantOfRow(row));
    return instant !== null && instant >= bound;
  };
}

/**
 * created_since / modified_since: records created (modified) at or after the instant. Both given: both must
 * hold. A record without the date never matches. An offset-less instant is read as UTC (see values.ts).
 */
export function sinceFilter<Row>(
  query: { created_since?: string | undefined; modified_since?: string | undefined },
  createdOf: (row: Row) => string | null | undefined,
  modifiedOf: (row: Row) => string | null | undefined,
): RowPredicate<Row> | undefined {
  return allOf(
    atOrAfter('created_since', query.created_since, createdOf),
    atOrAfter('modified_since', query.modified_since, modifiedOf),
  );
}

/** The ids of a comma-separated list (`12,13,20`); spaces around ids and empty entries are ignored. */
export function parseIdList(text: string, parameter = 'ids'): Set<number> {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
      throw invalid(parameter, `${parameter}: "${trimmed}" is not an id (expected e.g. 12,13,20)`);
    }
    ids.add(Number(trimmed));
  }
  return ids;
}

/** `ids=12,13,20` (and supplier_ids, outlet_ids…): rows whose id is in the list; undefined when absent. */
export function idListFilter<Row>(
  text: string | undefined,
  idOf: (row: Row) => number | null | undefined,
  parameter = 'ids',
): RowPredicate<Row> | undefined {
  if (text === undefined) return undefined;
  const ids = parseIdList(text, parameter);
  return (row) => {
    const id = idOf(row);
    return id !== null && id !== undefined && ids.has(id);
  };
}

/** is_deleted (GET /supplierreturnreasons): true → only deleted, false → only live, null or absent → both. */
export function triState<Row>(
  isDeleted: boolean | null | undefined,
  deletedOf: (row: Row) => boolean | null | undefined,
): RowPredicate<Row> | undefined {
  if (isDeleted === null || isDeleted === undefined) return undefined;
  return (row) => (deletedOf(row) === true) === isDeleted;
}
