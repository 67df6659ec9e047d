/**
 * The dataset purchase orders the run receives into, read through the API before any edit (faults off), with
 * each line's quantity_received at that moment: the verifier's starting value for the line. Open orders take
 * the run's partial receipts; closed ones (Received, Cancelled) are where a receipt is meant to be refused.
 */
import { buildFilter, buildOrder, queryFor } from '../../src/api/query';
import type { PurchaseOrder } from '../../src/api/resources';
import type { ApiClient } from '../../electron/core/api';
import type { Random } from './random';
import type { Order, OrderLine } from './types';

/** Receiving moves these to ReceivingInProgress and leaves them open. */
const OPEN = ['Incomplete', 'OnOrder', 'BackOrder', 'ReceivingInProgress'] as const;
const CLOSED = ['Received', 'Cancelled'] as const;

/**
 * Units a line can still take from the run while staying at least one short of complete. No order the run
 * receives into ever completes, so finalising the run's invoices never makes it Received (which would refuse
 * later receipts and line deletes and make those ops fail).
 */
export const roomOn = (line: OrderLine) => line.qty - 1 - line.start - line.received;

function orderOf(po: PurchaseOrder & { id: number }): Order {
  const lines = (po.purchase_order_items ?? []).flatMap((item) =>
    item.po_item_id === null
      ? []
      : [
          {
            id: item.po_item_id,
            product: item.product.id,
            qty: item.quantity_ordered,
            start: item.quantity_received,
            received: 0,
            deleted: false,
          },
        ],
  );
  return { id: po.id, ours: false, lines };
}

/**
 * The first `count` orders in these statuses that have lines. A page with items is costly to build and check
 * (a hundred orders take seconds on a loaded machine), so only a few are read.
 */
async function ordersIn(
  client: ApiClient,
  statuses: readonly [string, ...string[]],
  count: number,
): Promise<Order[]> {
  const search = queryFor('searchPurchaseOrders');
  const { data } = await client.call('searchPurchaseOrders', {
    query: {
      filter_by: buildFilter([search.where('status').in(...statuses)]),
      order_by: buildOrder([search.order('id', 'asc')]),
      include_items: true,
      page_number: 1,
      page_size: count,
    },
  });
  return (data ?? [])
    .flatMap((po) => (po.id === null ? [] : [orderOf({ ...po, id: po.id })]))
    .filter((order) => order.lines.length > 0);
}

export async function loadOrders(
  client: ApiClient,
  random: Random,
  count: number,
): Promise<{ open: Order[]; closed: Order[] }> {
  const open = (await ordersIn(client, OPEN, 4 * count)).filter((o) => o.lines.some((l) => roomOn(l) > 0));
  const closed = await ordersIn(client, CLOSED, 8);
  return { open: random.sample(open, count), closed: random.sample(closed, 2) };
}
