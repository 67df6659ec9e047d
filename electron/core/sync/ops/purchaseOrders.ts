/** Purchase order ops: create (with its lines) and line delete, both FIFO per purchase order. */
import type { z } from 'zod';
import { buildFilter, queryFor } from '../../../../src/api/query';
import { PurchaseOrderSchema, type PurchaseOrder } from '../../../../src/api/resources';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import type { OpRecord } from '../../../../src/db/ops';
import { purchaseOrderRows } from '../../../../src/db/purchaseOrderCache';
import type { ChildIds } from '../../../../src/db/storePort';
import type { OpRunContext } from '../opKind';
import { put, remove, replacingTemp } from './cache';
import { byLookup, createSpec, deleteSpec } from './factories';
import { counted, idText } from './labels';
import { searchAll } from './lookup';

/**
 * The catalog's create payload requires external_purchase_order_id (the outbox adds it): it is the only key
 * an uncertain create can be found by (the server keeps it unique).
 */
const createPayload = OP_CATALOG.createPurchaseOrder.payload;
type CreatePayload = z.output<typeof createPayload>;

/** The order row, its lines and their products (src/db/purchaseOrderCache.ts); the order replaces its temp row. */
function createdOrderRows(order: PurchaseOrder, op: OpRecord): CacheWrite[] {
  const { orders, lines, products } = purchaseOrderRows([order]);
  return [
    replacingTemp('purchaseOrders', op, orders[0]!),
    put('purchaseOrderItems', lines),
    put('products', products),
  ];
}

/**
 * The lines' server ids in body order (the server answers them in that order), so the store can map the temp
 * ids the renderer gave the offline lines. A line without an id breaks the order: nothing is mapped then.
 */
function lineIds(order: PurchaseOrder): ChildIds[] {
  const ids = (order.purchase_order_items ?? []).map((line) => line.po_item_id);
  if (ids.length === 0 || ids.some((id) => id === null)) return [];
  return [{ entity: 'purchaseOrderItems', ids: ids as number[] }];
}

/** The order with this external id, lines included so an applied result has the create response's shape. */
async function findByExternalId(context: OpRunContext, { body }: CreatePayload): Promise<PurchaseOrder[]> {
  const key = body.external_purchase_order_id;
  const filter_by = buildFilter([
    queryFor('searchPurchaseOrders').where('external_purchase_order_id').eq(key),
  ]);
  const orders = await searchAll(context, 'searchPurchaseOrders', {
    params: {},
    query: { filter_by, include_items: true },
  });
  // The search compares strings ignoring case; the key is exact.
  return orders.filter((order) => order.external_purchase_order_id === key);
}

export const createPurchaseOrder = createSpec({
  kind: 'createPurchaseOrder',
  payload: createPayload,
  label: ({ body }) =>
    `New purchase order for supplier ${idText(body.supplier.id)} ` +
    `(${counted(body.purchase_order_items?.length ?? 0, 'line')})`,
  result: PurchaseOrderSchema,
  rows: createdOrderRows,
  idOf: (order) => order.id ?? undefined,
  childIds: lineIds,
  reconcile: byLookup('purchase orders', findByExternalId),
});

export const deletePurchaseOrderItem = deleteSpec({
  kind: 'deletePurchaseOrderItem',
  payload: OP_CATALOG.deletePurchaseOrderItem.payload,
  label: ({ params }) => `Remove line ${idText(params.item_id)} from purchase order ${idText(params.id)}`,
  // The order's totals change too; its modified_on moves, so the next pull brings them.
  rows: (_op, { params }) => [remove('purchaseOrderItems', [params.item_id])],
});
