/**
 * The suppliers and outlets an order can be raised for, from the cache (DOM-free, tested over
 * fake-indexeddb). Suppliers and outlets are fetched by id only after the first sync has found them in
 * orders and products, so until then (and when the network drops early) they are known only as references
 * inside cached records: those are offered too, so an order can be raised offline from the first minute.
 */
import Dexie from 'dexie';
import type { DockhandDb } from './schema';
import { bulkGetInSlices, DEFAULT_SLICES, SliceBudget, sortInSlices, type SlicePolicy } from './yieldingRead';

export interface Choice {
  value: number;
  label: string;
}

interface Reference {
  choice: Choice;
  enabled: boolean;
}

/**
 * Parties known only as references, by the id a record named them with, kept per database for the page's
 * life. These choices are live queries that re-run on every commit to products or orders, and a first sync
 * commits hundreds of slices: looking up every referenced supplier again (2,000 in the large demo, one
 * read each) took 34 s of the renderer's 123 s in the first two minutes of that sync (bench/sync
 * --profile). A reference's name is a stand-in until the record itself is fetched by id, which replaces it.
 */
const referencesByDb = new WeakMap<
  DockhandDb,
  { suppliers: Map<number, Reference>; outlets: Map<number, Reference> }
>();

function referencedParties(db: DockhandDb) {
  let parties = referencesByDb.get(db);
  if (!parties) referencesByDb.set(db, (parties = { suppliers: new Map(), outlets: new Map() }));
  return parties;
}

/** One collator for every sort: `localeCompare` sets one up per call, 20,000 times for 2,000 suppliers. */
const collator = new Intl.Collator();
const byLabel = (a: Choice, b: Choice) => collator.compare(a.label, b.label);

function supplierLabel(id: number, name: string | null, code: string | null): string {
  const shown = name || `Supplier ${id}`;
  return code ? `${shown} (${code})` : shown;
}

/**
 * The cached suppliers as choices, per database, read again only after a commit to the suppliers table (its
 * `generation`, bumped by Dexie's storagemutated, across threads: the pull worker's commits too). The choices
 * re-run after every slice of products a first sync commits, and re-reading 2,000 unchanged suppliers each
 * time was most of their work (issue #24).
 */
interface SupplierRead {
  generation: number;
  rows: Reference[];
}
const supplierReads = new WeakMap<DockhandDb, SupplierRead>();
const supplierGenerations = new Map<string, number>();
let watching = false;

/** Dexie names what a commit changed `idb://<database>/<table>/<index>`. */
const SUPPLIERS_PART = /^idb:\/\/(.*)\/suppliers\//;

function suppliersGeneration(db: DockhandDb): number {
  if (!watching) {
    watching = true;
    Dexie.on('storagemutated', (parts) => {
      const names = new Set(Object.keys(parts).map((part) => SUPPLIERS_PART.exec(part)?.[1]));
      for (const name of names)
        if (name !== undefined) supplierGenerations.set(name, (supplierGenerations.get(name) ?? 0) + 1);
    });
  }
  return supplierGenerations.get(db.name) ?? 0;
}

/**
 * The cached suppliers, a slice at a time with the thread given back between slices (./yieldingRead.ts), not
 * as one request whose 2,000 rows are cloned and made into choices in one callback (issue #24); so not in one
 * transaction either: a commit between slices bumps the generation, and the next run reads them again.
 */
async function cachedSuppliers(db: DockhandDb, slices: SlicePolicy, budget: SliceBudget) {
  const generation = suppliersGeneration(db);
  const last = supplierReads.get(db);
  if (last && last.generation === generation) return last.rows;
  const keys = await db.suppliers.toCollection().primaryKeys();
  const rows = (await bulkGetInSlices(db.suppliers, keys, slices, budget))
    .filter((supplier) => supplier !== undefined)
    .map((supplier) => ({
      choice: {
        value: supplier.id,
        label: supplierLabel(supplier.id, supplier.name, supplier.supplier_code),
      },
      enabled: supplier.is_enabled,
    }));
  supplierReads.set(db, { generation, rows });
  return rows;
}

/**
 * Lookups of suppliers known only by reference issued per transaction. Issuing a read costs Dexie a little
 * main-thread time each: the 2,000 of the large demo's first run, issued at once, were one task of 330 ms at
 * 4× CPU throttle (bench/stress/profile.ts).
 */
