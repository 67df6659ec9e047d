/**
 * Pulling one listable resource. The keyset strategy is the one that matters (POs, invoices, customers,
 * credit notes): pages are asked by position in (modified_on, id) order, never by page number, because a
 * record modified while we page moves to the end and would shift every later page by one, silently
 * skipping a row. Each step is either
 *   ties: modified_on = M and id > I   (the rest of a timestamp shared by more rows than a page holds)
 *   ahead: modified_on > M             (everything newer)
 * and every page is committed with the cursor (M, I) of its last row, so a crash resumes exactly there.
 * Each run starts `overlapMs` before the cursor, for records committed late with an earlier timestamp; the
 * store leaves rows it already has unchanged (same modified_on), so the overlap costs no writes.
 */
import { randomUUID } from 'node:crypto';
import { buildFilter, type FilterClauseInput } from '../../../../src/api/query';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import type { PortResponse, StorePort } from '../../../../src/db/storePort';
import type { ApiClient } from '../../api/types';
import type { PullProgress } from '../types';
import { fetchChildren } from './children';
import { storedRef } from './byId';
import { knownProducts, type KnownProducts, type StoredProduct } from './knownProducts';
import { tellPage } from './pageTrace';
import type { ListResource, Ref } from './resources';

type Cursor = NonNullable<PortResponse<'getCursor'>['cursor']>;
interface Page {
  data: Record<string, unknown>[] | null;
  total_records: number;
}

export interface ListPullDeps {
  store: StorePort;
  client: ApiClient;
  now(): Date;
  signal: AbortSignal;
  pageSize: number;
  overlapMs: number;
  onProgress(progress: PullProgress): void;
  /** The by-id references a page named that it stored with its rows (below), once it is stored. */
  onRefs(refs: Ref[]): void;
  /**
   * The references this run's pages have stored so far (`refKey`): a page sends only the others with its
   * rows, for the store to keep in the page's own transaction (src/db/byIdRequests.ts). Without it, pages
   * send none (the run has no by-id step to read them).
   */
  refsStored?: ReadonlySet<string>;
  /** Keyset only: the resource's own clauses for this run (ListResource.filter). */
  filter?: readonly FilterClauseInput[];
  /**
   * Whether the run has stored a product at that version: order pages then check such a line's product
   * only for the fields the line keeps, and leave it out of the page's writes (./knownProducts.ts).
   */
  productStored?: StoredProduct;
}

const EPOCH = '1970-01-01T00:00:00.000Z';

export const refKey = (ref: Ref) => `${ref.resource}:${ref.id}`;

/** The page's references the run has not stored yet, each once. */
function newRefs(deps: ListPullDeps, resource: ListResource, rows: Record<string, unknown>[]): Ref[] {
  const known = deps.refsStored;
  if (!known || !resource.refs) return [];
  const found = new Map<string, Ref>();
  for (const ref of rows.flatMap((row) => resource.refs!(row))) {
    const key = refKey(ref);
    if (!known.has(key)) found.set(key, ref);
  }
  return [...found.values()];
}

/** (modified_on, id) order, comparing instants: the server writes `…:45Z` and `…:45.123Z` alike. */
function after(a: { modifiedOn: string; id: number }, b: { modifiedOn: string; id: number } | null): boolean {
  if (!b) return true;
  const ta = Date.parse(a.modifiedOn);
  const tb = Date.parse(b.modifiedOn);
  return ta > tb || (ta === tb && a.id > b.id);
}

const positionOf = (row: Record<string, unknown>) => ({
  modifiedOn: String(row.modified_on),
  id: Number(row.id),
});

async function fetchPage(
  deps: ListPullDeps,
  resource: ListResource,
  query: Record<string, unknown>,
  products?: KnownProducts,
): Promise<Page> {
  const input = { query: { ...resource.query, ...query, page_size: deps.pageSize } };
  return (await deps.client.call(resource.operation, input as never, {
    signal: deps.signal,
    ...(products ? { responseSchema: products.pageSchema } : {}),
  })) as unknown as Page;
}

/** Order pages with their lines, when the run knows which products it stored (./knownProducts.ts). */
const productsOf = (deps: ListPullDeps, resource: ListResource): KnownProducts | undefined =>
  deps.productStored && resource.operation === 'searchPurchaseOrders' && resource.children
    ? knownProducts(deps.productStored)
    : undefined;

