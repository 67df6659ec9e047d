/**
 * Resources the API serves only by id (suppliers, outlets, supplier returns, shipping ports): discovered from
 * the references of pulled records, fetched when missing or older than the refresh TTL, and deleted locally
 * when a re-read answers 404 (docs/architecture.md, by-id resources). A supplier return comes with its
 * items, whose list replaces the cached one. Records are read a few at a time (./pool.ts) and committed in
 * batches of WRITE_BATCH (one transaction each); a stop loses at most the batch under way, which the next
 * run reads again (still stale).
 *
 * The references come from the store (`requestedById` with `pulled`): list pages keep them with their rows,
 * and a batch keeps those of the records it stores (a supplier's shipping port), so a run that dies before
 * this step, or during it, leaves them to the next run. They are forgotten once the step has dealt with
 * every one of them (src/db/byIdRequests.ts).
 */
import type { ByIdRef } from '../../../../src/db/byIdRequests';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import type { StorePort } from '../../../../src/db/storePort';
import { ApiCallError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { inPool } from './pool';
import { BY_ID_RESOURCES, type ByIdName, type Ref } from './resources';

export interface ByIdDeps {
  store: StorePort;
  client: ApiClient;
  now(): Date;
  signal: AbortSignal;
  refreshTtlMs: number;
  /** Cached rows re-read per resource and run, beyond the ones just referenced (0: none). */
  refreshBatch?: number;
}

interface ItemPage {
  data: { id: number }[] | null;
  total_records: number;
}

async function returnItems(deps: ByIdDeps, returnId: number): Promise<{ id: number }[]> {
  const items: { id: number }[] = [];
  for (let page_number = 1; page_number <= 100; page_number++) {
    const page = (await deps.client.call(
      'searchSupplierReturnItems',
      { params: { id: returnId }, query: { page_number, page_size: 500 } } as never,
      { signal: deps.signal },
    )) as ItemPage;
    items.push(...(page.data ?? []));
    if (!page.data?.length || items.length >= page.total_records) break;
  }
  return items;
}

/** A reference as the store keeps it: a by-id resource is named after its table. */
export const storedRef = ({ resource, id }: Ref): ByIdRef => ({ table: resource, id });

/** Records whose writes are committed together: one transaction per batch, never one per record. */
const WRITE_BATCH = 50;

/** One record as the API answered: its row (and a return's items), or absent (404). */
type Fetched =
  { id: number; found: false } | { id: number; found: true; record: unknown; items?: { id: number }[] };

/** Reads one record (a supplier return with its items); no store call, so several can be read at once. */
async function fetchOne(deps: ByIdDeps, name: ByIdName, id: number): Promise<Fetched> {
  deps.signal.throwIfAborted();
  let record: unknown;
  try {
    record = await deps.client.call(BY_ID_RESOURCES[name].operation, { params: { id } } as never, {
      signal: deps.signal,
    });
  } catch (error) {
    if (error instanceof ApiCallError && error.kind === 'not-found') return { id, found: false };
    throw error;
  }
  if (name !== 'supplierReturns') return { id, found: true, record };
  return { id, found: true, record, items: await returnItems(deps, id) };
}

/**
 * The writes of records read together: their rows, deletions for the 404s, and for supplier returns the
 * item lists, which replace the cached ones (one key read for all the batch's returns).
 */
async function writesOf(deps: ByIdDeps, name: ByIdName, records: readonly Fetched[]): Promise<CacheWrite[]> {
  const { table } = BY_ID_RESOURCES[name];
  const found = records.flatMap((r) => (r.found ? [r] : []));
  const missing = records.filter((r) => !r.found).map((r) => r.id);
  const writes: CacheWrite[] = [];
  if (found.length) writes.push({ table, put: found.map((r) => r.record) });
  if (missing.length) writes.push({ table, delete: missing });
  if (name !== 'supplierReturns') return writes;
  const itemKeys = async (returnIds: number[]) =>
    (
      await deps.store.keysWhere({
        table: 'supplierReturnItems',
        field: 'supplier_return_id',
        values: returnIds,
      })
    ).keys as number[];
  if (found.length) {
    const items = found.flatMap((r) => r.items ?? []);
    const present = new Set(items.map((item) => item.id));
    const gone = (await itemKeys(found.map((r) => r.id))).filter((key) => key > 0 && !present.has(key));
    writes.push({ table: 'supplierReturnItems', put: items, delete: gone });
  }
  // A return that is gone takes its items with it, offline-made ones included.
  if (missing.length) {
    const keys = await itemKeys(missing);
    if (keys.length) writes.push({ table: 'supplierReturnItems', delete: keys });
  }
  return writes;
}

/** Fetches every stale referenced record (and what those reference in turn); returns how many were read. */
export async function refreshById(deps: ByIdDeps, discovered: readonly Ref[]): Promise<number> {
  const fetchedBefore = new Date(deps.now().getTime() - deps.refreshTtlMs).toISOString();
  const queue: Ref[] = [...discovered];
  const names = Object.keys(BY_ID_RESOURCES) as ByIdName[];
  // Cached records nobody referenced lately still age out: a batch of the oldest per run. The resources'
  // reads go together, here and below: one after another, they were a store round trip each.
  if (deps.refreshBatch !== 0) {
    const aged = await Promise.all(
      names.map(async (name) => {
        const { table } = BY_ID_RESOURCES[name];
        const { ids } = await deps.store.staleIds({ table, fetchedBefore, limit: deps.refreshBatch ?? 50 });
        return ids.map((id): Ref => ({ resource: name, id }));
      }),
    );
    queue.push(...aged.flat());
  }
  const done = new Map<string, Ref>();
  const keyOf = (ref: Ref) => `${ref.resource}:${ref.id}`;
  let fetched = 0;
  let pending: CacheWrite[] = [];
  let pendingRefs: Ref[] = [];
  let pendingRecords = 0;
  const flush = async () => {
    if (!pending.length) return;
    const refs = [...new Map(pendingRefs.map((ref) => [keyOf(ref), storedRef(ref)])).values()];
    await deps.store.applyPulledPage({
      writes: pending,
      cursor: null,
      at: deps.now().toISOString(),
      ...(refs.length ? { refs } : {}),
    });
    pending = [];
    pendingRefs = [];
    pendingRecords = 0;
  };
  while (queue.length) {
    deps.signal.throwIfAborted();
    const batch = queue.splice(0, queue.length).filter((ref) => !done.has(keyOf(ref)));
    // Every resource's stale ids at once, then their records in one pool: the pool stays full across
    // resources instead of draining at the end of each.
    const stale = await Promise.all(
      names.map(async (name) => {
        const ids = [...new Set(batch.filter((ref) => ref.resource === name).map((ref) => ref.id))];
        if (!ids.length) return [];
        const { ids: old } = await deps.store.staleIds({
          table: BY_ID_RESOURCES[name].table,
          ids,
          fetchedBefore,
        });
        for (const id of ids) done.set(`${name}:${id}`, { resource: name, id });
        return old.map((id): Ref => ({ resource: name, id }));
      }),
    );
    const due = stale.flat();
    for (let at = 0; at < due.length; at += WRITE_BATCH) {
      const slice = due.slice(at, at + WRITE_BATCH);
      const records = await inPool(slice, (ref) => fetchOne(deps, ref.resource, ref.id));
      for (const name of names) {
        const own = records.filter((_, i) => slice[i]!.resource === name);
        if (!own.length) continue;
        pending.push(...(await writesOf(deps, name, own)));
        const { refs } = BY_ID_RESOURCES[name];
        for (const record of own) {
          if (!record.found) continue;
          const named = refs?.(record.record) ?? [];
          queue.push(...named);
          pendingRefs.push(...named);
        }
      }
      fetched += records.length;
      pendingRecords += records.length;
      if (pendingRecords >= WRITE_BATCH) await flush();
    }
  }
  await flush();
  // Every reference is dealt with: fetched (storing it cleared its pulled reference) or fresh here.
  if (done.size) await deps.store.forgetPulledRefs({ refs: [...done.values()].map(storedRef) });
  return fetched;
}
