/**
 * The suppliers and outlets an order can be raised for, from the cache (DOM-free, tested over
 * fake-indexeddb). Suppliers and outlets are fetched by id only after the first sync has found them in
 * orders and products, so until then (and when the network drops early) they are known only as references
 * inside cached records: those are offered too, so an order can be raised offline from the first minute.
 */
import type { DockhandDb } from './schema';

export interface Choice {
  value: number;
  label: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

function supplierLabel(id: number, name: string | null, code: string | null): string {
  const shown = name || `Supplier ${id}`;
  return code ? `${shown} (${code})` : shown;
}

export async function supplierChoices(
  db: DockhandDb,
  options: { enabledOnly?: boolean } = {},
): Promise<Choice[]> {
  const cached = await db.suppliers.toArray();
  const known = new Set(cached.map((supplier) => supplier.id));
  const choices = cached
    .filter((supplier) => !options.enabledOnly || supplier.is_enabled)
    .map((supplier) => ({
      value: supplier.id,
      label: supplierLabel(supplier.id, supplier.name, supplier.supplier_code),
    }));
  // Products name their supplier with its code; the index gives the ids without reading the products.
  const referenced = (await db.products.orderBy('supplier.id').uniqueKeys()) as number[];
  const missing = referenced.filter((id) => !known.has(id));
  const found = await Promise.all(missing.map((id) => db.products.where('supplier.id').equals(id).first()));
  for (const product of found) {
    if (!product || (options.enabledOnly && !product.supplier.is_enabled)) continue;
    const { id, name, supplier_code } = product.supplier;
    choices.push({ value: id, label: supplierLabel(id, name, supplier_code) });
  }
  return choices.sort(byLabel);
}

export async function outletChoices(
  db: DockhandDb,
  options: { enabledOnly?: boolean } = {},
): Promise<Choice[]> {
  const cached = await db.outlets.toArray();
  const known = new Set(cached.map((outlet) => outlet.id));
  const choices = cached
    .filter((outlet) => !options.enabledOnly || outlet.enabled)
    .map((outlet) => ({ value: outlet.id, label: outlet.name ?? `Outlet ${outlet.id}` }));
  const referenced = (await db.purchaseOrders.orderBy('outlet.id').uniqueKeys()) as number[];
  const missing = referenced.filter((id) => !known.has(id));
  const found = await Promise.all(
    missing.map((id) => db.purchaseOrders.where('outlet.id').equals(id).first()),
  );
  for (const order of found) if (order) choices.push({ value: order.outlet.id, label: order.outlet.name });
  return choices.sort(byLabel);
}
