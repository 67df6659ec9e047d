import { beforeEach, describe, expect, it } from 'vitest';
import { sampleOutlet, samplePurchaseOrder } from '../api/resources/fixtures';
import { businessCurrency, currencyOfOrders, newOrderCurrency, supplierCurrency } from './currencies';
import { writeReceivingSettings, DEFAULT_RECEIVING_SETTINGS } from './receiving/settings';
import type { DockhandDb } from './schema';
import { memoryDb } from './testing/memoryStore';

const AUD = { id: 1, currency_code: 'AUD', currency_name: 'Australian dollar' };
const NZD = { id: 2, currency_code: 'NZD', currency_name: 'New Zealand dollar' };
const USD = { id: 3, currency_code: 'USD', currency_name: 'US dollar' };

let db: DockhandDb;
beforeEach(() => {
  db = memoryDb('currencies');
});

const outlet = (id: number, fob_currency: typeof AUD) => sampleOutlet({ id, fob_currency }) as never;
function order(id: number, supplierId: number, fob_currency: typeof AUD) {
  const { purchase_order_items: _, ...po } = samplePurchaseOrder({ id });
  return { ...po, id, supplier: { id: supplierId, name: `Supplier ${supplierId}` }, fob_currency };
}

// watchBusinessCurrency is a Dexie live query, which runs in the browser: NewPurchaseOrder's component test.
describe('businessCurrency', () => {
  it('is unknown before any outlet is cached', async () => {
    expect(await businessCurrency(db)).toBeNull();
  });

  it('is the currency most outlets trade in, or this PC’s receiving outlet’s', async () => {
    await db.outlets.bulkPut([outlet(1, NZD), outlet(2, AUD), outlet(3, AUD)]);
    expect(await businessCurrency(db)).toEqual(AUD);
    await writeReceivingSettings(db, { ...DEFAULT_RECEIVING_SETTINGS, outletId: 1 });
    expect(await businessCurrency(db)).toEqual(NZD);
  });
});

describe('supplierCurrency and newOrderCurrency', () => {
  it('takes a supplier’s currency from its orders the server answered for first', async () => {
    await db.purchaseOrders.bulkPut([order(-4, 41, AUD), order(900, 41, USD), order(901, 42, NZD)]);
    expect(await supplierCurrency(db, 41)).toEqual(USD);
    expect(await supplierCurrency(db, 42)).toEqual(NZD);
    expect(await supplierCurrency(db, 43)).toBeNull();
  });

  it('raises a new order in the supplier’s currency, else the outlet’s, else says it cannot tell', async () => {
    await db.outlets.put(outlet(1, AUD));
    await db.purchaseOrders.put(order(900, 41, USD));
    expect(await newOrderCurrency(db, 41, 1)).toEqual({ currency: USD, from: 'supplier' });
    expect(await newOrderCurrency(db, 42, 1)).toEqual({ currency: AUD, from: 'outlet' });
    expect(await newOrderCurrency(db, 42, null)).toEqual({ currency: null, from: null });
    expect(await newOrderCurrency(db, null, 7)).toEqual({ currency: null, from: null });
  });
});

describe('currencyOfOrders', () => {
  it('follows supplierCurrency’s rule over orders already read', () => {
    expect(currencyOfOrders([order(-4, 41, AUD), order(902, 41, NZD), order(900, 41, USD)])).toEqual(USD);
    expect(currencyOfOrders([order(-2, 41, NZD), order(-4, 41, AUD)])).toEqual(AUD);
    expect(currencyOfOrders([])).toBeNull();
  });
});
