/**
 * The products screen's search over the cached products (100,000 and more): a code, SKU or barcode by its
 * beginning, and the words of the short description, each through its multi-entry index (`_codes`,
 * `_words`: src/db/schema.ts). Only index keys are read to decide what matches; rows are read for the
 * matches shown, never for the whole table.
 */
import { codeKey, descriptionWords, type DockhandDb } from '../schema';

/** The most matches a search lists; the screen says when there are more and asks for more words. */
export const SEARCH_LIMIT = 200;
/** Index keys read per word at most: a one-letter word would otherwise read the keys of every product. */
const KEYS_PER_WORD = 20_000;

export interface ProductMatches {
  /** Product ids, code matches first, then description matches in id order. */
  ids: number[];
  /** More products match than are listed. */
  more: boolean;
}

async function idsWithWordPrefix(db: DockhandDb, word: string): Promise<number[]> {
  return (await db.products.where('_words').startsWith(word).limit(KEYS_PER_WORD).primaryKeys()) as number[];
}

/**
 * Products whose code begins with the text (typed or scanned as one code), then products whose description
 * has a word beginning with each word of the text, in any order.
 */
export async function searchProducts(
  db: DockhandDb,
  text: string,
  limit = SEARCH_LIMIT,
): Promise<ProductMatches> {
  const code = codeKey(text);
  const words = descriptionWords(text);
  if (!code && words.length === 0) return { ids: [], more: false };
  return db.transaction('r', db.products, async () => {
    const found = new Set<number>();
    if (code && !/\s/.test(code)) {
      const byCode = await db.products
        .where('_codes')
        .startsWith(code)
        .limit(limit * 3 + 1)
        .primaryKeys();
      for (const id of byCode) found.add(id);
    }
    if (words.length > 0) {
      // The longest word first: it names the fewest products, so the others only narrow it.
      const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
      let matching = new Set(await idsWithWordPrefix(db, first!));
      for (const word of rest) {
        if (matching.size === 0) break;
        const next = new Set(await idsWithWordPrefix(db, word));
        matching = new Set([...matching].filter((id) => next.has(id)));
      }
      for (const id of [...matching].sort((a, b) => a - b)) found.add(id);
    }
    const ids = [...found];
    return { ids: ids.slice(0, limit), more: ids.length > limit };
  });
}

/** A product as a line of the search results. */
export interface ProductListRow {
  id: number;
  description: string;
  sku: string;
  barcode: string;
  manufacturerSku: string;
  supplier: string;
  /** Units available over every outlet the product's stock names. */
  available: number;
}

export interface ProductSearchResult {
  rows: ProductListRow[];
  more: boolean;
}

/** The matches of `text` as list rows, in match order (rows read for the matches only). */
export async function searchProductRows(db: DockhandDb, text: string): Promise<ProductSearchResult> {
  const { ids, more } = await searchProducts(db, text);
  const products = await db.products.bulkGet(ids);
  const rows = products
    .filter((product) => product !== undefined)
    .map((product) => ({
      id: product.id,
      description: product.short_description || `Product ${product.id}`,
      sku: product.supplier_sku,
      barcode: product.supplier_sku2,
      manufacturerSku: product.manufacturer_sku,
      supplier: product.supplier.name ?? product.supplier.supplier_code ?? '',
      available: (product.inventory ?? []).reduce((sum, row) => sum + row.quantity_available, 0),
    }));
  return { rows, more };
}
