/**
 * GET /purchaseorders/{id}/purchaseorderitems and DELETE /purchaseorders/{id}/purchaseorderitems/{item_id}.
 *
 * Deleting a line is refused with 409 (decided here) when stock has been received on it (the receipt and
 * invoice that name it would lose their line) or when the order is Received or Cancelled (closed orders are
 * history). Otherwise the line goes, the order's totals are recomputed, its on-order stock released, and the
 * order is marked modified.
 */
import { conflict, notFound } from '../../errors';
import { purchaseOrderItemAccessors, purchaseOrderItemRows, searchPage } from '../../search';
import { noContent, ok, type Handler } from '../context';
import { purchaseOrderItemView } from '../views/purchaseOrder';
import { stampOf, touch } from './audit';
import { found, intParam } from '../checks';
import { recomputeOrderTotals } from './orderLines';
import { isClosed } from './orderStatus';
import { onOrderByProduct, settleOnOrder } from './stock';

export const searchPurchaseOrderItems: Handler<'searchPurchaseOrderItems'> = ({ state, params, query }) => {
  const po = found(state.purchaseOrders, intParam(params, 'id'), 'purchase order');
  return ok(
    searchPage(purchaseOrderItemRows(po), query, {
      op: 'searchPurchaseOrderItems',
      accessors: purchaseOrderItemAccessors(state),
      idOf: ({ item }) => item.po_item_id,
      view: ({ item }) => purchaseOrderItemView(state, po, item),
    }),
  );
};

export const deletePurchaseOrderItem: Handler<'deletePurchaseOrderItem'> = (ctx) => {
  const { state, params } = ctx;
  const po = found(state.purchaseOrders, intParam(params, 'id'), 'purchase order');
  const itemId = intParam(params, 'item_id');
  const index = po.items.findIndex((item) => item.po_item_id === itemId);
  if (index < 0) throw notFound(`item of purchase order ${po.id}`, itemId);
  const item = po.items[index]!;
  if (isClosed(po)) {
    throw conflict(`Purchase order ${po.id} is ${po.status.name}; its items can no longer be deleted`);
  }
  if (item.quantity_received > 0) {
    throw conflict(
      `Item ${itemId} of purchase order ${po.id} has ${item.quantity_received} received; ` +
        'a line with received stock cannot be deleted',
    );
  }
  const stamp = stampOf(ctx);
  const before = onOrderByProduct(po);
  po.items.splice(index, 1);
  recomputeOrderTotals(po);
  settleOnOrder(state, po, before, stamp.at);
  touch(po, stamp);
  return noContent();
};
