/**
 * Suppliers as the suppliers area reads them from the cache (DOM-free, tested over fake-indexeddb): the
 * list's rows with a search text and a badge, and one supplier with what the cache knows around it (its
 * purchase orders, their invoices, its returns), its queued changes, and an open by-id request when the
 * supplier is not cached yet. Suppliers arrive by id only (the engine fetches those that pulled records
 * name), so a supplier may be known before it is cached: `requestById` asks for it.
 */
import type { Product, Supplier, SupplierReturn } from '../../api/resources';
import { byIdRequest, type ByIdRequest } from '../byIdRequests';
import type { Choice } from '../parties';
import type { OpRecord } from '../ops';
import type { OrderBadge } from '../recordBadge';
import { badgeAmong, groupOf, listBadges, recordOps } from '../recordOps';
import type { CachedPurchaseOrder, CachedSupplierInvoice, DockhandDb, LocalMeta } from '../schema';
import { searchTextOf } from '../searchText';

export type CachedSupplier = Omit<Supplier, 'id'> & { id: number } & LocalMeta;
export type CachedSupplierReturn = Omit<SupplierReturn, 'id'> & { id: number } & LocalMeta;

export interface SupplierListRow {
  id: number;
  code: string | null;
  name: string | null;
  contact: string | null;
  phone: string | null;
  email: string | null;
  enabled: boolean;
  badge: OrderBadge | null;
  /** Code, name, contact and emails, lower-cased: what the search box matches. */
  searchText: string;
}

export function supplierRowOf(supplier: CachedSupplier, badge: OrderBadge | null): SupplierListRow {
  const email = supplier.order_email || supplier.contact_email || null;
  return {
    id: supplier.id,
    code: supplier.supplier_code,
    name: supplier.name,
    contact: supplier.contact_name,
    phone: supplier.phone,
    email,
    enabled: supplier.is_enabled,
    badge,
    searchText: searchTextOf([
      supplier.supplier_code,
      supplier.name,
      supplier.contact_name,
      supplier.contact_email,
      supplier.order_email,
    ]),
  };
}

/** Every cached supplier as a list row (2,000 in the large demo: a few small rows, read whole). */
export async function supplierRows(db: DockhandDb): Promise<SupplierListRow[]> {
  return db.transaction('r', db.suppliers, db.outbox, async () => {
    const suppliers = (await db.suppliers.toArray()) as CachedSupplier[];
    const badge = await listBadges(db, suppliers);
    return suppliers.map((supplier) => supplierRowOf(supplier, badge(supplier)));
  });
}

export interface SupplierDetail {
  supplier: CachedSupplier | null;
  /** When the supplier is not cached: the open request to fetch it, if any. */
  request: ByIdRequest | null;
  orders: CachedPurchaseOrder[];
  invoices: CachedSupplierInvoice[];
  returns: CachedSupplierReturn[];
  /** Products whose main supplier this is (the first PRODUCTS_SHOWN), and how many there are. */
  products: Pick<Product, 'id' | 'short_description' | 'supplier_sku' | 'supplier_sku2'>[];
  productCount: number;
  /** Live queued changes of the supplier, oldest first. */
  ops: OpRecord[];
  badge: OrderBadge | null;
}

/** Products are large records (inventory, prices): only the first ones are read for the detail. */
export const PRODUCTS_SHOWN = 50;

/** Newest first: orders and invoices made here (negative temp ids) on top, then by id. */
const newestFirst = <T extends { id: number }>(rows: T[]) =>
  rows.sort((a, b) => (b.id < 0 ? 2 ** 31 - b.id : b.id) - (a.id < 0 ? 2 ** 31 - a.id : a.id));

export async function loadSupplier(db: DockhandDb, id: number): Promise<SupplierDetail> {
  const supplier = ((await db.suppliers.get(id)) as CachedSupplier | undefined) ?? null;
  const ops = await recordOps(db, groupOf('updateSupplier'), id);
  const orders = newestFirst(await db.purchaseOrders.where('supplier.id').equals(id).toArray());
  const invoices = orders.length
    ? newestFirst(
        await db.supplierInvoices
          .where('_poIds')
          .anyOf(orders.map((order) => order.id))
          .distinct()
          .toArray(),
      )
    : [];
  const returns = newestFirst(await db.supplierReturns.where('supplier.id').equals(id).toArray());
  const ofSupplier = db.products.where('supplier.id').equals(id);
  const products = (await ofSupplier.clone().limit(PRODUCTS_SHOWN).toArray()).map(
    ({ id: productId, short_description, supplier_sku, supplier_sku2 }) => ({
      id: productId,
      short_description,
      supplier_sku,
      supplier_sku2,
    }),
  );
  return {
    supplier,
    products,
    productCount: await ofSupplier.count(),
    request: supplier ? null : await byIdRequest(db, 'suppliers', id),
    orders,
    invoices,
    returns,
    ops,
    badge: supplier ? badgeAmong(supplier._pendingOps, ops) : null,
  };
}

/** `{value, label}` choices (../parties.ts): shipping ports from the cache, countries as records name them. */
export type { Choice };

export async function shippingPortChoices(db: DockhandDb): Promise<Choice[]> {
  const ports = await db.shippingPorts.toArray();
  return ports
    .map((port) => ({ value: port.id, label: port.name || `Port ${port.id}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Countries, as the cache knows them: the API has no country list, but suppliers name their country of
 * origin and returns their address's country with `{id, name}`; ids only seen without a name read "Country N".
 */
export async function countryChoices(db: DockhandDb, alsoIds: readonly number[] = []): Promise<Choice[]> {
  const names = new Map<number, string>();
  await db.suppliers.each((supplier) => {
    names.set(supplier.country_of_origin.id, supplier.country_of_origin.name);
  });
  await db.supplierReturns.each((row) => {
    const country = row.supplier_address.country;
    if (country) names.set(country.id, country.name);
  });
  for (const id of alsoIds) if (!names.has(id)) names.set(id, `Country ${id}`);
  return [...names]
    .map(([value, label]) => ({ value, label: label || `Country ${value}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
