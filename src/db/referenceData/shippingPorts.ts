/**
 * Shipping ports: the API serves them by id only (no list), so the cache knows the ports that suppliers
 * and purchase orders name, those opened by id (../byIdRequests.ts) and those made here. Deleting one is
 * refused by the server while a supplier or purchase order names it (409, server/README.md), so
 * `portInUse` counts what this computer knows of before anything is queued. DOM-free.
 */
import type { OpRecord } from '../ops';
import { editTables, enqueue } from '../outbox';
import type { DockhandDb } from '../schema';

export interface PortUse {
  suppliers: number;
  orders: number;
}

/** The suppliers and purchase orders on this computer that name port `id` (no index: read on demand). */
export async function portInUse(db: DockhandDb, id: number): Promise<PortUse> {
  return {
    suppliers: await db.suppliers.filter((supplier) => supplier.shipping_port.id === id).count(),
    orders: await db.purchaseOrders.filter((order) => order.shipping_port?.id === id).count(),
  };
}

export const portUsed = (use: PortUse) => use.suppliers + use.orders > 0;

/** Queues `deleteShippingPort` and removes the cached port at once (a pull will not bring it back meanwhile). */
export async function deleteShippingPort(
  db: DockhandDb,
  id: number,
  options: { now?: Date } = {},
): Promise<{ ok: true; op: OpRecord } | { ok: false; message: string }> {
  return db.transaction('rw', editTables(db), async () => {
    const port = await db.shippingPorts.get(id);
    if (!port) return { ok: false, message: 'This shipping port is not on this computer any more.' };
    const op = await enqueue(db, {
      kind: 'deleteShippingPort',
      params: { id },
      cacheChanges: [{ table: 'shippingPorts', delete: [id] }],
      label: `Delete shipping port ‘${port.name ?? id}’`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op };
  });
}
