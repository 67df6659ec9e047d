/**
 * Which column of a supplier's CSV holds what (issue #29, docs/supplier-csv.md): the code (a barcode, the
 * supplier's SKU or any product code), the quantity and the price. Pure, so it is tested in Node.
 *
 * A mapping names each column by its position and, when the file has a row of headings, by its heading too:
 * a supplier's next price list may add or move a column, and the heading still finds it (./mappingMemory.ts).
 */

/** The columns a row is read from: `null` where the file has none (a price list without quantities). */
export interface ColumnMapping {
  code: number | null;
  quantity: number | null;
  price: number | null;
  /** The first row holds headings, not an order line. */
  firstRowHeadings: boolean;
}

export type MappedField = 'code' | 'quantity' | 'price';
export const MAPPED_FIELDS: readonly MappedField[] = ['code', 'quantity', 'price'];

/** Headings suppliers use, squashed (lower case, letters and digits only), best first within a field. */
const HEADINGS: Record<MappedField, readonly string[]> = {
  code: [
    'ean',
    'ean13',
    'barcode',
    'gtin',
    'upc',
    'sku',
    'suppliersku',
    'yoursku',
    'itemcode',
    'productcode',
    'code',
    'partnumber',
    'partno',
    'articlenumber',
    'article',
    'itemnumber',
    'item',
    'ref',
    'reference',
  ],
  quantity: ['qty', 'quantity', 'orderqty', 'qtyordered', 'orderquantity', 'ordered', 'units', 'order'],
  price: [
    'price',
    'cost',
    'unitprice',
    'unitcost',
    'buyprice',
    'buy',
    'costprice',
    'netprice',
    'priceex',
    'costex',
    'wholesale',
  ],
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** How well a heading names a field: 0 for the best word, higher for weaker ones, null for none. */
function headingRank(field: MappedField, heading: string): number | null {
  const words = HEADINGS[field];
  const text = squash(heading);
  if (!text) return null;
  const exact = words.indexOf(text);
  if (exact >= 0) return exact;
  // "Order Qty (units)", "Unit price ex GST": a known word at the start of the heading, ranked after exact ones.
  const starts = words.findIndex((word) => word.length >= 3 && text.startsWith(word));
  return starts >= 0 ? words.length + starts : null;
}

/** The row looks like headings: a cell names one of the fields, and no cell is a number. */
export function looksLikeHeadings(row: readonly string[]): boolean {
  const named = row.some((cell) => MAPPED_FIELDS.some((field) => headingRank(field, cell) !== null));
  return named && !row.some((cell) => /^\s*[-+]?\d+([.,]\d+)?\s*$/.test(cell));
}

const isWhole = (cell: string) => /^\s*\d+\s*$/.test(cell);
const isDecimal = (cell: string) => /^\s*[$€£]?\s*\d+[.,]\d{1,4}\s*$/.test(cell);
const isCode = (cell: string) => /^\s*[A-Za-z0-9][A-Za-z0-9._/-]{2,}\s*$/.test(cell);

/** The share of the sample's non-empty cells in `column` that pass `test`. */
function share(sample: readonly (readonly string[])[], column: number, test: (cell: string) => boolean) {
  const cells = sample.map((row) => row[column] ?? '').filter((cell) => cell.trim() !== '');
  return cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
}

/**
 * The mapping a file suggests: from its headings where the first row has them, else from what the first
 * rows hold (codes, whole numbers, decimals). Each column is used for one field at most.
 */
export function guessMapping(rows: readonly (readonly string[])[]): ColumnMapping {
  const first = rows[0] ?? [];
  const width = Math.max(0, ...rows.slice(0, 20).map((row) => row.length));
  const firstRowHeadings = looksLikeHeadings(first);
  const taken = new Set<number>();
  const mapping: ColumnMapping = { code: null, quantity: null, price: null, firstRowHeadings };
  if (firstRowHeadings) {
    for (const field of MAPPED_FIELDS) {
      let best: { column: number; rank: number } | null = null;
      for (let column = 0; column < first.length; column++) {
        const rank = headingRank(field, first[column]!);
        if (rank !== null && !taken.has(column) && (best === null || rank < best.rank))
          best = { column, rank };
      }
      if (best) {
        mapping[field] = best.column;
        taken.add(best.column);
      }
    }
    return mapping;
  }
  const sample = rows.slice(0, 20);
  const pick = (test: (cell: string) => boolean): number | null => {
    for (let column = 0; column < width; column++)
      if (!taken.has(column) && share(sample, column, test) >= 0.8) {
        taken.add(column);
        return column;
      }
    return null;
  };
  // A barcode is all digits too: codes are looked for first, long digit runs and letters both count.
  mapping.code = pick((cell) => isCode(cell) && (!isWhole(cell) || cell.trim().length >= 6));
  mapping.quantity = pick(isWhole);
  mapping.price = pick(isDecimal);
  return mapping;
}

/** The columns' names as the selects show them: "B · Qty" with headings, "Column B" without. */
export function columnNames(rows: readonly (readonly string[])[], firstRowHeadings: boolean): string[] {
  const width = Math.max(0, ...rows.slice(0, 50).map((row) => row.length));
  return Array.from({ length: width }, (_, column) => {
    const letter = columnLetter(column);
    const heading = firstRowHeadings ? (rows[0]?.[column] ?? '').trim() : '';
    return heading ? `${letter} · ${heading}` : `Column ${letter}`;
  });
}

/** A, B, … Z, AA, AB: the letters a spreadsheet shows above the column. */
export function columnLetter(column: number): string {
  let n = column + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
