/**
 * The New purchase order form's lines (pure, so scanning rules are tested without a DOM): a product is
 * added once and scanned again to count up, and every line has a name of its own for its controls. Nothing
 * here walks every line per scan (issue #11: the form's scans grew O(n²) with its lines).
 */
import type { FormErrors } from '../../db/edits/purchaseOrders';
import type { ProductChoice } from '../../db/productLookup';

export interface FormLine {
  productId: number;
  name: string;
  sku: string;
  barcode: string;
  supplierId: number;
  quantity: number | null;
  buyPrice: number | null;
}

/**
 * Adds one of `choice`: a new line, or one more on its existing line. `byProduct` indexes `lines` by
 * product (the caller keeps it, dropping a line it removes), so a scan costs the same on a 1,000-line order
 * as on a 2-line one. Returns the line as stored in `lines` (a reactive array hands back its own proxy).
 */
export function addOne(
  lines: FormLine[],
  byProduct: Map<number, FormLine>,
  choice: ProductChoice,
): { line: FormLine; added: boolean } {
  const existing = byProduct.get(choice.id);
  if (existing) {
    existing.quantity = (existing.quantity ?? 0) + 1;
    return { line: existing, added: false };
  }
  lines.push({
    productId: choice.id,
    name: choice.name,
    sku: choice.sku,
    barcode: choice.barcode,
    supplierId: choice.supplierId,
    quantity: 1,
    buyPrice: choice.buyPrice,
  });
  const line = lines[lines.length - 1]!;
  byProduct.set(choice.id, line);
  return { line, added: true };
}

/** How many lines carry each product name: one pass, read by `lineName` for every line. */
export function nameCounts(lines: readonly FormLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.name, (counts.get(line.name) ?? 0) + 1);
  return counts;
}

/** The line's name for its controls ("Quantity for …"): its product, plus the SKU when two share a name. */
export function lineName(line: FormLine, counts: ReadonlyMap<string, number>): string {
  const shared = (counts.get(line.name) ?? 0) > 1;
  return shared && line.sku ? `${line.name} (${line.sku})` : line.name;
}

const FIELD_LABELS: Record<string, string> = {
  supplierId: 'Supplier',
  outletId: 'Outlet',
  eta: 'ETA',
  lines: 'Lines',
  reference: 'Reference',
};

/** The builder's error keys (`lines.0.quantity`) as the summary names them ("Quantity for Hex bolt"). */
export function labelledErrors(errors: FormErrors, lines: readonly FormLine[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (Object.keys(errors).length === 0) return out;
  const counts = nameCounts(lines);
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
    const index = Number(match?.[1]);
    let label = FIELD_LABELS[key] ?? key;
    if (match && lines[index]) {
      const name = lineName(lines[index], counts);
      label =
        match[2] === 'quantity'
          ? `Quantity for ${name}`
          : match[2] === 'buyPrice'
            ? `Buy price for ${name}`
            : name;
    }
    (out[label] ??= []).push(...messages);
  }
  return out;
}
