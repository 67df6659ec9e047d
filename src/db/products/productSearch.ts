/**
 * The products screen's search over the cached products (100,000 and more): a code, SKU or barcode by its
 * beginning, and the words of the short description, each through its multi-entry index (`_codes`,
 * `_words`: src/db/schema.ts). Only index keys are read to decide what matches; rows are read for the
 * matches shown, never for the whole table.
 */
import { codeKey, descriptionWords, type DockhandDb } from '../schema';

/** The most matches a search lists; the screen says when there are more and asks for more words. */
export const SEARCH_LIMIT = 200;
/**
 * Index keys read per word at most. A word more products have than this ("product", a one-letter word)
 * narrows nothing by its keys: it is checked against the rows the other words chose instead.
 */
const KEYS_PER_WORD = 20_000;
/** Keys read per word to tell a selective word from a common one. */
const PROBE_KEYS = 1_000;

/** Index keys a search may read per word: `probe` first, up to `cap` when every word is common. */
export interface KeyBudget {
  probe: number;
  cap: number;
}

export interface ProductMatches {
  /** Product ids, code matches first, then description matches in id order. */
  ids: number[];
  /** More products match than are listed (or than a search of only very common words can tell). */
  more: boolean;
}

/** The ids with a description word beginning `word`, or null when more than `cap` have one. */
async function idsWithWordPrefix(db: DockhandDb, word: string, cap: number): Promise<number[] | null> {
  const keys = (await db.products
    .where('_words')
    .startsWith(word)
    .limit(cap + 1)
    .primaryKeys()) as number[];
  return keys.length > cap ? null : [...new Set(keys)];
}

/** The description matches: the selective words' keys intersected, the common words checked on rows. */
async function descriptionMatches(
  db: DockhandDb,
  words: readonly string[],
  limit: number,
  { probe, cap }: KeyBudget,
): Promise<{ ids: number[]; more: boolean }> {
  // A cheap probe first: most searches have a word few products share, and then no word's keys need
  // reading past the probe. Only when every word is common are up to `cap` keys read per word.
  let sets = await Promise.all(words.map((word) => idsWithWordPrefix(db, word, probe)));
  if (probe < cap && sets.every((set) => set === null))
    sets = await Promise.all(words.map((word) => idsWithWordPrefix(db, word, cap)));
  const selective = sets.filter((set): set is number[] => set !== null).sort((a, b) => a.length - b.length);
  const common = words.filter((_word, index) => sets[index] === null);
  let candidates: number[];
  let unsure = false;
  if (selective.length > 0) {
    const [smallest, ...others] = selective;
    const othersSets = others.map((set) => new Set(set));
    candidates = smallest!.filter((id) => othersSets.every((set) => set.has(id)));
  } else {
    // Only common words: the first `cap` products with the first of them; more may match beyond.
    candidates = (await db.products
      .where('_words')
      .startsWith(common[0]!)
      .limit(cap)
      .primaryKeys()) as number[];
    unsure = true;
  }
  candidates = [...new Set(candidates)].sort((a, b) => a - b);
  if (common.length === 0) return { ids: candidates.slice(0, limit), more: candidates.length > limit };
  // Check the common words on the candidates' rows, a chunk at a time, until the list is full.
  const ids: number[] = [];
  for (let at = 0; at < candidates.length && ids.length <= limit; at += 500) {
    const rows = await db.products.bulkGet(candidates.slice(at, at + 500));
    for (const row of rows) {
      const own = row?._words ?? [];
      if (row && common.every((word) => own.some((w) => w.startsWith(word)))) ids.push(row.id);
    }
  }
  return { ids: ids.slice(0, limit), more: unsure || ids.length > limit };
}

/**
 * Products whose code begins with the text (typed or scanned as one code), then products whose description
 * has a word beginning with each word of the text, in any order.
 */
export async function searchProducts(
  db: DockhandDb,
  text: string,
  limit = SEARCH_LIMIT,
  keys: KeyBudget = { probe: PROBE_KEYS, cap: KEYS_PER_WORD },
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
    let more = false;
    if (words.length > 0) {
      const described = await descriptionMatches(db, words, limit, keys);
      for (const id of described.ids) found.add(id);
      more = described.more;
    }
    const ids = [...found];
    return { ids: ids.slice(0, limit), more: more || ids.length > limit };
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