/**
 * The page's parents whose children its rows list in full (a PO's lines): the store deletes the cached
 * children the page leaves out, in the page's own transaction (src/db/listedChildren.ts).
 */
function listedChildren(resource: ListResource, rows: Record<string, unknown>[]) {
  const { children } = resource;
  if (!children) return {};
  const parents = rows.map((row) => Number(row.id));
  return { listedChildren: { table: children.table, parentField: children.parentField, parents } };
}

/** The fetched children of the records new since the run began (./children.ts). */
async function childWrites(
  deps: ListPullDeps,
  resource: ListResource,
  newRows: Record<string, unknown>[],
): Promise<CacheWrite[]> {
  const out: CacheWrite[] = [];
  const { fetched } = resource;
  if (fetched) {
    const childDeps = {
      store: deps.store,
      client: deps.client,
      signal: deps.signal,
      pageSize: deps.pageSize,
    };
    out.push(
      ...(await fetchChildren(
        childDeps,
        fetched,
        newRows.map((row) => Number(row.id)),
      )),
    );
  }
  return out;
}

/** Writes the cursor of a pass that is to follow a light one (ListResource.openedBy), unless it exists. */
async function openPass(deps: ListPullDeps, resource: string): Promise<void> {
  if ((await deps.store.getCursor({ resource })).cursor) return;
  const at = deps.now().toISOString();
  const initial = { done: 0, total: 0, finished: false };
  const cursor = { resource, modifiedOn: EPOCH, id: 0, completedAt: at, initial };
  await deps.store.applyPulledPage({ writes: [], cursor, at });
}

/**
 * Where a keyset resource's initial pass stands before this run pulls it: null once it has finished (a
 * delta pull has no total worth showing). A total the cursor does not hold yet costs one request of one row.
 * `known`: the cursor as the caller just read it (./puller.ts plans with every cursor), saving a store round
 * trip before the request.
 */
export async function countKeyset(
  deps: ListPullDeps,
  resource: ListResource,
  known?: { cursor: Cursor | null },
): Promise<{ done: number; total: number } | null> {
  const { cursor } = known ?? (await deps.store.getCursor({ resource: resource.name }));
  if (cursor && (cursor.initial === undefined || cursor.initial.finished)) return null;
  const done = cursor?.initial?.done ?? 0;
  // A pass opened by another (openPass) holds 0 for "not counted yet".
  if (cursor?.initial?.total) return { done, total: cursor.initial.total };
  const own = [...(deps.filter ?? []), ...(resource.initialFilter ?? [])];
  const since = cursor?.modifiedOn ?? EPOCH;
  const filter_by = buildFilter([...own, { field: 'modified_on', op: 'gt', values: [since] }]);
  const query = { ...resource.query, ...resource.initialWithoutChildren?.query };
  const input = { query: { ...query, filter_by, page_number: 1, page_size: 1 } };
  const page = (await deps.client.call(resource.operation, input as never, {
    signal: deps.signal,
  })) as unknown as Page;
  return { done, total: done + page.total_records };
}

