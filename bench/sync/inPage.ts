/**
 * What the initial sync bench (./initialSync.ts) runs inside the app's page through page.evaluate: each
 * function is serialised on its own, so it imports nothing and reads the app's IndexedDB raw (or with Dexie
 * evaluated into the page for the baseline).
 */
/**
 * In the page: how many of `ids` are cached, how many lines they have, and all orders (raw IndexedDB). Until
 * the cache holds as many open orders as there are ids (one count on the status index), the lines are not
 * counted: counting them is two requests per order (8,600 for the large demo), which every poll would
 * otherwise put on the page's main thread and between the pull's writes, and the bench would measure itself.
 */
export async function openOrdersCached({
  ids,
  statuses,
}: {
  ids: number[];
  statuses: string[];
}): Promise<{ orders: number; lines: number; allOrders: number } | null> {
  const dbs = await indexedDB.databases();
  const name = dbs.find((d) => d.name?.startsWith('dockhand-') && (d.version ?? 0) >= 2)?.name;
  if (!name) return null;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  try {
    if (!db.objectStoreNames.contains('purchaseOrderItems')) return null;
    const tx = db.transaction(['purchaseOrders'], 'readonly');
    const orders = tx.objectStore('purchaseOrders');
    const count = (request: IDBRequest<number>) =>
      new Promise<number>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    const allOrders = await count(orders.count());
    const byStatus = orders.index('status.name');
    const open = await Promise.all(statuses.map((status) => count(byStatus.count(status))));
    const openCached = open.reduce((sum, n) => sum + n, 0);
    if (ids.length === 0 || openCached < ids.length) return { allOrders, orders: openCached, lines: 0 };
    // In transactions of BATCH orders with the thread given back between them: 8,600 answers in one task
    // took ~100 ms of the page's main thread at dock-ready, and the longest-task figure measured the bench.
    const BATCH = 100;
    let cachedOrders = 0;
    let cachedLines = 0;
    for (let at = 0; at < ids.length; at += BATCH) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      const batch = db.transaction(['purchaseOrders', 'purchaseOrderItems'], 'readonly');
      const batchOrders = batch.objectStore('purchaseOrders');
      const batchLines = batch.objectStore('purchaseOrderItems').index('po_id');
      const counts = await Promise.all(
        ids
          .slice(at, at + BATCH)
          .map(
            async (id) => [await count(batchOrders.count(id)), await count(batchLines.count(id))] as const,
          ),
      );
      for (const [o, l] of counts) {
        cachedOrders += o;
        cachedLines += l;
      }
    }
    return { allOrders, orders: cachedOrders, lines: cachedLines };
  } finally {
    db.close();
  }
}

/**
 * In the page: the status bar says Idle (the engine is not pulling and no resource's pass is unfinished,
 * src/components/status/StatusBar.svelte) and has a last sync (the run recorded its completion).
 */
export function statusIdle(): boolean {
  const status = document.querySelector('[role="status"][aria-label="Sync status"]')?.textContent ?? '';
  return status.includes('Idle') && !status.includes('Last sync: never');
}

/**
 * In the page, with Dexie loaded as a script: a bulkPut of every cached row into an empty copy, CHUNK rows a
 * transaction, read in key order between the timed puts (the large demo's rows, read whole, made
 * IndexedDB fail the read: a DexieError instead of a baseline), the copy holding at most HELD rows.
 */
export async function bulkPutBaseline(tables: readonly string[]): Promise<{ ms: number; rows: number }> {
  const CHUNK = 5_000;
  const HELD = 50_000;
  let held = 0;
  const Dexie = (window as unknown as { Dexie: typeof import('dexie').Dexie }).Dexie;
  // Dexie's errors cross page.evaluate as a bare "DexieError": say which and where.
  let step = 'open';
  try {
    const dbs = await indexedDB.databases();
    const name = dbs.find((d) => d.name?.startsWith('dockhand-') && (d.version ?? 0) >= 2)!.name!;
    const source = new Dexie(name);
    await source.open();
    const present = source.tables.filter((table) => tables.includes(table.name));
    const copy = new Dexie(`bench-bulkput-${Date.now()}`);
    copy
      .version(1)
      .stores(
        Object.fromEntries(
          present.map((t) => [
            t.name,
            [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(','),
          ]),
        ),
      );
    await copy.open();
    let ms = 0;
    let rows = 0;
    for (const table of present) {
      let after: import('dexie').IndexableType | undefined;
      for (;;) {
        const range = after === undefined ? table.orderBy(':id') : table.where(':id').above(after);
        step = `read ${table.name} after ${JSON.stringify(after)}`;
        const keys = await range.clone().limit(CHUNK).primaryKeys();
        if (keys.length === 0) break;
        const chunk = await table.bulkGet(keys);
        after = keys[keys.length - 1];
        step = `put ${chunk.length} rows of ${table.name}`;
        const start = performance.now();
        await copy.table(table.name).bulkPut(chunk);
        ms += performance.now() - start;
        rows += chunk.length;
        held += chunk.length;
        // The page's storage is in memory (Playwright's context) with a quota the large demo's cache and a
        // whole copy of it exceed: the copy is emptied, untimed, every HELD rows.
        if (held >= HELD) {
          step = `clear ${table.name}`;
          await copy.table(table.name).clear();
          held = 0;
        }
      }
      step = `clear ${table.name}`;
      await copy.table(table.name).clear();
      held = 0;
    }
    source.close();
    step = 'delete the copy';
    await copy.delete();
    return { ms, rows };
  } catch (error) {
    const { name, message } = error as Error;
    throw new Error(`${step}: ${name}: ${message}`);
  }
}
