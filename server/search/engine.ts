/**
 * The search engine behind every v2.1 search operation: filter_by, order_by, select and paging
 * (src/api/query/index.ts) over rows of the in-memory state. A handler supplies the rows, an accessor per
 * grammar field, the row's id and its response view; the engine never knows a resource's shape.
 *
 * Cost: one pass over the rows (the handler's `where`, then the clauses), one sort over the matches with
 * keys computed up front, and `view` or the select projection for the returned page only.
 */
import {
  parseFilter,
  parseOrder,
  parseSelect,
  SEARCH_FIELDS,
  type FieldTable,
  type FilterClause,
  type OrderEntry,
  type ParseResult,
  type SearchOperationId,
} from '../../src/api/query';
import { invalid } from '../errors';
import { compileClause } from './filter';
import { orderIndexes } from './order';
import type { AccessorTable } from './types';
import { scalarOf } from './values';

// Handlers and their tests name the accessor types through the engine (and ./index.ts) as before.
export type { Accessor, AccessorTable } from './types';

export interface SearchRequest {
  filter_by?: string;
  order_by?: string;
  select?: string;
  page_number?: number;
  page_size?: number;
}

export interface SearchOptions<Row> {
  op: SearchOperationId | null; // null: the operation has no grammar (shipment types)
  accessors: AccessorTable<Row>; // a value getter for every filter, order and select field of op
  idOf: (row: Row) => number; // default order (id asc) and the tie-breaker of every order
  view: (row: Row) => unknown; // the full response record of a row (called only for the returned page)
  where?: (row: Row) => boolean; // extra predicate from the operation's other query parameters
}

export interface Page<T> {
  data: T[];
  page_number: number;
  page_size: number;
  total_records: number;
}

/**
 * The page size when a request gives none. The API does not say ("Default paging values …
 * not shown"); 100 keeps a default page cheap while covering most reference lists in one call.
 */
export const DEFAULT_PAGE_SIZE: number = 100;
/** The page number when a request gives none: the first page. */
export const DEFAULT_PAGE_NUMBER = 1;

interface Query {
  filter: FilterClause[];
  order: OrderEntry[];
  select: string[] | null;
}

type Parameter = 'filter_by' | 'order_by' | 'select';

function parsed<T>(result: ParseResult<T>): T {
  // The HTTP layer has validated the text already; this re-parse only fails for a direct (in-process) caller.
  if (!result.ok) throw invalid(result.error.parameter, result.error.message);
  return result.value;
}

function parseQuery(op: SearchOperationId | null, request: SearchRequest): Query {
  if (op === null) {
    for (const parameter of ['filter_by', 'order_by', 'select'] as const satisfies Parameter[]) {
      if (request[parameter] !== undefined) {
        throw invalid(parameter, `${parameter}: this operation does not take ${parameter}`);
      }
    }
    return { filter: [], order: [], select: null };
  }
  const { filter_by, order_by, select } = request;
  return {
    filter: filter_by === undefined ? [] : parsed(parseFilter(op, filter_by)),
    order: order_by === undefined ? [] : parsed(parseOrder(op, order_by)),
    select: select === undefined ? null : parsed(parseSelect(op, select)),
  };
}

function pageBounds(request: SearchRequest): { pageNumber: number; pageSize: number } {
  const pageNumber = request.page_number ?? DEFAULT_PAGE_NUMBER;
  const pageSize = request.page_size ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageNumber) || pageNumber < 1) {
    throw invalid('page_number', 'page_number must be a whole number of at least 1');
  }
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw invalid('page_size', 'page_size must be a whole number of at least 1');
  }
  return { pageNumber, pageSize };
}

function accessorOf<Row>(accessors: AccessorTable<Row>, field: string, op: SearchOperationId | null) {
  const accessor = Object.hasOwn(accessors, field) ? accessors[field] : undefined;
  // A missing accessor is a simulator bug (the accessor coverage test guards it), not a client error.
  if (!accessor) throw new Error(`search: no accessor for field "${field}" of ${String(op)}`);
  return accessor;
}

export function searchPage<Row>(
  rows: Iterable<Row>,
  request: SearchRequest,
  options: SearchOptions<Row>,
): Page<unknown> {
  const { op, accessors, idOf, view, where } = options;
  const query = parseQuery(op, request);
  const { pageNumber, pageSize } = pageBounds(request);
  const table: FieldTable = op === null ? {} : SEARCH_FIELDS[op].filter;

  const predicates = query.filter.map((clause) =>
    compileClause(clause, table[clause.field]!, accessorOf(accessors, clause.field, op)),
  );
  const matches: Row[] = [];
  outer: for (const row of rows) {
    if (where && !where(row)) continue;
    for (const predicate of predicates) if (!predicate(row)) continue outer;
    matches.push(row);
  }

  const ids = matches.map(idOf);
  for (const entry of query.order) accessorOf(accessors, entry.field, op);
  const order = orderIndexes(matches, ids, query.order, table, accessors);

  const start = (pageNumber - 1) * pageSize;
  const pageIndexes = start >= order.length ? [] : order.slice(start, start + pageSize);
  const data = query.select
    ? project(
        pageIndexes.map((i) => matches[i]!),
        query.select,
        accessors,
        op,
      )
    : pageIndexes.map((i) => view(matches[i]!));
  return { data, page_number: pageNumber, page_size: pageSize, total_records: matches.length };
}

/** `select`: each row becomes an object with exactly the selected names, values as scalars. */
function project<Row>(
  rows: readonly Row[],
  names: readonly string[],
  accessors: AccessorTable<Row>,
  op: SearchOperationId | null,
): Record<string, unknown>[] {
  const getters = names.map((name) => [name, accessorOf(accessors, name, op)] as const);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [name, get] of getters) out[name] = scalarOf(get(row, undefined));
    return out;
  });
}
