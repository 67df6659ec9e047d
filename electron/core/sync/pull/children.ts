/**
 * Child lists of pulled records. Two kinds:
 *  - listed: the record's response carries its children in full (a PO's lines with include_items), so
 *    cached children the response no longer lists were deleted on the server; the page names its parents
 *    and the store deletes those in the page's own transaction (src/db/listedChildren.ts);
 *  - fetched: the API serves the children per record only (a credit note's items), so they are fetched for
 *    each new or changed record of a page, every page of them, and committed with that page and its
 *    cursor: a crash can never leave a record behind the cursor whose children were not fetched.
 * Bounded by the page: a delta run fetches children only for the records that changed.
 */
import type { OperationId } from '../../../../src/api/endpoints';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import type { CacheTable } from '../../../../src/db/schema';
import type { StorePort } from '../../../../src/db/storePort';
import type { ApiClient } from '../../api/types';
import { inPool } from './pool';

export interface ChildList {
  table: CacheTable;
  /** The child's field naming its parent record's id. */
  parentField: string;
  /** The child's own id field (its primary key). */
  key: string;
}

export interface FetchedChildren extends ChildList {
  /** A search under the parent (`/creditnotes/{id}/creditnoteitems`), paged. */
  operation: OperationId;
}

export interface ChildDeps {
  store: StorePort;
  client: ApiClient;
  signal: AbortSignal;
  pageSize: number;
}

type Row = Record<string, unknown>;

/** Far beyond any real child list; past it the list is not trusted to be complete (nothing is deleted). */
const MAX_CHILD_PAGES = 100;

/** Deletes for the cached children of `parents` that are not in `listed` (server ids only, never temp rows). */
export async function goneChildren(
  store: StorePort,
  children: ChildList,
  parents: readonly number[],
  listed: ReadonlySet<unknown>,
): Promise<CacheWrite[]> {
  if (parents.length === 0) return [];
  const { keys } = await store.keysWhere({
    table: children.table,
    field: children.parentField,
    values: [...parents],
  });
  const gone = keys.filter((key) => typeof key === 'number' && key > 0 && !listed.has(key));
  return gone.length ? [{ table: children.table, delete: gone }] : [];
}

async function childrenOf(deps: ChildDeps, children: FetchedChildren, parentId: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page_number = 1; page_number <= MAX_CHILD_PAGES; page_number++) {
    deps.signal.throwIfAborted();
    const input = { params: { id: parentId }, query: { page_number, page_size: deps.pageSize } };
    // The operation is data here, so the compiler cannot pair it with its page type.
    const answer: unknown = await deps.client.call(children.operation, input as never, {
      signal: deps.signal,
    });
    const page = answer as { data: Row[] | null; total_records: number };
    rows.push(...(page.data ?? []));
    if (!page.data?.length || rows.length >= page.total_records) return rows;
  }
  throw new Error(`${children.operation} for ${parentId} returned more than ${MAX_CHILD_PAGES} pages`);
}

/** The children of every given parent (a few parents' at a time), as writes that replace the cached lists. */
export async function fetchChildren(
  deps: ChildDeps,
  children: FetchedChildren,
  parents: readonly number[],
): Promise<CacheWrite[]> {
  const rows = (await inPool(parents, (parentId) => childrenOf(deps, children, parentId))).flat();
  // A child without an id cannot be keyed; the next change of its parent brings it again.
  const keyed = rows.filter((row) => typeof row[children.key] === 'number');
  const listed = new Set(keyed.map((row) => row[children.key]));
  return [
    ...(keyed.length ? [{ table: children.table, put: keyed }] : []),
    ...(await goneChildren(deps.store, children, parents, listed)),
  ];
}
