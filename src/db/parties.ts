/**
 * The suppliers and outlets an order can be raised for, from the cache (DOM-free, tested over
 * fake-indexeddb). Suppliers and outlets are fetched by id only after the first sync has found them in
 * orders and products, so until then (and when the network drops early) they are known only as references
 * inside cached records: those are offered too, so an order can be raised offline from the first minute.
 */
import type { DockhandDb } from './schema';
import { bulkGetInSlices, DEFAULT_SLICES, SliceBudget, type SlicePolicy } from './yieldingRead';

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
 * The suppliers, from the cache and from references in products. The cached suppliers are read a slice at
 * a time with the thread given back between slices (./yieldingRead.ts), not as one request whose 2,000 rows
 * are cloned and made into choices in one callback (issue #24); so not in one transaction either: a commit
 * between slices shows in the next run, which the commit sets off.
 */
export async function supplierChoices(
  db: DockhandDb,
  options: { enabledOnly?: boolean } = {},
  slices: SlicePolicy = DEFAULT_SLICES,
): Promise<Choice[]> {
  const budget = new SliceBudget(slices);
  const keys = await db.suppliers.toCollection().primaryKeys();
  const cached = (await bulkGetInSlices(db.suppliers, keys, slices, budget)).filter(
    (supplier) => supplier !== undefined,
  );
  const known = new Set(cached.map((supplier) => supplier.id));
  const choices = cached
    .filter((supplier) => !options.enabledOnly || supplier.is_enabled)
    .map((supplier) => ({
      value: supplier.id,
      label: supplierLabel(supplier.id, supplier.name, supplier.supplier_code),
    }));
  // Products name their supplier with its code; the index gives the ids without reading the products.
  const referenced = (await db.products.orderBy('supplier.id').uniqueKeys()) as number[];
  const seen = referencedParties(db).suppliers;
  const missing = referenced.filter((id) => !known.has(id) && !seen.has(id));
  // One read transaction: the lookups share it instead of opening one each.
  const found = await db.transaction('r', db.products, () =>
    Promise.all(missing.map((id) => db.products.where('supplier.id').equals(id).first())),
  );
  for (const product of found) {
    if (!product) continue;
    const { id, name, supplier_code, is_enabled } = product.supplier;
    seen.set(id, {
      choice: { value: id, label: supplierLabel(id, name, supplier_code) },
      enabled: is_enabled,
    });
  }
  for (const id of referenced) {
    const reference = known.has(id) ? undefined : seen.get(id);
    if (reference && (!options.enabledOnly || reference.enabled)) choices.push(reference.choice);
  }
  await budget.pause();
  return choices.sort(byLabel);
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
