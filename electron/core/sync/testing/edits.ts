/**
 * Local edits as the renderer makes them (imported only by *.test.ts): each goes through the real outbox
 * writer, so the engine's tests start from exactly what the app would have queued.
 */
import { randomUUID } from 'node:crypto';
import { allocateTempId, enqueue } from '../../../../src/db/outbox';
import type { OpRecord } from '../../../../src/db/ops';
import type { DockhandDb } from '../../../../src/db/schema';
import { localDate, queueNewPurchaseOrder } from '../../../../src/db/edits/purchaseOrders';
import { sampleOutlet, sampleProduct, sampleSupplier } from '../../../../src/api/resources/fixtures';

export const uniqueText = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface OfflineOrder {
  op: OpRecord;
  tempId: number;
  lineTempIds: number[];
  externalId: string;
}

/**
 * A PO raised offline through the app's own builder (src/db/edits/purchaseOrders.ts): a temp id for the
 * order and one per line, the rows shown, the op queued. The app raises orders only from cached records,
 * so stand-ins are cached first for any the test names but has not cached (e.g. an id the server lacks).
 */
export async function offlineOrder(
  db: DockhandDb,
  input: { supplier?: number; outlet?: number; products?: number[] } = {},
): Promise<OfflineOrder> {
  const supplierId = input.supplier ?? 101;
  const outletId = input.outlet ?? 1;
  const products = input.products ?? [10001, 10002];
  if (!(await db.suppliers.get(supplierId)))
    await db.suppliers.put(sampleSupplier({ id: supplierId }) as never);
  if (!(await db.outlets.get(outletId))) await db.outlets.put(sampleOutlet({ id: outletId }) as never);
  for (const id of products) if (!(await db.products.get(id))) await db.products.put(sampleProduct({ id }));
  const eta = localDate(new Date(Date.now() + 7 * 24 * 3600_000));
  const lines = products.map((productId) => ({ productId, quantity: 5, buyPrice: null }));
  const result = await queueNewPurchaseOrder(db, { supplierId, outletId, eta, lines });
  if (!result.ok) throw new Error(`offlineOrder: ${JSON.stringify(result.errors)}`);
  return { op: result.op, tempId: result.id, lineTempIds: result.lineIds, externalId: result.externalId };
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
