/**
 * Each row of a supplier's CSV matched to a cached product of that supplier, or refused with the reason in a
 * clerk's words (docs/supplier-csv.md lists them). DOM-free, tested over fake-indexeddb.
 *
 * A code is looked up as a scan is (../productLookup.ts): any code of a product (barcode, supplier SKU,
 * manufacturer SKU) through the `_codes` index, a carton's GTIN through its unit; then the supplier's own
 * codes for products in its product-supplier links (`supplier_sku2`). Codes are looked up 500 at a time and
 * rows decided with the thread given back every few milliseconds (../yieldingRead.ts), so 5,000 rows never
 * hold the window; no read runs inside a transaction across a yield.
 *
 * The price a line sends: the file's, else the supplier's buy price from its link to the product; a product
 * without a link is left to the server, which prices the line from the product's own buy price.
 */
import type { Product, ProductSupplier } from '../../api/resources';
import { findProductByCode } from '../productLookup';
import { codeKey, type DockhandDb } from '../schema';
import { DEFAULT_SLICES, SliceBudget, type SlicePolicy } from '../yieldingRead';
import type { ColumnMapping } from './columns';
import { readPrice, readQuantity } from './values';

export type RefusalReason =
  'noCode' | 'unknownCode' | 'disabled' | 'otherSupplier' | 'duplicate' | 'badQuantity' | 'badPrice';

export interface ReadyRow {
  ok: true;
  /** The row's number in the file, as a spreadsheet shows it (the headings are row 1). */
  row: number;
  code: string;
  productId: number;
  description: string;
  sku: string;
  quantity: number;
  /** What the line sends: null leaves the price to the server (the product's own buy price). */
  price: number | null;
  /** The unit price the line will have. */
  unitPrice: number;
  priceFrom: 'file' | 'link' | 'product';
  /** The supplier's buy price this PC knows; the file's price differs from it when `priceDiffers`. */
  buyPrice: number;
  priceDiffers: boolean;
  leadTimeDays: number | null;
}

export interface RefusedRow {
  ok: false;
  row: number;
  code: string;
  reason: RefusalReason;
  message: string;
}

export type RowVerdict = ReadyRow | RefusedRow;

export interface MatchResult {
  supplierId: number;
  rows: RowVerdict[];
  ready: number;
  refused: number;
}