export const LOOKUPS_PER_TASK = 50;

/** One product per supplier id in `ids` (the first by the supplier index), `LOOKUPS_PER_TASK` per task. */
async function referencedSuppliers(db: DockhandDb, ids: readonly number[], budget: SliceBudget) {
  const seen = referencedParties(db).suppliers;
  for (let at = 0; at < ids.length; at += LOOKUPS_PER_TASK) {
    if (at > 0) await budget.pause();
    // One read transaction a batch: its lookups share it instead of opening one each.
    const found = await db.transaction('r', db.products, () =>
      Promise.all(
        ids.slice(at, at + LOOKUPS_PER_TASK).map((id) => db.products.where('supplier.id').equals(id).first()),
      ),
    );
    for (const product of found) {
      if (!product) continue;
      const { id, name, supplier_code, is_enabled } = product.supplier;
      seen.set(id, {
        choice: { value: id, label: supplierLabel(id, name, supplier_code) },
        enabled: is_enabled,
      });
    }
  }
}

/** The last answer per database and `enabledOnly`, with what it was made of: the same again is not sorted. */
const lastChoices = new WeakMap<DockhandDb, Map<boolean, { from: readonly unknown[]; choices: Choice[] }>>();

const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The suppliers, from the cache (`cachedSuppliers`) and from references in products, by label. Sorted in
 * slices too (2,000 labels by the collator were a long task of their own), and not at all when neither the
 * cached suppliers nor the referenced ids changed since the last answer, which is given again.
 */
export async function supplierChoices(
  db: DockhandDb,
  options: { enabledOnly?: boolean } = {},
  slices: SlicePolicy = DEFAULT_SLICES,
): Promise<Choice[]> {
  const enabledOnly = options.enabledOnly ?? false;
  const budget = new SliceBudget(slices);
  const cached = await cachedSuppliers(db, slices, budget);
  // Products name their supplier with its code; the index gives the ids without reading the products.
  const referenced = (await db.products.orderBy('supplier.id').uniqueKeys()) as number[];
  const last = lastChoices.get(db)?.get(enabledOnly);
  if (last && sameItems(last.from, [cached, ...referenced])) return last.choices;
  const known = new Set(cached.map((row) => row.choice.value));
  const seen = referencedParties(db).suppliers;
  await referencedSuppliers(
    db,
    referenced.filter((id) => !known.has(id) && !seen.has(id)),
    budget,
  );
  const offered = cached.filter((row) => !enabledOnly || row.enabled).map((row) => row.choice);
  for (const id of referenced) {
    const reference = known.has(id) ? undefined : seen.get(id);
    if (reference && (!enabledOnly || reference.enabled)) offered.push(reference.choice);
  }
  await budget.pause();
  const choices = await sortInSlices(offered, byLabel, budget);
  let byOption = lastChoices.get(db);
  if (!byOption) lastChoices.set(db, (byOption = new Map()));
  byOption.set(enabledOnly, { from: [cached, ...referenced], choices });
  return choices;
}

export async function outletChoices(
  db: DockhandDb,
  options: { enabledOnly?: boolean } = {},
): Promise<Choice[]> {
  return db.transaction('r', db.outlets, db.purchaseOrders, async () => {
    const cached = await db.outlets.toArray();
    const known = new Set(cached.map((outlet) => outlet.id));
    const choices = cached
      .filter((outlet) => !options.enabledOnly || outlet.enabled)
      .map((outlet) => ({ value: outlet.id, label: outlet.name ?? `Outlet ${outlet.id}` }));
    const referenced = (await db.purchaseOrders.orderBy('outlet.id').uniqueKeys()) as number[];
    const seen = referencedParties(db).outlets;
    const missing = referenced.filter((id) => !known.has(id) && !seen.has(id));
    const found = await Promise.all(
      missing.map((id) => db.purchaseOrders.where('outlet.id').equals(id).first()),
    );
    for (const order of found)
      if (order)
        seen.set(order.outlet.id, {
          choice: { value: order.outlet.id, label: order.outlet.name },
          enabled: true,
        });
    for (const id of referenced) {
      const reference = known.has(id) ? undefined : seen.get(id);
      if (reference) choices.push(reference.choice);
    }
    return choices.sort(byLabel);
  });
}
