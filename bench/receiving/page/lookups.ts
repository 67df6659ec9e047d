/**
 * `findProductByCode` (src/db/productLookup.ts) among the seeded products, over the page's IndexedDB as the
 * app uses it: random existing barcodes and SKUs, and codes no product has (a miss tries every index, then the
 * case-insensitive passes, so it is the slowest answer). The baseline is the cheapest read there is, a
 * primary-key `db.products.get(id)`, measured in the same loop. The products screen's search is timed the
 * same way. Kinds take turns, so a slow moment of the
 * machine lands on all of them alike; every answer is checked, and a wrong one is a harness error.
 */
import { findProductByCode } from '../../../src/db/productLookup';
import { searchProducts } from '../../../src/db/products/productSearch';
import type { DockhandDb } from '../../../src/db/schema';
import { barcodeOf, PRODUCT_COUNT, skuOf, unknownBarcode, unknownSku } from './catalogue';
import { seededRandom } from '../../../src/lib/seededRandom';

export const LOOKUP_KINDS = [
  'get',
  'barcode',
  'sku',
  'missBarcode',
  'missSku',
  'searchWords',
  'searchCode',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
export type LookupSamples = Record<LookupKind, number[]>;

/** The same product ids every run (src/lib/seededRandom.ts). */
function randomIds(seed: number): () => number {
  const unit = seededRandom(seed);
  return () => 1 + Math.floor(unit() * PRODUCT_COUNT);
}

async function timed(run: () => Promise<number | undefined>, expected: number | undefined): Promise<number> {
  const start = performance.now();
  const found = await run();
  const ms = performance.now() - start;
  if (found !== expected) throw new Error(`lookup answered ${found}, expected ${expected}`);
  return ms;
}

/** `perKind` timed lookups of each kind after `warmUp` untimed rounds. */
export async function benchLookups(
  db: DockhandDb,
  options: { perKind: number; warmUp: number; seed: number },
): Promise<LookupSamples> {
  const nextId = randomIds(options.seed);
  const samples = Object.fromEntries(LOOKUP_KINDS.map((kind) => [kind, []])) as unknown as LookupSamples;
  const byCode = async (code: string) => (await findProductByCode(db, code))?.id;
  const searched = async (text: string, id: number) =>
    (await searchProducts(db, text)).ids.includes(id) ? id : undefined;
  for (let round = 0; round < options.warmUp + options.perKind; round++) {
    const id = nextId();
    const ms: Record<LookupKind, number> = {
      get: await timed(async () => (await db.products.get(id))?.id, id),
      barcode: await timed(() => byCode(barcodeOf(id)), id),
      sku: await timed(() => byCode(skuOf(id)), id),
      missBarcode: await timed(() => byCode(unknownBarcode(id)), undefined),
      missSku: await timed(() => byCode(unknownSku(id)), undefined),
      // The products screen's search (src/db/products/productSearch.ts): two words of a description, one of
      // them every product has; and the beginning of a supplier SKU. The product must be among the matches.
      searchWords: await timed(() => searched(`${id} product`, id), id),
      searchCode: await timed(() => searched(skuOf(id).slice(0, -1), id), id),
    };
    if (round < options.warmUp) continue;
    for (const kind of LOOKUP_KINDS) samples[kind].push(ms[kind]);
  }
  return samples;
}
