/**
 * The currency a supplier trades in, as the cache knows it. Credit notes and supplier returns carry amounts
 * but no currency; a supplier's purchase orders do (`fob_currency`, the supplier's currency on every one of
 * its orders), so one cached order per supplier says it (the rule of ../currencies.ts supplierCurrency, by
 * code only). A supplier with no cached order has no known currency (null): its amounts claim none.
 */
import { supplierCurrency } from '../currencies';
import type { DockhandDb } from '../schema';

/**
 * Currencies already read, per database, for the page's life. A supplier's currency does not change, and
 * the lists read this inside live queries: a supplier whose currency is known is not read again, so the
 * first sync writing that supplier's orders does not re-run the list (Dexie re-runs a live query when a
 * range it read changes). Unknown ones are read again each time, until an order of theirs arrives.
 */
const knownByDb = new WeakMap<DockhandDb, Map<number, string>>();

/** Currency code per supplier id, for the ids given (one indexed read each, never a pass over orders). */
export async function supplierCurrencies(
  db: DockhandDb,
  supplierIds: Iterable<number>,
): Promise<Map<number, string | null>> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Map()));
  const ids = [...new Set(supplierIds)];
  const unknown = ids.filter((id) => !known.has(id));
  const currencies = await Promise.all(unknown.map((id) => supplierCurrency(db, id)));
  unknown.forEach((id, index) => {
    const code = currencies[index]?.currency_code;
    if (code) known.set(id, code);
  });
  return new Map(ids.map((id) => [id, known.get(id) ?? null]));
}
