/** GET /purchaseorders/{id} and GET /purchaseorders (seed 4.9). */
import { purchaseOrderAccessors, searchPage } from '../../search';
import { ok, type Handler } from '../context';
import { purchaseOrderView } from '../views/purchaseOrder';
import { found, intParam } from './checks';

export const getPurchaseOrder: Handler<'getPurchaseOrder'> = ({ state, params, query }) => {
  const po = found(state.purchaseOrders, intParam(params, 'id'), 'purchase order');
  return ok(purchaseOrderView(state, po, query.include_items === true));
};

export const searchPurchaseOrders: Handler<'searchPurchaseOrders'> = ({ state, query }) => {
  const includeItems = query.include_items === true;
  return ok(
    searchPage(state.purchaseOrders.values(), query, {
      op: 'searchPurchaseOrders',
      accessors: purchaseOrderAccessors,
      idOf: (po) => po.id,
      view: (po) => purchaseOrderView(state, po, includeItems),
    }),
  );
};
