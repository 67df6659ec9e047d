/**
 * The currency a supplier trades in, as the cache knows it. Credit notes and supplier returns carry amounts
 * but no currency; a supplier's purchase orders do (`fob_currency`, the supplier's currency on every one of
 * its orders), so one cached order per supplier says it. A supplier with no cached order has no known
 * currency (null): its amounts are shown without a code.
 */
import type { DockhandDb } from '../schema';

/** Currency code per supplier id, for the ids given (one indexed read each, never a pass over orders). */
export async function supplierCurrencies(
  db: DockhandDb,
  supplierIds: Iterable<number>,
): Promise<Map<number, string | null>> {
  const ids = [...new Set(supplierIds)];
  const orders = await Promise.all(
    ids.map((id) => db.purchaseOrders.where('supplier.id').equals(id).first()),
  );
  return new Map(ids.map((id, index) => [id, orders[index]?.fob_currency?.currency_code ?? null]));
}

/**
 * Whether a list must name each amount's currency: only when its rows are in more than one known currency
 * (a list all in one currency reads better without a code on every figure).
 */
export function currenciesMix(currencies: Iterable<string | null>): boolean {
  const known = new Set([...currencies].filter((code): code is string => code !== null));
  return known.size > 1;
}
