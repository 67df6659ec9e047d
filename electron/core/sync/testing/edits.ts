/**
 * Local edits as the renderer makes them (imported only by *.test.ts): each goes through the real outbox
 * writer, so the engine's tests start from exactly what the app would have queued.
 */
import { randomUUID } from 'node:crypto';
import { allocateTempId, enqueue } from '../../../../src/db/outbox';
import type { OpRecord } from '../../../../src/db/ops';
import type { DockhandDb } from '../../../../src/db/schema';

export const uniqueText = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface OfflineOrder {
  op: OpRecord;
  tempId: number;
  lineTempIds: number[];
  externalId: string;
}

/** A PO raised offline: a temp id for the order and one per line, the rows shown, the op queued. */
export async function offlineOrder(
  db: DockhandDb,
  input: { supplier?: number; outlet?: number; products?: number[] } = {},
): Promise<OfflineOrder> {
  const products = input.products ?? [10001, 10002];
  const tempId = await allocateTempId(db, 'purchaseOrders');
  const lineTempIds: number[] = [];
  for (const _ of products)
    lineTempIds.push(await allocateTempId(db, 'purchaseOrderItems', { parentTempId: tempId }));
  const externalId = uniqueText('dockhand-test');
  const op = await enqueue(db, {
    kind: 'createPurchaseOrder',
    params: {},
    body: {
      external_purchase_order_id: externalId,
      supplier: { id: input.supplier ?? 101 },
      outlet: { id: input.outlet ?? 1 },
      purchase_order_items: products.map((id) => ({ product: { id }, quantity_ordered: 5 })),
    },
    createsTempId: tempId,
    label: `New PO ${externalId}`,
    cacheChanges: [
      { table: 'purchaseOrders', put: [{ id: tempId, external_purchase_order_id: externalId }] },
      {
        table: 'purchaseOrderItems',
        put: lineTempIds.map((line, i) => ({
          po_item_id: line,
          po_id: tempId,
          product: { id: products[i] },
        })),
      },
    ],
  });
  return { op, tempId, lineTempIds, externalId };
}

/** An invoice receiving one unit of the given line of the given (possibly temp) PO. */
export async function offlineInvoice(
  db: DockhandDb,
  poId: number,
  lineId: number,
  number = uniqueText('INV'),
) {
  const tempId = await allocateTempId(db, 'supplierInvoices');
  const receipt = {
    purchase_order_id: poId,
    purchase_order_receipt_items: [{ purchase_order_item_id: lineId, quantity_received: 1 }],
  };
  const op = await enqueue(db, {
    kind: 'createSupplierInvoice',
    params: {},
    body: { supplier_invoice_number: number, purchase_order_receipts: [receipt] },
    createsTempId: tempId,
    label: `Invoice ${number}`,
    cacheChanges: [
      {
        table: 'supplierInvoices',
        put: [{ id: tempId, supplier_invoice_number: number, purchase_order_receipts: [receipt] }],
      },
    ],
  });
  return { op, tempId, number };
}

/** A customer edit; with `base`, the engine re-reads and merges before sending. */
export async function customerEdit(
  db: DockhandDb,
  id: number,
  body: Record<string, unknown>,
  base?: Record<string, unknown>,
): Promise<OpRecord> {
  const current = (await db.customers.get(id)) ?? base ?? { id };
  return enqueue(db, {
    kind: 'updateCustomer',
    params: { id },
    body,
    ...(base ? { baseVersion: base } : {}),
    label: `Update customer ${id}`,
    cacheChanges: [{ table: 'customers', put: [{ ...current, ...body, id }] }],
  });
}
