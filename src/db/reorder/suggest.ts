/**
 * Reorder suggestions as pure arithmetic (docs/reorder.md is the buyer's version of these rules): what one
 * product at one outlet needs, and the suggestions grouped by the supplier they would be bought from. The
 * cache is read by ./read.ts; nothing here touches Dexie, so every rule is tested on hand-computed figures.
 *
 *   stock position  = available + on order (sent orders, the server's figure) + on draft orders (orders
 *                     still Incomplete at this outlet, including those queued on this PC and not yet sent)
 *   suggested when  stock position < minimum (msl); never when the minimum is unknown
 *   order up to     the buyer's target for the product, when set and above the minimum, else the minimum
 *   quantity        order up to − stock position, rounded UP to whole cartons when the carton size is known
 */

/** One product at one outlet, as the cache tells it. */
export interface StockFacts {
  productId: number;
  description: string;
  /** The code the supplier knows it by (supplier SKU), else any code the product has. */
  code: string;
  available: number;
  /** The server's on-order figure: units on sent orders (OnOrder, BackOrder, ReceivingInProgress). */
  onOrder: number;
  /** Units still to come on Incomplete (draft) orders for this outlet, queued ones included. */
  onDraftOrders: number;
  /** Minimum stock level at this outlet; null when no synced order line for this outlet has told it. */
  msl: number | null;
  /** The buyer's "order up to" for this product at this outlet; null: the minimum. */
  target: number | null;
  /** Units in a carton; null when the product does not say (ordered in units). */
  cartonQuantity: number | null;
}

/** Where the product would be bought: the supplier and its price. */
export interface SupplyFacts {
  supplierId: number;
  supplierName: string;
  /** Buy price per unit, ex tax, in the supplier's currency. */
  buyPrice: number;
  /** `link`: the product's supplier link (product suppliers); `product`: the product's own buy price. */
  priceFrom: 'link' | 'product';
  /** Days from order to delivery, when known (the link's, else the product's). */
  leadTimeDays: number | null;
}

export interface Suggestion extends StockFacts, SupplyFacts {
  position: number;
  orderUpTo: number;
  /** Units below the order-up-to level. */
  shortBy: number;
  /** The suggested quantity in units (a whole number of cartons when the carton size is known). */
  quantity: number;
}

export interface SupplierGroup {
  supplierId: number;
  supplierName: string;
  /** The currency its prices are in (its orders'), or null when the cache cannot tell. */
  currency: string | null;
  lines: Suggestion[];
  /** Days until the slowest line arrives, when any line's lead time is known. */
  leadTimeDays: number | null;
}

/** A carton size from the product's `carton_quantity` text: a whole number above 1, else none. */
export function cartonSize(text: string | null | undefined): number | null {
  const units = Number((text ?? '').trim());
  return Number.isInteger(units) && units > 1 ? units : null;
}

/** `units` rounded up to whole cartons of `carton` (none: as they are). */
export function roundUpToCartons(units: number, carton: number | null): number {
  if (units <= 0) return 0;
  return carton === null ? Math.ceil(units) : Math.ceil(units / carton) * carton;
}

export function stockPosition(facts: Pick<StockFacts, 'available' | 'onOrder' | 'onDraftOrders'>): number {
  return facts.available + facts.onOrder + facts.onDraftOrders;
}

/** What the product needs at this outlet, or null: stock is at or above its minimum, or the minimum is unknown. */
export function needOf(
  facts: StockFacts,
): Pick<Suggestion, 'position' | 'orderUpTo' | 'shortBy' | 'quantity'> | null {
  if (facts.msl === null) return null;
  const position = stockPosition(facts);
  if (position >= facts.msl) return null;
  // A target below the minimum would order less than the minimum asks for: the minimum wins.
  const orderUpTo = Math.max(facts.msl, facts.target ?? facts.msl);
  const shortBy = orderUpTo - position;
  return { position, orderUpTo, shortBy, quantity: roundUpToCartons(shortBy, facts.cartonQuantity) };
}

/** Money to the cent, as the server rounds a line's total. */
export const cents = (value: number): number => Math.round(value * 100) / 100;

export function lineTotal(quantity: number, buyPrice: number): number {
  return cents(quantity * buyPrice);
}

/**
 * A group's total at the buyer's quantities: a line absent from `quantities` counts at its suggestion, one
 * whose field is empty (null) at nothing.
 */
export function groupTotal(
  group: SupplierGroup,
  quantities: ReadonlyMap<number, number | null> = new Map(),
): number {
  let total = 0;
  for (const line of group.lines) {
    const quantity = quantities.has(line.productId) ? (quantities.get(line.productId) ?? 0) : line.quantity;
    total += lineTotal(quantity, line.buyPrice);
  }
  return cents(total);
}

/**
 * Suggestions grouped by supplier: groups by supplier name (then id), lines by description (then product id),
 * so the list reads the same way every time it is worked out.
 */
export function groupBySupplier(
  suggestions: readonly Suggestion[],
  currencyOf: (supplierId: number) => string | null,
): SupplierGroup[] {
  const groups = new Map<number, SupplierGroup>();
  for (const line of suggestions) {
    let group = groups.get(line.supplierId);
    if (!group) {
      group = {
        supplierId: line.supplierId,
        supplierName: line.supplierName,
        currency: currencyOf(line.supplierId),
        lines: [],
        leadTimeDays: null,
      };
      groups.set(line.supplierId, group);
    }
    group.lines.push(line);
    if (line.leadTimeDays !== null)
      group.leadTimeDays = Math.max(group.leadTimeDays ?? 0, Math.ceil(line.leadTimeDays));
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en');
  for (const group of groups.values())
    group.lines.sort((a, b) => byText(a.description, b.description) || a.productId - b.productId);
  return [...groups.values()].sort(
    (a, b) => byText(a.supplierName, b.supplierName) || a.supplierId - b.supplierId,
  );
}
