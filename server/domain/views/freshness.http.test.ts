/**
 * Over real HTTP, with response validation off (as the benchmark and `npm run api` users who turn it off run
 * it, so nothing but the byte templates of ./purchaseOrderJson.ts stand between the state and the bytes):
 * after receiving stock or renaming a supplier, the next purchase order read shows the new values, and every
 * body is exactly a fresh `JSON.stringify` of the views. Each change is one a cache of serialised records
 * would miss in its own way (one was tried and removed): stock edited in place, an order edited in place,
 * products replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder } from '../../../src/api/resources';
import { startSimulator, type Simulator } from '../../index';
import type { PurchaseOrderRow } from '../../state';
import { purchaseOrderView } from './purchaseOrder';

let sim: Simulator;
let headers: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'small', validateResponses: false, rateLimit: 100_000 });
  const key = { 'x-api-key': 'demo-key' };
  const token = (await (await fetch(`${sim.baseUrl}/auth/token`, { headers: key })).json()) as {
    access_token: string;
  };
  headers = { ...key, authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
});

afterAll(async () => {
  await sim.stop();
});

async function send(method: string, path: string, body?: unknown): Promise<string> {
  // A new connection per request: checking a 500-order page blocks this process (server included) for
  // seconds on a loaded machine, past the server's keep-alive timeout, and a request written on the pooled
  // socket the server then closes is reset.
  const init: RequestInit = { method, headers: { ...headers, connection: 'close' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(`${sim.baseUrl}${path}`, init);
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return text;
}

/** Reads the order with items, and checks the body against a fresh serialisation of the state. */
async function readOrder(po: PurchaseOrderRow): Promise<PurchaseOrder> {
  const text = await send('GET', `/purchaseorders/${po.id}?include_items=true`);
  const row = sim.state.purchaseOrders.get(po.id)!;
  expect(text).toBe(JSON.stringify(purchaseOrderView(sim.state, row, true)));
  return JSON.parse(text) as PurchaseOrder;
}

/** Reads the 500-order page with items (the whole small dataset), checking it the same way. */
async function readPage(po: PurchaseOrderRow): Promise<PurchaseOrder> {
  const text = await send('GET', '/purchaseorders?include_items=true&page_size=500');
  const page = JSON.parse(text) as { data: PurchaseOrder[] };
  const rows = page.data.map((order) => sim.state.purchaseOrders.get(order.id!)!);
  const fresh = rows.map((row) => purchaseOrderView(sim.state, row, true));
  expect(text).toBe(JSON.stringify({ ...page, data: fresh }));
  return page.data.find((order) => order.id === po.id)!;
}

const openOrder = () =>
  [...sim.state.purchaseOrders.values()].find(
    (po) => po.status.name === 'OnOrder' && po.items.length > 1 && (po.items[0]!.quantity_remaining ?? 0) > 2,
  )!;

const stockOf = (order: PurchaseOrder) => {
  const item = order.purchase_order_items![0]!;
  const entry = item.product.inventory.find((stock) => stock.outlet.id === order.outlet.id);
  return {
    received: item.quantity_received,
    available: item.inventory.quantity_available,
    productAvailable: entry?.quantity_available ?? 0,
  };
};

describe('purchase order bytes after a change', () => {
  it('show received stock on the next read (invoice receipt)', async () => {
    const po = openOrder();
    const before = stockOf(await readOrder(po));
    expect(stockOf(await readPage(po))).toEqual(before); // read once before the change

    await send('POST', '/supplierinvoices', {
      supplier_invoice_number: `FRESH-${po.id}`,
      purchase_order_receipts: [
        {
          purchase_order_id: po.id,
          purchase_order_receipt_items: [
            { purchase_order_item_id: po.items[0]!.po_item_id, quantity_received: 2 },
          ],
        },
      ],
    });

    const expected = {
      received: before.received + 2,
      available: before.available + 2,
      productAvailable: before.productAvailable + 2,
    };
    expect(stockOf(await readOrder(po))).toEqual(expected);
    expect(stockOf(await readPage(po))).toEqual(expected);
  });

  it('show an order edited in place without any stock movement (item deleted from a draft)', async () => {
    // A draft holds no stock on order: nothing but the order itself changes.
    const po = [...sim.state.purchaseOrders.values()].find(
      (order) => order.status.name === 'Incomplete' && order.items.length > 1,
    )!;
    const doomed = po.items[0]!.po_item_id;
    await readOrder(po);
    await readPage(po);

    await send('DELETE', `/purchaseorders/${po.id}/purchaseorderitems/${doomed}`);

    for (const order of [await readOrder(po), await readPage(po)]) {
      expect(order.purchase_order_items!.map((item) => item.po_item_id)).not.toContain(doomed);
      expect(order.purchase_order_items).toHaveLength(po.items.length);
    }
  });

  it('show a renamed supplier in every product it supplies (supplier update)', async () => {
    const po = openOrder();
    const supplierId = sim.state.products.get(po.items[0]!.product_id)!.supplier.id;
    await readOrder(po);
    await readPage(po);

    await send('PUT', `/suppliers/${supplierId}`, { name: 'Renamed Outdoor Supply Co' });

    for (const order of [await readOrder(po), await readPage(po)]) {
      const names = order
        .purchase_order_items!.filter((item) => item.product.supplier.id === supplierId)
        .map((item) => item.product.supplier.name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(['Renamed Outdoor Supply Co']));
    }
  });
});
