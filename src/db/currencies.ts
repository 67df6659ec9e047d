/**
 * Which currency a figure is in, as the cache can tell (issue 26: one rule for money on every screen,
 * ../lib/recordFormat.ts moneyText).
 *
 * The API names a currency in two places only (../../shared/seed/api-v2.1.md 2.3 and 2.18): a purchase
 * order's `fob_currency` and an outlet's. So:
 *  - the business's own currency is its outlets' (the simulator gives every outlet the business's AUD,
 *    server/data/outlets.ts): this PC's receiving outlet's when it is cached, else the one most outlets carry;
 *  - a supplier's currency is its orders' (the supplier record has none; the simulator prices every order of
 *    a supplier in the supplier's currency, server/data/purchaseOrders.ts). Orders the server has answered
 *    for say it; one only queued here took it from this same rule.
 * A new order is raised in its supplier's currency where the cache knows it; otherwise the server's default
 * applies, the outlet's (server/domain/purchasing/createPurchaseOrder.ts), and the form says so.
 */
import { liveQuery } from 'dexie';
import { readReceivingSettings } from './receiving/settings';
import type { CachedPurchaseOrder, DockhandDb } from './schema';

export type Currency = CachedPurchaseOrder['fob_currency'];

/** The currency the business's outlets trade in, or null before any outlet is cached. */
export async function businessCurrency(db: DockhandDb): Promise<Currency | null> {
  const [settings, outlets] = await Promise.all([readReceivingSettings(db), db.outlets.toArray()]);
  const here = outlets.find((outlet) => outlet.id === settings.outletId);
  if (here) return here.fob_currency;
  // Most outlets' currency; on a tie, the lowest outlet id's (outlets come in id order).
  const counts = new Map<string, { currency: Currency; count: number }>();
  for (const outlet of outlets) {
    const entry = counts.get(outlet.fob_currency.currency_code);
    if (entry) entry.count += 1;
    else counts.set(outlet.fob_currency.currency_code, { currency: outlet.fob_currency, count: 1 });
  }
  let best: { currency: Currency; count: number } | null = null;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.currency ?? null;
}

/**
 * Keeps the formatter's own currency (`set`: ../lib/ownCurrency.ts setOwnCurrency) in step with the cache: outlets arrive with
 * the first sync, and the receiving outlet can change in Settings. Returns the unsubscribe.
 */
export function watchBusinessCurrency(db: DockhandDb, set: (code: string | null) => void): () => void {
  const subscription = liveQuery(() => businessCurrency(db)).subscribe({
    next: (currency) => set(currency?.currency_code ?? null),
    // A failed read leaves the last known currency in place; the next commit to outlets reads again.
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

/**
 * The same rule over orders already read (a supplier's page has them all): the earliest synced order's
 * currency, else the latest queued one's (temp ids are negative and count down: the lowest is the latest).
 */
export function currencyOfOrders(
  orders: readonly Pick<CachedPurchaseOrder, 'id' | 'fob_currency'>[],
): Currency | null {
  let synced: Pick<CachedPurchaseOrder, 'id' | 'fob_currency'> | undefined;
  let queued: Pick<CachedPurchaseOrder, 'id' | 'fob_currency'> | undefined;
  for (const order of orders) {
    if (order.id > 0) {
      if (!synced || order.id < synced.id) synced = order;
    } else if (!queued || order.id < queued.id) queued = order;
  }
  return (synced ?? queued)?.fob_currency ?? null;
}

/** The currency a supplier's orders are in: its earliest synced order's, else its latest queued one's. */
export async function supplierCurrency(db: DockhandDb, supplierId: number): Promise<Currency | null> {
  // The ids alone (one index read, no records), then one record: a queue of hundreds of orders raised
  // offline for this supplier is not read order by order each time another is raised.
  const ids = (await db.purchaseOrders.where('supplier.id').equals(supplierId).primaryKeys()) as number[];
  let synced: number | undefined;
  let queued: number | undefined;
  for (const id of ids) {
    if (id > 0) synced = synced === undefined ? id : Math.min(synced, id);
    else queued = queued === undefined ? id : Math.min(queued, id);
  }
  const pick = synced ?? queued;
  return pick === undefined ? null : ((await db.purchaseOrders.get(pick))?.fob_currency ?? null);
}

/**
 * Currency codes of the suppliers a product's supplier links name by code (a link's buy price is in its
 * supplier's currency); null where the supplier or its orders are not cached.
 */
export async function currenciesBySupplierCode(
  db: DockhandDb,
  codes: readonly string[],
): Promise<Map<string, string | null>> {
  const suppliers = await Promise.all(
    codes.map((code) => db.suppliers.where('supplier_code').equals(code).first()),
  );
  const currencies = await Promise.all(
    suppliers.map((supplier) => (supplier ? supplierCurrency(db, supplier.id) : null)),
  );
  return new Map(codes.map((code, index) => [code, currencies[index]?.currency_code ?? null]));
}

export interface NewOrderCurrency {
  /** null: the cache cannot tell; the server will use the outlet's. */
  currency: Currency | null;
  /** Where it comes from, for the words the form shows. */
  from: 'supplier' | 'outlet' | null;
}

/** The currency a new order for this supplier and outlet will be raised in. */
export async function newOrderCurrency(
  db: DockhandDb,
  supplierId: number | null,
  outletId: number | null,
): Promise<NewOrderCurrency> {
  const ofSupplier = supplierId === null ? null : await supplierCurrency(db, supplierId);
  if (ofSupplier) return { currency: ofSupplier, from: 'supplier' };
  const outlet = outletId === null ? undefined : await db.outlets.get(outletId);
  if (outlet) return { currency: outlet.fob_currency, from: 'outlet' };
  return { currency: null, from: null };
}
