/**
 * Where the labels page lives and what its route says (issue #28 part 3). The page is a route under products,
 * `#/products/labels?…`, not a row of the main navigation: labels are always printed for products that a
 * clerk is already looking at (one product's page, or a receipt just completed), so a menu entry would open
 * an empty page. Other screens link here through these functions only, never by spelling the hash.
 *
 * - `#/products/labels?products=12,15` : those products, one label each.
 * - `#/products/labels?invoice=-4&receipt=-5` : the products of a receipt, one label for each unit received.
 *   A receipt sits inside a supplier invoice (a completed delivery is one invoice with one receipt); without
 *   `receipt`, every receipt of the invoice. Ids are negative (numbered on this PC) until the server has them.
 */
import { formatRoute, idPart, type Route } from '../../lib/routes';

/** The products section's part that names the labels page. */
export const LABELS_PART = 'labels';

/** The labels of a completed receipt: `invoiceId` from completing it; `receiptId` narrows to one receipt. */
export function receiptLabelsPath(invoiceId: number, receiptId?: number | null): string {
  return formatRoute('products', [LABELS_PART], { invoice: invoiceId, receipt: receiptId });
}

/** The labels of these products, one each to start with. */
export function productLabelsPath(productIds: readonly number[]): string {
  return formatRoute('products', [LABELS_PART], { products: productIds.join(',') });
}

/** Whether a products route is the labels page. */
export const isLabelsRoute = (route: Route): boolean => route.parts[0] === LABELS_PART;

export type LabelsSource =
  | { kind: 'receipt'; invoiceId: number; receiptId: number | null }
  | { kind: 'products'; productIds: number[] };

/**
 * What the labels route asks for. A hand-typed or stale link that names nothing valid becomes an empty
 * product list (the page then asks for a product), never an error.
 */
export function labelsSource(query: Route['query']): LabelsSource {
  const invoiceId = idPart(query.invoice);
  if (invoiceId !== null) return { kind: 'receipt', invoiceId, receiptId: idPart(query.receipt) };
  const ids = (query.products ?? '').split(',').map((part) => idPart(part.trim()));
  return { kind: 'products', productIds: [...new Set(ids.filter((id) => id !== null))] };
}
