/**
 * A return takes only its supplier's products (issue 26): is the product linked to the return's supplier in
 * the cached product suppliers (GET /products/{id}/suppliers, swept by electron/core/sync/pull/productSuppliers.ts)?
 * DOM-free, tested over fake-indexeddb.
 *
 * The rule is Dockhand's own. The API's item create body names only a product (../../../shared/seed is the
 * contract; src/api/requests/supplierReturn.ts) and the server checks only that the product exists
 * (server/domain/purchasing/supplierReturnItems.ts): it accepts any product on any return. So the rule is
 * enforced here, and a clerk may deliberately add a product anyway (a supplier taking back a line it no
 * longer lists, or a link not yet recorded), which the server accepts as it would any item.
 *
 * Three answers, never a guess:
 *  - linked      the product's own supplier (its record's `supplier`, the default link) is the return's, or
 *                a live link names it (by code, or by name while the supplier's record is not on this
 *                computer: the link's supplier_name is read from the supplier);
 *  - not-linked  the product's links are known and none names it (including a product with no supplier);
 *  - unknown     the product's links have not been fetched yet (the sweep reads 50 products a run) and its
 *                own supplier is another, or the return's supplier can't be told.
 */
import type { Product, ProductSupplier } from '../../api/resources';
import type { DockhandDb } from '../schema';
import type { CachedSupplierReturn } from './returnRecords';

/** The sweep's cursor (electron/core/sync/pull/productSuppliers.ts, PRODUCT_SUPPLIERS). */
const SWEEP = 'productSuppliers';
const EPOCH = '1970-01-01T00:00:00.000Z';

export type SupplierLinkVerdict = 'linked' | 'not-linked' | 'unknown';

export interface SupplierLink {
  verdict: SupplierLinkVerdict;
  /** What the clerk is told when it is not linked or unknown; null when linked. */
  message: string | null;
}

export interface SupplierLinkInput {
  productName: string;
  /** The return's supplier; `code` null while its record is not on this computer. */
  supplier: { id: number; name: string; code: string | null };
  /** The product's own supplier, as its record names it. */
  ownSupplier: { id: number; name: string | null } | null;
  /** The product's cached links (deleted ones are ignored). */
  links: readonly Pick<ProductSupplier, 'supplier_code' | 'supplier_name' | 'is_deleted'>[];
  /** Whether the product's links have been fetched (so no links means it has none). */
  fetched: boolean;
}

/** What the rule reads of a product: its names, and its own supplier when the caller has it. */
type ProductRef = Pick<Product, 'id' | 'short_description' | 'supplier_sku'> & {
  supplier?: Product['supplier'];
};

export const productNameOf = (product: Pick<Product, 'id' | 'short_description' | 'supplier_sku'>) =>
  product.short_description || product.supplier_sku || `Product ${product.id}`;

const sameName = (a: string | null, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The verdict for one product and supplier, in a clerk's words (pure). */
export function judgeSupplierLink({
  productName,
  supplier,
  ownSupplier,
  links,
  fetched,
}: SupplierLinkInput): SupplierLink {
  const live = links.filter((link) => !link.is_deleted);
  const names = (link: (typeof live)[number]) => link.supplier_name || link.supplier_code;
  const supplierName = supplier.name || 'this supplier';
  if (supplier.code === null && !supplier.name)
    return {
      verdict: 'unknown',
      message: `This computer doesn’t know this return’s supplier yet, so it can’t check that ${productName} comes from them.`,
    };
  const matches = (link: (typeof live)[number]) =>
    supplier.code !== null
      ? link.supplier_code === supplier.code
      : sameName(link.supplier_name, supplier.name);
  if (ownSupplier?.id === supplier.id || live.some(matches)) return { verdict: 'linked', message: null };
  if (!live.length && !fetched) {
    const own = ownSupplier?.name;
    return {
      verdict: 'unknown',
      message: own
        ? `${productName} comes from ${own}. This computer hasn’t fetched its other suppliers yet, so it can’t check that ${supplierName} also supplies it.`
        : `This computer hasn’t fetched the suppliers of ${productName} yet, so it can’t check that ${supplierName} supplies it.`,
    };
  }
  const others = live.map(names);
  return {
    verdict: 'not-linked',
    message:
      `${productName} isn’t supplied by ${supplierName} — it can’t go on this return.` +
      (others.length ? ` It comes from ${others.join(', ')}.` : ' It has no supplier on record.'),
  };
}

/**
 * Whether the sweep has read this product's links: the batch that covered it finished after the product was
 * stored here, or a whole sweep finished after that. A product stored after the sweep passed its id waits
 * for the next sweep, as the puller says.
 */
function linksFetched(
  cursor: { id: number; modifiedOn: string; completedAt: string } | undefined,
  productId: number,
  storedAt: string | undefined,
): boolean {
  if (!cursor || !storedAt) return false;
  const inThisSweep = cursor.id > 0 && productId <= cursor.id && storedAt <= cursor.completedAt;
  const lastSweep = cursor.modifiedOn > EPOCH && storedAt <= cursor.modifiedOn;
  return inThisSweep || lastSweep;
}

/** The verdict for `product` on return `supplierReturn`, read from the cache (callers may hold a transaction). */
export async function supplierLinkOf(
  db: DockhandDb,
  supplierReturn: Pick<CachedSupplierReturn, 'supplier'>,
  product: ProductRef,
): Promise<SupplierLink> {
  const [supplier, links, cached, cursor] = await Promise.all([
    db.suppliers.get(supplierReturn.supplier.id),
    db.productSuppliers.where('product_id').equals(product.id).toArray(),
    db.products.get(product.id),
    db.cursors.get(SWEEP),
  ]);
  return judgeSupplierLink({
    productName: productNameOf(product),
    supplier: {
      id: supplierReturn.supplier.id,
      name: supplierReturn.supplier.name || supplier?.name || '',
      code: supplier?.supplier_code ?? null,
    },
    ownSupplier: (cached ?? product).supplier ?? null,
    links,
    fetched: linksFetched(cursor, product.id, cached?._fetchedAt),
  });
}

/** The same for return `returnId` as cached; null when the return is not on this computer. */
export async function supplierLinkOnReturn(
  db: DockhandDb,
  returnId: number,
  product: ProductRef,
): Promise<SupplierLink | null> {
  const supplierReturn = await db.supplierReturns.get(returnId);
  return supplierReturn ? supplierLinkOf(db, supplierReturn, product) : null;
}