export interface MatchOptions {
  policy?: SlicePolicy;
  /** Rows decided so far, of `total`: for the progress bar. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** The file's rows with their numbers, headings and blank rows left out. */
function dataRows(rows: readonly (readonly string[])[], mapping: ColumnMapping) {
  const out: { row: number; cells: readonly string[] }[] = [];
  rows.forEach((cells, index) => {
    if (index === 0 && mapping.firstRowHeadings) return;
    if (cells.every((cell) => cell.trim() === '')) return;
    out.push({ row: index + 1, cells });
  });
  return out;
}

const cell = (cells: readonly string[], column: number | null) =>
  column === null ? '' : (cells[column] ?? '').trim();

const usable = (link: ProductSupplier) => link.is_enabled && !link.is_deleted;

interface Supplier {
  id: number;
  code: string | null;
  name: string;
}

async function supplierOf(db: DockhandDb, id: number): Promise<Supplier> {
  const cached = await db.suppliers.get(id);
  const named = cached ?? (await db.products.where('supplier.id').equals(id).first())?.supplier;
  return {
    id,
    code: named?.supplier_code ?? null,
    name: named?.name || named?.supplier_code || `supplier ${id}`,
  };
}

/** Is the product bought from this supplier: it names the supplier, or has a live link to it. */
function ours(product: Product, supplier: Supplier, links: readonly ProductSupplier[]): boolean {
  if (product.supplier.id === supplier.id) return true;
  return links.some((link) => usable(link) && link.supplier_code === supplier.code);
}

/** Of several products with one code: this supplier's first, then one still sold, then the barcode's. */
function bestOf(
  candidates: readonly Product[],
  supplier: Supplier,
  linksOf: (id: number) => readonly ProductSupplier[],
  code: string,
): Product {
  const rank = (product: Product) =>
    (ours(product, supplier, linksOf(product.id)) ? 0 : 4) +
    (product.disabled ? 2 : 0) +
    (product.supplier_sku2 === code ? 0 : 1);
  return candidates.reduce((best, product) => (rank(product) < rank(best) ? product : best));
}

/** `read` over `keys` a slice of `policy.rows` at a time, the thread given back between slices. */
async function inSlices<K>(
  keys: readonly K[],
  policy: SlicePolicy,
  budget: SliceBudget,
  read: (slice: K[]) => Promise<void>,
): Promise<void> {
  for (let at = 0; at < keys.length; at += policy.rows) {
    if (at > 0) await budget.pause();
    await read(keys.slice(at, at + policy.rows));
  }
}

/** Every product each code names, looked up a slice of codes at a time. */
async function productsByCode(
  db: DockhandDb,
  codes: readonly string[],
  policy: SlicePolicy,
  budget: SliceBudget,
  signal?: AbortSignal,
): Promise<Map<string, Product[]>> {
  const found = new Map<string, Product[]>();
  const keys = [...new Set(codes.map(codeKey).filter(Boolean))];
  await inSlices(keys, policy, budget, async (slice) => {
    signal?.throwIfAborted();
    const wanted = new Set(slice);
    for (const product of await db.products.where('_codes').anyOf(slice).toArray())
      for (const productCode of product._codes ?? [])
        if (wanted.has(productCode)) {
          const list = found.get(productCode) ?? [];
          if (!list.some((other) => other.id === product.id)) list.push(product);
          found.set(productCode, list);
        }
  });
  return found;
}

/** The supplier's own codes for products (its links' `supplier_sku2`), read a page of links at a time. */
async function supplierCodes(
  db: DockhandDb,
  supplier: Supplier,
  policy: SlicePolicy,
  budget: SliceBudget,
): Promise<Map<string, number>> {
  const byCode = new Map<string, number>();
  if (supplier.code === null) return byCode;
  let after: [number, string] | null = null;
  for (;;) {
    const collection = after
      ? db.productSuppliers.where(':id').above(after)
      : db.productSuppliers.toCollection();
    const page: ProductSupplier[] = await collection.limit(policy.rows).toArray();
    for (const link of page)
      if (link.supplier_code === supplier.code && link.supplier_sku2 && usable(link))
        byCode.set(codeKey(link.supplier_sku2), link.product_id);
    if (page.length < policy.rows) return byCode;
    const last = page[page.length - 1]!;
    after = [last.product_id, last.supplier_code];
    await budget.pause();
  }
}

/** Matches the file's rows for `supplierId` with the columns `mapping` names. */
export async function matchRows(
  db: DockhandDb,
  request: { supplierId: number; rows: readonly (readonly string[])[]; mapping: ColumnMapping },
  options: MatchOptions = {},
): Promise<MatchResult> {
  const policy = options.policy ?? DEFAULT_SLICES;
  const budget = new SliceBudget(policy);
  const { mapping } = request;
  const lines = dataRows(request.rows, mapping);
  const supplier = await supplierOf(db, request.supplierId);
  const codes = lines.map((line) => cell(line.cells, mapping.code)).filter(Boolean);
  const byCode = await productsByCode(db, codes, policy, budget, options.signal);
  // Codes no product holds: a carton's code for its unit (one seek each), then the supplier's own codes.
  const misses = [...new Set(codes.map(codeKey))].filter((code) => !byCode.has(code));
  for (const code of misses) {
    const product = await findProductByCode(db, code);
    if (product) byCode.set(code, [product]);
    const due = budget.tick();
    if (due) await due;
  }
  const stillMissing = misses.filter((code) => !byCode.has(code));
  if (stillMissing.length > 0) {
    const own = await supplierCodes(db, supplier, policy, budget);
    const ids = stillMissing.flatMap((code) => (own.has(code) ? [[code, own.get(code)!] as const] : []));
    const products = await db.products.bulkGet(ids.map(([, id]) => id));
    ids.forEach(([code], i) => {
      const product = products[i];
      if (product) byCode.set(code, [product]);
    });
  }
  const productIds = [...new Set([...byCode.values()].flat().map((product) => product.id))];
  const links = new Map<number, ProductSupplier[]>();
  await inSlices(productIds, policy, budget, async (slice) => {
    for (const link of await db.productSuppliers.where('product_id').anyOf(slice).toArray())
      links.set(link.product_id, [...(links.get(link.product_id) ?? []), link]);
  });
  const linksFor = (id: number) => links.get(id) ?? [];

  const firstRowOf = new Map<number, number>();
  const rows: RowVerdict[] = [];
  let ready = 0;
  for (const [index, line] of lines.entries()) {
    const verdict = decide(line, mapping, supplier, byCode, linksFor, firstRowOf);
    rows.push(verdict);
    if (verdict.ok) ready++;
    const due = budget.tick();
    if (due) {
      await due;
      options.signal?.throwIfAborted();
      options.onProgress?.(index + 1, lines.length);
    }
  }
  options.onProgress?.(lines.length, lines.length);
  return { supplierId: request.supplierId, rows, ready, refused: rows.length - ready };
}

function decide(
  line: { row: number; cells: readonly string[] },
  mapping: ColumnMapping,
  supplier: Supplier,
  byCode: ReadonlyMap<string, Product[]>,
  linksFor: (id: number) => readonly ProductSupplier[],
  firstRowOf: Map<number, number>,
): RowVerdict {
  const code = cell(line.cells, mapping.code);
  const refuse = (reason: RefusalReason, message: string): RefusedRow => ({
    ok: false,
    row: line.row,
    code,
    reason,
    message,
  });
  if (!code) return refuse('noCode', 'No code in this row');
  const candidates = byCode.get(codeKey(code));
  if (!candidates?.length) return refuse('unknownCode', `No product with code ${code} on this PC`);
  const product = bestOf(candidates, supplier, linksFor, code);
  const name = product.short_description || product.supplier_sku || `Product ${product.id}`;
  const links = linksFor(product.id);
  if (!ours(product, supplier, links)) {
    const theirs =
      product.supplier.name || product.supplier.supplier_code || `supplier ${product.supplier.id}`;
    return refuse('otherSupplier', `${name} is bought from ${theirs}, not ${supplier.name}`);
  }
  if (product.disabled) return refuse('disabled', `${name} is not sold any more (disabled)`);
  const earlier = firstRowOf.get(product.id);
  if (earlier !== undefined) return refuse('duplicate', `${name} is already on row ${earlier}`);
  firstRowOf.set(product.id, line.row);
  const quantity = mapping.quantity === null ? null : readQuantity(cell(line.cells, mapping.quantity));
  if (quantity === null) return refuse('badQuantity', 'No quantity column is chosen');
  if (!quantity.ok) return refuse('badQuantity', quantity.message);
  const filePrice =
    mapping.price === null
      ? ({ ok: true, value: null } as const)
      : readPrice(cell(line.cells, mapping.price));
  if (!filePrice.ok) return refuse('badPrice', filePrice.message);
  const link = links.find((candidate) => usable(candidate) && candidate.supplier_code === supplier.code);
  const buyPrice = link ? link.supplier_buy_ex : product.supplier_buy_ex;
  const lead = link ? link.lead_time : product.lead_time;
  return {
    ok: true,
    row: line.row,
    code,
    productId: product.id,
    description: name,
    sku: product.supplier_sku,
    quantity: quantity.value,
    price: filePrice.value ?? (link ? link.supplier_buy_ex : null),
    unitPrice: filePrice.value ?? buyPrice,
    priceFrom: filePrice.value !== null ? 'file' : link ? 'link' : 'product',
    buyPrice,
    priceDiffers: filePrice.value !== null && Math.abs(filePrice.value - buyPrice) > 1e-9,
    leadTimeDays: lead > 0 ? Math.round(lead) : null,
  };
}
