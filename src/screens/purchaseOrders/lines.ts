/**
 * The New purchase order form's lines (pure, so scanning rules are tested without a DOM): a product is
 * added once and scanned again to count up, and every line has a name of its own for its controls.
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

/** Adds one of `choice`: a new line, or one more on its existing line. Returns the line's index. */
export function addOne(lines: FormLine[], choice: ProductChoice): { index: number; added: boolean } {
  const index = lines.findIndex((line) => line.productId === choice.id);
  if (index >= 0) {
    const line = lines[index]!;
    line.quantity = (line.quantity ?? 0) + 1;
    return { index, added: false };
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
  return { index: lines.length - 1, added: true };
}

/** The line's name for its controls ("Quantity for …"): its product, plus the SKU when two share a name. */
export function lineName(lines: readonly FormLine[], index: number): string {
  const line = lines[index]!;
  const shared = lines.some((other, i) => i !== index && other.name === line.name);
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
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
    const index = Number(match?.[1]);
    let label = FIELD_LABELS[key] ?? key;
    if (match && lines[index]) {
      const name = lineName(lines, index);
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
