/**
 * The byte writer of purchase orders must produce exactly `JSON.stringify` of the views, whether it
 * serialises or copies from the cache, and the cache must never serve bytes older than the state.
 */
import { describe, expect, it } from 'vitest';
import { generateState } from '../../data';
import { bytesToText, JsonOut } from '../../jsonOut';
import { type PurchaseOrderRow, type SimState } from '../../state';
import type { HandlerResult, WrittenResult } from '../context';
import { purchasingHandlers } from '../purchasing';
import { purchaseOrderView } from './purchaseOrder';
import { writePurchaseOrder } from './purchaseOrderJson';

function text(write: (out: JsonOut) => void): string {
  const out = new JsonOut();
  write(out);
  const bytes = out.finish();
  const result = bytesToText(bytes);
  bytes.release();
  return result;
}

const orderText = (state: SimState, po: PurchaseOrderRow, includeItems: boolean) =>
  text((out) => writePurchaseOrder(out, state, po, includeItems));

const expected = (state: SimState, po: PurchaseOrderRow, includeItems: boolean) =>
  JSON.stringify(purchaseOrderView(state, po, includeItems));

function search(state: SimState, query: Record<string, unknown>): WrittenResult {
  const handler = purchasingHandlers.searchPurchaseOrders as (context: unknown) => HandlerResult;
  const result = handler({ state, query, params: {}, body: undefined, user: state.users[0], now: Date });
  if (!('write' in result)) throw new Error('searchPurchaseOrders did not answer a written result');
  return result;
}

const firstOrder = (state: SimState) => [...state.purchaseOrders.values()].find((po) => po.items.length > 1)!;

describe('writePurchaseOrder', () => {
  it('writes every order of the small dataset as JSON.stringify of its view, serialised and cached', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    for (const round of ['serialised', 'cached']) {
      for (const po of state.purchaseOrders.values()) {
        expect(orderText(state, po, true), `${round} ${po.id} with items`).toBe(expected(state, po, true));
        expect(orderText(state, po, false), `${round} ${po.id}`).toBe(expected(state, po, false));
      }
    }
  });

  it('writes search pages as JSON.stringify of the handler body', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const queries = [
      { include_items: true, page_size: 500 },
      { include_items: true, page_size: 7, page_number: 3, order_by: 'modified_on desc' },
      { page_size: 50 },
      { include_items: true, page_size: 10, page_number: 999 },
    ];
    for (const query of queries) {
      const result = search(state, query);
      const reference = JSON.stringify(result.body);
      expect(text(result.write), JSON.stringify(query)).toBe(reference);
      expect(text(result.write), `${JSON.stringify(query)} again`).toBe(reference);
    }
  });

  it('escapes text and encodes non-ASCII exactly as JSON.stringify does', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const po = firstOrder(state);
    const product = state.products.get(po.items[0]!.product_id)!;
    product.short_description = 'Tent "Ultra" \\ 2p\n\u0001 — café ✓ 😀 \ud800';
    po.outlet = { id: po.outlet.id, name: 'Münster Straße ☂' };
    po.items[1]!.modified_on = '2026-01-01T00:00:00Z\u2028';
    expect(orderText(state, po, true)).toBe(expected(state, po, true));
  });

  it('writes an order larger than a chunk', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const po = firstOrder(state);
    const template = po.items[0]!;
    po.items = Array.from({ length: 2500 }, (_, i) => ({ ...template, po_item_id: 9_000_000 + i }));
    const json = orderText(state, po, true);
    expect(json.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(json).toBe(expected(state, po, true));
  });

  it('keeps the place of a purchase_order_items key that a row carries itself', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const { id, items, ...rest } = firstOrder(state);
    const odd = { id, purchase_order_items: null, ...rest, items } as PurchaseOrderRow;
    expect(orderText(state, odd, true)).toBe(expected(state, odd, true));
  });
});

describe('a page follows every change', () => {
  it('follows a product edited in place', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const po = firstOrder(state);
    orderText(state, po, true);
    const product = state.products.get(po.items[0]!.product_id)!;
    const stock = product.inventory.find((entry) => entry.outlet.id === po.outlet.id)!;
    stock.quantity_available += 5;
    const view = JSON.parse(orderText(state, po, true)) as ReturnType<typeof purchaseOrderView>;
    expect(view.purchase_order_items![0]!.inventory.quantity_available).toBe(stock.quantity_available);
    expect(orderText(state, po, true)).toBe(expected(state, po, true));
  });

  it('follows a replaced product or order', () => {
    const state = generateState({ dataset: 'small', seed: 1 });
    const po = firstOrder(state);
    orderText(state, po, true);
    const productId = po.items[0]!.product_id;
    state.products.set(productId, { ...state.products.get(productId)!, short_description: 'Replaced' });
    expect(orderText(state, po, true)).toContain('"short_description":"Replaced"');
    const replaced = { ...po, supplier_comments: 'Replaced order' };
    expect(orderText(state, replaced, true)).toBe(expected(state, replaced, true));
  });
});
