/**
 * The suppliers attached to each product. Exactly one is the default: the product's own supplier (the one its
 * purchase orders go to), carrying the product's barcode as supplier_sku2. About a quarter of products also
 * have an alternate supplier from the same category, and a few keep a former supplier soft-deleted
 * (is_deleted true, never the default). Each list names a supplier code at most once, as the by-code endpoint
 * requires.
 */
import type { Product, ProductSupplier } from '../../src/api/resources';
import { rngOf, type GenContext } from './context';
import { money, type Rng } from './random';
import type { SupplierProfile } from './suppliers';

const NOTES = [
  'Backup supplier for peak season',
  'Price agreed until June',
  'Longer lead time, use for restocks',
];

export function generateProductSuppliers(
  context: GenContext,
  suppliers: readonly SupplierProfile[],
): Map<number, ProductSupplier[]> {
  const rng = rngOf(context, 'productSuppliers');
  const byCategory = new Map<string, SupplierProfile[]>();
  for (const supplier of suppliers) {
    const pool = byCategory.get(supplier.category) ?? [];
    pool.push(supplier);
    byCategory.set(supplier.category, pool);
  }

  const lists = new Map<number, ProductSupplier[]>();
  for (const supplier of suppliers) {
    for (const product of supplier.products) {
      const list = [entry(product, supplier, { isDefault: true, buy: product.supplier_buy_ex, notes: null })];
      list[0]!.supplier_sku2 = product.supplier_sku2;
      const pool = byCategory.get(supplier.category)!;
      const extra = (rng.chance(0.25) ? 1 : 0) + (rng.chance(0.05) ? 1 : 0) + (rng.chance(0.05) ? 1 : 0);
      for (let i = 0; i < extra; i++) {
        const other = pickOther(rng, pool, suppliers, list);
        if (!other) break;
        const deleted = i === 2 || (extra === 1 && rng.chance(0.15));
        const alternate = entry(product, other, {
          isDefault: false,
          buy: money(product.supplier_buy_ex * rng.float(0.95, 1.15)),
          notes: rng.chance(0.4) ? rng.pick(NOTES) : null,
        });
        alternate.supplier_sku2 = rng.chance(0.5) ? `${other.code}-${product.id}` : null;
        alternate.is_deleted = deleted;
        list.push(alternate);
      }
      lists.set(product.id, list);
    }
  }
  return lists;
}

function entry(
  product: Product,
  supplier: SupplierProfile,
  options: { isDefault: boolean; buy: number; notes: string | null },
): ProductSupplier {
  return {
    product_id: product.id,
    supplier_code: supplier.code,
    supplier_name: supplier.record.name,
    is_enabled: supplier.record.is_enabled,
    supplier_buy_ex: options.buy,
    supplier_sku2: null,
    lead_time: supplier.leadTimeDays,
    is_default: options.isDefault,
    notes: options.notes,
    is_deleted: false,
  };
}

/** A supplier not yet in the list: same category when one is left, else any. Null when none is left. */
function pickOther(
  rng: Rng,
  pool: readonly SupplierProfile[],
  all: readonly SupplierProfile[],
  list: readonly ProductSupplier[],
): SupplierProfile | null {
  const taken = (candidate: SupplierProfile) => list.some((item) => item.supplier_code === candidate.code);
  for (const candidates of [pool, all]) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const candidate = rng.pick(candidates);
      if (!taken(candidate)) return candidate;
    }
  }
  return null;
}
