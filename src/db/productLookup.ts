/**
 * Finding products in the cache by code or text, for every screen that picks or scans one (DOM-free, tested
 * over fake-indexeddb).
 *
 * A scan is an exact code: the EAN-13 (supplier_sku2) first, then the supplier's and the manufacturer's SKU,
 * each through its own index. Typed searches match names too, which no index can do, so they scan only the
 * chosen supplier's products (a few dozen) and find other products by code prefix through the indexes:
 * never a pass over 20,000 cached products per keystroke.
 */
import type { Product } from '../api/resources';
import type { DockhandDb } from './schema';

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

const CODE_INDEXES = ['supplier_sku2', 'supplier_sku', 'manufacturer_sku'] as const;

/** The product a scanned or typed code names, or undefined. */
export async function findProductByCode(db: DockhandDb, code: string): Promise<Product | undefined> {
  const wanted = code.trim();
  if (!wanted) return undefined;
  // Each pass sends its index queries together in one read transaction, so IndexedDB answers them in one
  // round trip: one after another, a miss cost five (bench/receiving measures it among 100,000 products).
  // 'r?' joins a caller's transaction when that one covers products.
  // Each pass sends its index queries together, in one read transaction, so IndexedDB answers them in one
  // round trip: one after another, a miss cost five (`npm run bench:receiving` measures it among 100,000
  // products). 'r?' joins a caller's transaction when that one covers products.
  return db.transaction('r?', db.products, async () => {
    const exact = await Promise.all(
      CODE_INDEXES.map((index) => db.products.where(index).equals(wanted).first()),
    );
    const found = exact.find((product) => product !== undefined);
    // A code without letters (a barcode) has no other case: the exact pass has already looked for it.
    if (found || wanted.toLowerCase() === wanted.toUpperCase()) return found;
    // People type SKUs in any case; a scanner never varies, so this slower pass comes last.
    const loose = await Promise.all(
      CODE_INDEXES.slice(1).map((index) => db.products.where(index).equalsIgnoreCase(wanted).first()),
    );
    return loose.find((product) => product !== undefined);
  });
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
  const prefix = query.trim();
  for (const index of CODE_INDEXES) {
    if (found.size >= limit) break;
    const byCode = await db.products
      .where(index)
      .startsWithIgnoreCase(prefix)
      .limit(limit - found.size)
      .toArray();
    for (const product of byCode) found.set(product.id, product);
  }
  return [...found.values()].slice(0, limit).map(choiceOf);
}