export async function pullKeyset(deps: ListPullDeps, resource: ListResource): Promise<number> {
  const { cursor: start } = await deps.store.getCursor({ resource: resource.name });
  const initial = !start || (start.initial !== undefined && !start.initial.finished);
  let committed: Cursor | null = start;
  let done = start?.initial?.done ?? 0;
  let total: number | undefined = start?.initial?.total || undefined;
  let position = {
    modifiedOn: start ? new Date(Date.parse(start.modifiedOn) - deps.overlapMs).toISOString() : EPOCH,
    id: 0,
  };
  // Nothing shares the epoch's timestamp: a first pass starts straight with everything after it.
  let phase: 'ties' | 'ahead' = start ? 'ties' : 'ahead';
  let fresh = 0;
  // Throughput on the engine's clock (injectable), not the wall: the ETA is what tests can check.
  const began = deps.now().getTime();
  const own = [...(deps.filter ?? []), ...(initial ? (resource.initialFilter ?? []) : [])];
  const light = initial ? resource.initialWithoutChildren : undefined;
  // A page without its child lists must not be read as "every child is gone".
  const listed = light
    ? { ...resource, children: undefined, fetched: undefined, query: { ...resource.query, ...light.query } }
    : resource;
  // The pass that follows is opened before this one stores anything, but its first pages need not wait for
  // that write: in the background tier it waits for the dock tier to finish (./tierGate.ts), and the
  // history's light pass asked for nothing until then (~0.3 s of the small demo's first sync, bench/sync).
  const opened = light ? openPass(deps, light.later) : Promise.resolve();
  // Settled before the first store below; a failure must not count as unhandled until then.
  opened.catch(() => {});

  // This pass's pages at the store: the last one sent, and the name the store knows the pass by.
  let stored: Promise<unknown> = Promise.resolve();
  const pass = `${resource.name}:${randomUUID()}`;
  let seq = 0;
  const request = (step: 'ties' | 'ahead', at: { modifiedOn: string; id: number }) => ({
    filter_by:
      step === 'ties'
        ? buildFilter([
            ...own,
            { field: 'modified_on', op: 'eq', values: [at.modifiedOn] },
            { field: 'id', op: 'gt', values: [at.id] },
          ])
        : buildFilter([...own, { field: 'modified_on', op: 'gt', values: [at.modifiedOn] }]),
    order_by: step === 'ties' ? 'id asc' : 'modified_on asc,id asc',
    page_number: 1,
  });
  // Settled when awaited; until then a failure must not count as unhandled (another page may fail first).
  // Each request's number in the pass, for whoever follows its pages (./pageTrace.ts).
  const numbers = new WeakMap<Promise<Page>, number>();
  let asked = 0;
  const products = productsOf(deps, listed);
  const fetchAhead = (step: 'ties' | 'ahead', at: { modifiedOn: string; id: number }) => {
    const number = asked++;
    tellPage({ resource: resource.name, page: number, step: 'asked' });
    const page = fetchPage(deps, listed, request(step, at), products);
    page.then(
      (answer) =>
        tellPage({ resource: resource.name, page: number, step: 'answered', rows: answer.data?.length ?? 0 }),
      () => {},
    );
    numbers.set(page, number);
    return page;
  };
  // The page after a run of ties (everything newer than its timestamp) is asked for with the first page
  // of the run: a run is almost always one short page, and waiting for it before asking cost a round trip
  // per page. Not asked again while a run fills whole pages (it would be asked for nothing).
  let newer: { after: string; page: Promise<Page> } | null = null;
  const speculate = (at: { modifiedOn: string; id: number }) => {
    newer = { after: at.modifiedOn, page: fetchAhead('ahead', at) };
  };
  let next: Promise<Page> | null = fetchAhead(phase, position);
  if (phase === 'ties') speculate(position);

  while (next) {
    deps.signal.throwIfAborted();
    const number = numbers.get(next) ?? -1;
    const page: Page = await next;
    const rows = page.data ?? [];
    if (phase === 'ahead' && initial && total === undefined) total = done + page.total_records;
    // The next request depends only on this page's last row, so it is on the wire while this page is
    // stored: the renderer's writes and the server's next page overlap instead of taking turns (the large
    // demo's dock tier left the renderer idle half the time, waiting for pages).
    const reached: { modifiedOn: string; id: number } =
      rows.length > 0 ? positionOf(rows[rows.length - 1]!) : position;
    // A full page: more may share its last timestamp (ties) or come after it.
    const step: 'ties' | 'ahead' | null =
      rows.length === deps.pageSize ? 'ties' : phase === 'ties' ? 'ahead' : null;
    const asked = newer as { after: string; page: Promise<Page> } | null;
    newer = null;
    if (step === 'ties') {
      next = fetchAhead('ties', reached);
      if (phase === 'ahead') speculate(reached);
    } else if (step === 'ahead') {
      next = asked?.after === reached.modifiedOn ? asked.page : fetchAhead('ahead', reached);
    } else next = null;
    if (rows.length > 0) {
      const newRows = rows.filter((row) => after(positionOf(row), start));
      position = reached;
      const cursor: Cursor = {
        resource: resource.name,
        ...(after(position, committed) ? position : { modifiedOn: committed!.modifiedOn, id: committed!.id }),
        completedAt: deps.now().toISOString(),
      };
      done += newRows.length;
      fresh += newRows.length;
      if (initial) cursor.initial = { done, total: Math.max(total ?? done, done), finished: false };
      const built = resource.rows(rows);
      const writes = [
        ...(products ? products.withoutUnchecked(built) : built),
        ...(await childWrites(deps, listed, newRows)),
      ];
      await opened;
      // Sent without waiting for the page before it to be answered: the store applies a pass's pages in
      // order, each only right after the one before it was stored (src/db/pageChains.ts). At most two are
      // at the store, the one it writes and the next, so it never waits a round trip between two pages.
      // What the page brings is told once it is stored, in page order (the store answers in that order).
      // The records the page names that are served only by id go with it, kept in its transaction: a run
      // killed after it was stored leaves them to the next one, which skips this page (src/db/byIdRequests.ts).
      const refs = newRefs(deps, resource, rows);
      const sent = { done, total: total ?? done, fresh };
      const rowsSent = writes.reduce((sum, write) => sum + (write.put?.length ?? 0), 0);
      tellPage({ resource: resource.name, page: number, step: 'sent', rows: rowsSent });
      const storing = deps.store
        .applyPulledPage({
          writes,
          cursor,
          at: deps.now().toISOString(),
          chain: { pass, seq: seq++ },
          ...listedChildren(listed, rows),
          ...(refs.length ? { refs: refs.map(storedRef) } : {}),
        })
        .then(() => {
          tellPage({ resource: resource.name, page: number, step: 'stored' });
          deps.onRefs(refs);
          if (!initial) return;
          const rate = sent.fresh / Math.max(1, deps.now().getTime() - began);
          const left = Math.max(0, sent.total - sent.done);
          deps.onProgress({
            done: sent.done,
            total: sent.total,
            finished: false,
            etaMs: rate > 0 ? left / rate : undefined,
          });
        });
      storing.catch(() => {});
      await stored;
      stored = storing;
      committed = cursor;
    }
    if (step) phase = step;
  }

  const finished: Cursor = committed
    ? { ...committed, completedAt: deps.now().toISOString() }
    : { resource: resource.name, modifiedOn: EPOCH, id: 0, completedAt: deps.now().toISOString() };
  if (initial) finished.initial = { done, total: done, finished: true };
  else if (start?.initial) finished.initial = start.initial;
  await opened;
  await stored;
  await deps.store.applyPulledPage({ writes: [], cursor: finished, at: deps.now().toISOString() });
  deps.onProgress({ done, total: done, finished: true });
  return fresh;
}

