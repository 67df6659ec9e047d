/**
 * The chaos run's cache check: after the drain and one whole pull (./drain.ts finalPull), the client's cache
 * must hold what the server holds, for every record the run touched and for a random sample of the rest.
 * Server records are read through the API (faults off) and turned into cache rows by the code the pull
 * stores them with (electron/core/sync/pull/resources.ts `rows`: a purchase order becomes its order, line
 * and product rows there and nowhere else); by-id records and product links are stored as the API sends
 * them (pull/byId.ts, pull/productSuppliers.ts). Rows are compared on every field the cache keeps except its
 * own bookkeeping (`_`-prefixed: `_fetchedAt`, `_pendingOps`, search keys) and what the server copies into a
 * record from others without dating the record (`COPIES` below): a pull by `modified_on` cannot see those
 * change, so they are as fresh as the record's own last change, by design.
 *
 * Touched: list records the server changed since the run began (its `modified_on`, server clock), every
 * cached by-id record plus those the run's edits named, the products whose links the run edited (and a
 * sample of those the sweep has reached), and every row of the small full lists. A row still held by an op
 * that failed (the user's to settle) is skipped; one held by an op that finished is a leak.
 */
import { buildFilter, type FilterClauseInput } from '../../src/api/query';
import type { CacheWrite } from '../../src/db/cacheWrites';
import type { CacheTable, DockhandDb } from '../../src/db/schema';
import type { ApiClient } from '../../electron/core/api';
import { deepEqual } from '../../electron/core/sync/merge';
import { LIST_RESOURCES, type ListResource } from '../../electron/core/sync/pull/resources';
import type { Ledger } from './ledger';
import type { Random } from './random';
import { everyPage, orNull } from './serverView';

type Row = Record<string, unknown>;
type Key = number | [number, string];

export interface CacheVerdict {
  /** Rows compared (cache against server), by table. */
  checked: Record<string, number>;
  /** Rows skipped because a failed op still holds them. */
  heldByFailedOps: number;
  mismatches: number;
  problems: string[];
}

export interface CacheCheckInput {
  db: DockhandDb;
  client: ApiClient;
  random: Random;
  /** The server's time when the run began: list records modified since were touched by it. */
  since: string;
  /** By-id records the run's edits named (server ids), beyond the cached ones. */
  byIdTouched: { suppliers: number[]; supplierReturns: number[]; shippingPorts: number[] };
  /** Products whose supplier links the run edited. */
  linkProducts: number[];
  /** Untouched records sampled per list table (and products for links). */
  sample?: number;
}

const PAGE = 500;
const keyText = (key: Key) => (Array.isArray(key) ? key.join('/') : String(key));

/**
 * Copies of other records' state: stock levels per outlet, which receipts on other orders change (a line's
 * and a product's `inventory`), and a referenced record embedded whole (a line's product, an order's
 * supplier): only its id is the record's own. Arrays of sub-records (a customer's delivery addresses) are
 * the record's own and compared whole.
 */
const COPIES: Partial<Record<CacheTable, string[]>> = {
  purchaseOrderItems: ['inventory'],
  products: ['inventory'],
};
const isReference = (value: unknown): value is { id: unknown } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value;

/** The fields of a row this check holds the cache to, as compared. */
function own(table: CacheTable, row: Row): Row {
  const skip = new Set(COPIES[table] ?? []);
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !k.startsWith('_') && !skip.has(k))
      .map(([k, v]) => [k, isReference(v) ? { id: v.id } : v]),
  );
}

