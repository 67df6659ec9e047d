/**
 * GET /purchaseorders/{id} and GET /purchaseorders. Both answer through the byte writer of
 * views/purchaseOrderJson.ts: with include_items a page of 500 orders is ~40 MB of JSON.
 */
import { purchaseOrderAccessors, searchPage, type Page } from '../../search';
import type { PurchaseOrderRow } from '../../state';
import { written, type Handler } from '../context';
import { purchaseOrderView } from '../views/purchaseOrder';
import { writePurchaseOrder, writePurchaseOrderPage } from '../views/purchaseOrderJson';
import { found, intParam } from '../checks';

export const getPurchaseOrder: Handler<'getPurchaseOrder'> = ({ state, params, query }) => {
  const po = found(state.purchaseOrders, intParam(params, 'id'), 'purchase order');
  const includeItems = query.include_items === true;
  return written(
    () => purchaseOrderView(state, po, includeItems),
    (out) => writePurchaseOrder(out, state, po, includeItems),
  );
};

export const searchPurchaseOrders: Handler<'searchPurchaseOrders'> = ({ state, query }) => {
  const includeItems = query.include_items === true;
  // The page keeps the rows (this operation has no `select`, so they are never projected); they become
  // views, or bytes, only when the response is written.
  const rows = searchPage(state.purchaseOrders.values(), query, {
    op: 'searchPurchaseOrders',
    accessors: purchaseOrderAccessors,
    idOf: (po) => po.id,
    view: (po) => po,
  }) as Page<PurchaseOrderRow>;
  return written(
    () => ({ ...rows, data: rows.data.map((po) => purchaseOrderView(state, po, includeItems)) }),
    (out) => writePurchaseOrderPage(out, state, rows, includeItems),
  );
};