/**
 * Searches without a change filter (return reasons take `modified_since`, the rest nothing): paged by number.
 * These lists are short reference data, so a shift while paging is absorbed by the next run's overlap.
 * `full` lists are read whole and rows the server no longer lists are deleted locally.
 */
export async function pullList(deps: ListPullDeps, resource: ListResource): Promise<number> {
  const { cursor: start } = await deps.store.getCursor({ resource: resource.name });
  const since =
    resource.strategy === 'since' && start && start.modifiedOn !== EPOCH
      ? new Date(Date.parse(start.modifiedOn) - deps.overlapMs).toISOString()
      : undefined;
  const seen = new Set<number>();
  let newest: { modifiedOn: string; id: number } | null = start;
  let count = 0;
  for (let page_number = 1; ; page_number++) {
    deps.signal.throwIfAborted();
    const page = await fetchPage(deps, resource, {
      page_number,
      ...(resource.orderBy ? { order_by: resource.orderBy } : {}),
      ...(since ? { modified_since: since } : {}),
    });
    const rows = page.data ?? [];
    for (const row of rows) {
      seen.add(Number(row.id));
      if (typeof row.modified_on === 'string' && after(positionOf(row), newest)) newest = positionOf(row);
    }
    count += rows.length;
    if (rows.length)
      await deps.store.applyPulledPage({
        writes: resource.rows(rows),
        cursor: null,
        at: deps.now().toISOString(),
      });
    if (rows.length < deps.pageSize || count >= page.total_records) break;
  }
  const writes = [];
  if (resource.strategy === 'full') {
    const { keys } = await deps.store.keysWhere({ table: resource.table });
    const gone = keys.filter((key) => typeof key === 'number' && key > 0 && !seen.has(key));
    if (gone.length) writes.push({ table: resource.table, delete: gone });
  }
  const cursor: Cursor = {
    resource: resource.name,
    modifiedOn: newest?.modifiedOn ?? EPOCH,
    id: newest?.id ?? 0,
    completedAt: deps.now().toISOString(),
  };
  await deps.store.applyPulledPage({ writes, cursor, at: deps.now().toISOString() });
  return count;
}