export async function checkCache(input: CacheCheckInput): Promise<CacheVerdict> {
  const { db, client, random } = input;
  const sample = input.sample ?? 20;
  const verdict: CacheVerdict = { checked: {}, heldByFailedOps: 0, mismatches: 0, problems: [] };
  const states = new Map((await db.outbox.toArray()).map((op) => [op.id, op.state]));
  const mismatch = (what: string) => {
    verdict.mismatches += 1;
    verdict.problems.push(`cache: ${what}`);
  };
  const table = (name: CacheTable) => db.table<Row, Key>(name);

  /** One row: the cache's against the server's (undefined: absent on that side). */
  function compare(name: CacheTable, key: Key, cached: Row | undefined, server: Row | undefined) {
    const at = `${name} ${keyText(key)}`;
    const held = (cached?._pendingOps as string[] | undefined) ?? [];
    if (held.length) {
      const live = held.filter((id) => !['done', 'discarded', undefined].includes(states.get(id)));
      if (live.length === 0) mismatch(`${at} still marked with finished ops ${held.join(', ')}`);
      else if (live.every((id) => states.get(id) === 'failed')) {
        verdict.heldByFailedOps += 1;
        return;
      } else mismatch(`${at} held by ops not finished: ${live.join(', ')}`);
    }
    verdict.checked[name] = (verdict.checked[name] ?? 0) + 1;
    if (!cached && !server) return;
    if (!cached) return mismatch(`${at} is on the server but not in the cache`);
    if (!server && typeof key === 'number' && key < 0)
      return mismatch(`${at} was created offline and is still cached under its temp id`);
    if (!server) return mismatch(`${at} is in the cache but gone from the server`);
    const mine = own(name, cached);
    const theirs = own(name, server);
    const fields = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter(
      (field) => !deepEqual(mine[field], theirs[field]),
    );
    if (fields.length)
      mismatch(
        `${at} differs in ${fields
          .slice(0, 4)
          .map((f) => `${f} (cache ${JSON.stringify(mine[f])}, server ${JSON.stringify(theirs[f])})`)
          .join(', ')}`,
      );
  }

  /** Server rows as the pull writes them, against the cache, table by table. */
  async function compareWrites(writes: readonly CacheWrite[]) {
    for (const write of writes) {
      const target = table(write.table);
      const rows = (write.put ?? []) as Row[];
      const keyPath = target.schema.primKey.keyPath;
      const keyOf = (row: Row): Key =>
        Array.isArray(keyPath) ? (keyPath.map((p) => row[p]) as [number, string]) : (row[keyPath!] as number);
      const cached = await target.bulkGet(rows.map(keyOf));
      rows.forEach((row, i) => compare(write.table, keyOf(row), cached[i], row));
    }
  }

  /** A keyset resource's records: touched (modified since the run began) and a sample of the rest. */
  async function keyset(resource: ListResource) {
    const search = (clauses: FilterClauseInput[]) =>
      everyPage<Row>(
        (page_number) =>
          client.call(resource.operation, {
            query: { ...resource.query, filter_by: buildFilter(clauses), page_number, page_size: PAGE },
          } as never) as never,
      );
    const touched = await search([{ field: 'modified_on', op: 'gte', values: [input.since] }]);
    const touchedIds = new Set(touched.map((row) => Number(row.id)));
    const cachedIds = ((await table(resource.table).toCollection().primaryKeys()) as number[]).filter(
      (id) => id > 0 && !touchedIds.has(id),
    );
    const picked = random.sample(cachedIds, Math.min(sample, cachedIds.length));
    const others = picked.length ? await search([{ field: 'id', op: 'in', values: picked }]) : [];
    const found = new Set(others.map((row) => Number(row.id)));
    for (const id of picked.filter((id) => !found.has(id)))
      compare(resource.table, id, await table(resource.table).get(id), undefined);
    const records = [...touched, ...others];
    await compareWrites(resource.rows(records));
    // A list the record carries in full (a PO's lines): the cache holds no line the server no longer lists.
    if (resource.children) {
      const { table: childTable, parentField, key } = resource.children;
      const listed = new Set(
        resource
          .rows(records)
          .filter((w) => w.table === childTable)
          .flatMap((w) => (w.put ?? []) as Row[])
          .map((row) => row[key]),
      );
      const parents = records.map((row) => Number(row.id));
      const cachedChildren = await table(childTable).where(parentField).anyOf(parents).toArray();
      for (const child of cachedChildren.filter((c) => !listed.has(c[key])))
        compare(childTable, child[key] as number, child, undefined);
    }
  }

  /** A small list read whole each run: every row, both ways. */
  async function full(resource: ListResource) {
    const records = await everyPage<Row>(
      (page_number) =>
        client.call(resource.operation, {
          query: {
            ...resource.query,
            ...(resource.orderBy ? { order_by: resource.orderBy } : {}),
            page_number,
            page_size: PAGE,
          },
        } as never) as never,
    );
    await compareWrites(resource.rows(records));
    const listed = new Set(records.map((row) => Number(row.id)));
    for (const row of await table(resource.table).toArray())
      if (!listed.has(Number(row.id))) compare(resource.table, Number(row.id), row, undefined);
  }

  const lists = LIST_RESOURCES.filter((r) => !r.openedBy && !r.whileInitial);
  const byName = new Map<string, ListResource>();
  for (const resource of lists) if (!byName.has(resource.table)) byName.set(resource.table, resource);
  for (const resource of byName.values()) {
    if (resource.strategy === 'keyset') await keyset(resource);
    else await full(resource);
  }

  const returnItems = (id: number) =>
    everyPage<Row>(
      (page_number) =>
        client.call('searchSupplierReturnItems', {
          params: { id },
          query: { page_number, page_size: PAGE },
        }) as never,
    );

  // By-id records: every cached one and every one the run named, read by id (404: gone).
  const BY_ID = [
    ['suppliers', 'getSupplier', input.byIdTouched.suppliers],
    ['outlets', 'getOutlet', []],
    ['supplierReturns', 'getSupplierReturn', input.byIdTouched.supplierReturns],
    ['shippingPorts', 'getShippingPort', input.byIdTouched.shippingPorts],
  ] as const;
  for (const [name, operation, named] of BY_ID) {
    const cached = ((await table(name).toCollection().primaryKeys()) as number[]).filter((id) => id > 0);
    for (const id of [...new Set([...cached, ...named])]) {
      const server = await orNull(client.call(operation, { params: { id } } as never) as Promise<Row>);
      const row = await table(name).get(id);
      // A record an edit named but nothing referenced nor opened is not the cache's to keep (an item added
      // to a return caches the item, not the return); a deleted one must be gone, and is.
      const kept = row !== undefined;
      if (kept) compare(name, id, row, server ?? undefined);
      if (name !== 'supplierReturns') continue;
      if (!kept) {
        // Its items the run added are cached: each as the server has it.
        const mine = await table('supplierReturnItems').where('supplier_return_id').equals(id).toArray();
        const theirs = server ? await returnItems(id) : [];
        for (const item of mine)
          compare(
            'supplierReturnItems',
            Number(item.id),
            item,
            theirs.find((t) => t.id === item.id),
          );
        continue;
      }
      const items = server ? await returnItems(id) : [];
      await compareWrites([{ table: 'supplierReturnItems', put: items }]);
      const listed = new Set(items.map((item) => Number(item.id)));
      for (const item of await table('supplierReturnItems').where('supplier_return_id').equals(id).toArray())
        if (!listed.has(Number(item.id))) compare('supplierReturnItems', Number(item.id), item, undefined);
    }
  }

  // Product supplier links: the products the run edited and a sample of the rest. The sweep reads a few
  // products a run, in id order, on a TTL (pull/productSuppliers.ts): a product it has not reached yet holds
  // only the links the run's edits wrote (compared one way: each as the server has it); one it has reached
  // holds every link (compared both ways). The sample is drawn among products with links cached (reached).
  const sweep = await db.cursors.get('productSuppliers');
  const reached = (productId: number) =>
    sweep !== undefined && (productId <= sweep.id || Date.parse(sweep.modifiedOn) > 0);
  const swept = (await table('productSuppliers').toCollection().primaryKeys()) as [number, string][];
  const products = [...new Set(swept.map(([productId]) => productId))].filter(
    (id) => !input.linkProducts.includes(id),
  );
  const linkChecks = [...input.linkProducts, ...random.sample(products, Math.min(sample, products.length))];
  for (const productId of linkChecks) {
    const links = ((await orNull(
      client.call('listProductSuppliers', { params: { product_id: productId } }) as Promise<Row[]>,
    )) ?? []) as Row[];
    const cached = await table('productSuppliers').where('product_id').equals(productId).toArray();
    const mine = new Set(cached.map((link) => String(link.supplier_code)));
    const expected = reached(productId) ? links : links.filter((l) => mine.has(String(l.supplier_code)));
    await compareWrites([{ table: 'productSuppliers', put: expected }]);
    const listed = new Set(links.map((link) => String(link.supplier_code)));
    for (const link of cached)
      if (!listed.has(String(link.supplier_code)))
        compare('productSuppliers', [productId, String(link.supplier_code)], link, undefined);
  }

  // Nothing created offline may still sit under its temp id once every op has finished.
  for (const name of [
    'purchaseOrders',
    'supplierInvoices',
    'customers',
    'returnReasons',
    'shippingPorts',
  ] as const)
    for (const row of await table(name).where('id').below(0).toArray())
      compare(name, Number(row.id), row, undefined);
  return verdict;
}

