/**
 * Finding products in the cache by code or text, for every screen that picks or scans one (DOM-free, tested
 * over fake-indexeddb).
 *
 * A scan is an exact code: one seek of the products' code index, whichever field holds it. Typed searches
 * match names too, which no index can do, so they scan only the chosen supplier's products (a few dozen) and
 * find other products by code prefix through the same index: never a pass over 20,000 cached products per
 * keystroke.
 */
import type { Product } from '../api/resources';
import { readScan } from './receiving/cartons';
import { gtinRole, unitBarcode } from './receiving/gtin';
import { codeKey, type DockhandDb } from './schema';

/** What the form keeps of a product. */
export interface ProductChoice {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  buyPrice: number;
  supplierId: number;
}

export function choiceOf(product: Product): ProductChoice {
  return {
    id: product.id,
    name: product.short_description || product.supplier_sku || `Product ${product.id}`,
    sku: product.supplier_sku,
    barcode: product.supplier_sku2,
    buyPrice: product.supplier_buy_ex,
    supplierId: product.supplier.id,
  };
}

/** Which code a scan means, when two products share it in different fields: the barcode wins, then SKUs. */
const CODE_FIELDS = ['supplier_sku2', 'supplier_sku', 'manufacturer_sku'] as const;

/**
 * The product a scanned or typed code names, or undefined: one seek of the `_codes` index (every code of
 * every product, in upper case: src/db/schema.ts), so a hit and a miss cost the same, in any case. When the
 * code is several products' (one's barcode, another's SKU), an exact match beats a match in another case,
 * and the barcode beats the supplier's SKU, which beats the manufacturer's.
 */
export async function findProductByCode(db: DockhandDb, code: string): Promise<Product | undefined> {
  const wanted = code.trim();
  if (!wanted) return undefined;
  return (await byCode(db, wanted)) ?? (await byCarton(db, wanted));
}

/**
 * A carton's code that is none of a product's own: the GTIN a GS1 label names (./receiving/gs1.ts), or the
 * unit's barcode a GTIN-14 wraps or spells in 14 digits (./receiving/gtin.ts), so a carton finds its product.
 */
async function byCarton(db: DockhandDb, code: string): Promise<Product | undefined> {
  const read = readScan(code);
  const named = read.code !== code ? await byCode(db, read.code) : undefined;
  const role = read.gtin === null ? null : gtinRole(read.gtin);
  return named ?? (role ? byCode(db, unitBarcode(role.unit)) : undefined);
}

async function byCode(db: DockhandDb, wanted: string): Promise<Product | undefined> {
  const candidates = await db.products.where('_codes').equals(codeKey(wanted)).toArray();
  if (candidates.length <= 1) return candidates[0];
  const rank = (product: Product) => {
    const exact = CODE_FIELDS.findIndex((field) => product[field] === wanted);
    if (exact >= 0) return exact;
    const loose = CODE_FIELDS.findIndex((field) => codeKey(product[field] ?? '') === codeKey(wanted));
    return CODE_FIELDS.length + (loose >= 0 ? loose : CODE_FIELDS.length);
  };
  return candidates.reduce((best, product) => (rank(product) < rank(best) ? product : best));
}

function matches(product: Product, words: readonly string[]): boolean {
  const text = [
    product.short_description,
    product.supplier_sku,
    product.supplier_sku2,
    product.manufacturer_sku,
  ]
    .join('\n')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * Up to `limit` products for the text typed in "Find product": the supplier's products by name or code,
 * then any product whose code starts with the text.
 */
export async function searchProducts(
  db: DockhandDb,
  query: string,
  options: { supplierId: number | null; limit?: number },
): Promise<ProductChoice[]> {
  const limit = options.limit ?? 8;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found = new Map<number, Product>();
  if (options.supplierId !== null) {
    const own = await db.products.where('supplier.id').equals(options.supplierId).toArray();
    for (const product of own)
      if (found.size < limit && matches(product, words)) found.set(product.id, product);
  }
  const prefix = codeKey(query);
  if (found.size < limit && prefix) {
    // A product with two codes of the prefix has two index entries: read keys first, then distinct rows.
    const byCode = await db.products
      .where('_codes')
      .startsWith(prefix)
      .limit(limit * CODE_FIELDS.length)
      .primaryKeys();
    const wanted = [...new Set(byCode)].filter((id) => !found.has(id)).slice(0, limit - found.size);
    for (const product of await db.products.bulkGet(wanted)) if (product) found.set(product.id, product);
  }
  return [...found.values()].slice(0, limit).map(choiceOf);
}