/** The by-id records and the products the run's edits named, temp ids mapped to the server's. */
export async function touchedByRun(
  db: DockhandDb,
  ledger: Ledger,
): Promise<Pick<CacheCheckInput, 'byIdTouched' | 'linkProducts'>> {
  const temps = new Map((await db.tempIds.toArray()).map((entry) => [entry.tempId, entry.serverId]));
  const serverId = (id: number) => (id > 0 ? id : temps.get(id));
  const touched = {
    suppliers: new Set<number>(),
    supplierReturns: new Set<number>(),
    shippingPorts: new Set<number>(),
  };
  const RESOURCES: Record<string, keyof typeof touched> = {
    supplier: 'suppliers',
    supplierReturn: 'supplierReturns',
    shippingPort: 'shippingPorts',
  };
  const add = (resource: string, id: number | undefined) => {
    const set = touched[RESOURCES[resource]!];
    if (set && id !== undefined) set.add(id);
  };
  const linkProducts = new Set<number>();
  for (const { expectation: x } of ledger.entries.values()) {
    if (x.type === 'update') {
      const [resource, id] = x.record.split(':');
      if (resource && RESOURCES[resource]) add(resource, serverId(Number(id)));
    } else if (x.type === 'createNamed' || x.type === 'deleteNamed') {
      if (x.named.resource === 'shippingPort') add('shippingPort', serverId(x.named.tempId));
    } else if (x.type === 'createItem') add('supplierReturn', serverId(x.returnId));
    else if (x.type === 'deleteSupplier') add('supplier', x.id);
    else if (x.type === 'links') linkProducts.add(x.productId);
  }
  return {
    byIdTouched: {
      suppliers: [...touched.suppliers],
      supplierReturns: [...touched.supplierReturns],
      shippingPorts: [...touched.shippingPorts],
    },
    linkProducts: [...linkProducts],
  };
}
