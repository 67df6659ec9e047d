/**
 * Raising a purchase order offline: the createPurchaseOrder op and the cache rows that show the order at
 * once (./purchaseOrderRows.ts, shaped like the server's answer, so every screen reads an offline order
 * exactly like a synced one), written by the outbox (../outbox.ts) with the temp ids they carry, in ONE
 * transaction.
 */
import { PURCHASE_ORDER_STATUSES } from '../../api/resources';
import type { PurchaseOrderCreate } from '../../api/requests';
import { opCatalog } from '../opCatalog';
import type { OpRecord } from '../ops';
import { allocateTempId, enqueue, type EnqueueInput } from '../outbox';
import { newOrderCurrency } from '../currencies';
import type { DockhandDb } from '../schema';
import {
  formFieldOfBodyPath,
  validateNewPurchaseOrder,
  type FormErrors,
  type NewPurchaseOrderForm,
  type ValidNewPurchaseOrder,
} from './purchaseOrderForm';
import { lineRow, orderRow, type PurchaseOrderCatalogue } from './purchaseOrderRows';
import { inEditTransaction } from './queueEdit';

export * from './purchaseOrderForm';
export type { PurchaseOrderCatalogue } from './purchaseOrderRows';

export interface NewPurchaseOrderIds {
  order: number;
  /** One per line, in line order (their server ids are matched by position). */
  lines: readonly number[];
}

/**
 * The op and its local edit for a validated form. `idempotencyKey` seeds the external id through the op
 * catalog's own prepareBody, so the id the row shows is the one the op sends (enqueue keeps a given one).
 */
export function newPurchaseOrderInput(
  form: ValidNewPurchaseOrder,
  catalogue: PurchaseOrderCatalogue,
  ids: NewPurchaseOrderIds,
  options: { now: Date; idempotencyKey: string; externalId?: string },
): EnqueueInput & { body: PurchaseOrderCreate & { external_purchase_order_id: string } } {
  if (ids.lines.length !== form.lines.length) throw new Error('One temp id per line is needed');
  const draft: PurchaseOrderCreate = {
    supplier: { id: form.supplierId },
    outlet: { id: form.outletId },
    eta: form.eta,
    // An order amended while it waits (./queuedOrderLines.ts) keeps the id the server knows it by.
    ...(options.externalId ? { external_purchase_order_id: options.externalId } : {}),
    // The currency the form showed is the one sent: the server would otherwise use the outlet's.
    ...(catalogue.currency ? { fob_currency: { id: catalogue.currency.id } } : {}),
    ...(form.reference != null ? { reference_purchase_order_id: form.reference } : {}),
    purchase_order_items: form.lines.map((line) => ({
      product: { id: line.productId },
      quantity_ordered: line.quantity,
      ...(line.buyPrice != null ? { supplier_buy_ex: line.buyPrice } : {}),
    })),
  };
  const prepare = opCatalog('createPurchaseOrder').prepareBody!;
  const body = prepare(draft, options.idempotencyKey) as PurchaseOrderCreate & {
    external_purchase_order_id: string;
  };
  const at = options.now.toISOString();
  const outlet = { id: catalogue.outlet.id, name: catalogue.outlet.name ?? '' };
  const lines = form.lines.map((line, i) => {
    const product = catalogue.products.get(line.productId);
    if (!product) throw new Error(`Product ${line.productId} is not in the catalogue given`);
    return lineRow(line, product, { order: ids.order, line: ids.lines[i]! }, outlet, at);
  });
  const order = orderRow(form, catalogue, ids.order, body.external_purchase_order_id, lines, at);
  const count = `${lines.length} line${lines.length === 1 ? '' : 's'}`;
  return {
    kind: 'createPurchaseOrder',
    params: {},
    body,
    createsTempId: ids.order,
    label: `New purchase order for ${catalogue.supplier.name || `supplier ${catalogue.supplier.id}`} (${count})`,
    cacheChanges: [
      { table: 'purchaseOrders', put: [order] },
      { table: 'purchaseOrderItems', put: lines },
    ],
    now: options.now,
  };
}

export type QueueResult =
  | { ok: true; id: number; lineIds: number[]; externalId: string; op: OpRecord }
  | { ok: false; errors: FormErrors };

/**
 * The supplier: its cached record, or until the first sync has fetched it by id, the copy a cached product
 * embeds (suppliers are discovered from references and fetched later: the by-id step of the pull in
 * docs/architecture.md).
 */
async function supplierOf(
  db: DockhandDb,
  id: number,
): Promise<PurchaseOrderCatalogue['supplier'] | undefined> {
  const cached = await db.suppliers.get(id);
  if (cached) return cached;
  return (await db.products.where('supplier.id').equals(id).first())?.supplier;
}

/** The outlet: its cached record, or the reference (and currency) a cached order of it carries. */
async function outletOf(db: DockhandDb, id: number): Promise<PurchaseOrderCatalogue['outlet'] | undefined> {
  const cached = await db.outlets.get(id);
  if (cached) return cached;
  const order = await db.purchaseOrders.where('outlet.id').equals(id).first();
  return order && { ...order.outlet, fob_currency: order.fob_currency };
}

/** The cached records the form names, or field errors for those the cache does not hold. */
export async function catalogueOf(
  db: DockhandDb,
  form: ValidNewPurchaseOrder,
): Promise<{ catalogue: PurchaseOrderCatalogue } | { errors: FormErrors }> {
  const [supplier, outlet, incomplete, currency] = await Promise.all([
    supplierOf(db, form.supplierId),
    outletOf(db, form.outletId),
    db.purchaseOrders.where('status.name').equals('Incomplete').first(),
    newOrderCurrency(db, form.supplierId, form.outletId),
  ]);
  const productIds = form.lines.map((line) => line.productId);
  const found = await db.products.bulkGet(productIds);
  const errors: FormErrors = {};
  if (!supplier) errors.supplierId = ['This supplier is not in the local cache'];
  if (!outlet) errors.outletId = ['This outlet is not in the local cache'];
  found.forEach((product, i) => {
    if (!product) errors[`lines.${i}.productId`] = [`Product ${productIds[i]} is not in the local cache`];
  });
  if (!supplier || !outlet || Object.keys(errors).length > 0) return { errors };
  const products = new Map(found.flatMap((product) => (product ? [[product.id, product] as const] : [])));
  // Status ids are the server's; before any order is cached, the position in the contract's list stands in.
  const incompleteStatusId = incomplete?.status.id ?? PURCHASE_ORDER_STATUSES.indexOf('Incomplete') + 1;
  return {
    catalogue: {
      supplier,
      outlet,
      products,
      incompleteStatusId,
      ...(currency.currency ? { currency: currency.currency } : {}),
    },
  };
}

/**
 * Validates the form and, when it is valid, queues the order: temp ids, rows and op in one transaction.
 * Nothing is written when it is not.
 */
export async function queueNewPurchaseOrder(
  db: DockhandDb,
  form: NewPurchaseOrderForm,
  options: { now?: Date } = {},
): Promise<QueueResult> {
  const now = options.now ?? new Date();
  const valid = validateNewPurchaseOrder(form, now);
  if (!valid.ok) return valid;
  return inEditTransaction(
    db,
    async (): Promise<QueueResult> => {
      const found = await catalogueOf(db, valid.value);
      if ('errors' in found) return { ok: false, errors: found.errors };
      const order = await allocateTempId(db, 'purchaseOrders', { now });
      const lines: number[] = [];
      for (const _ of valid.value.lines)
        lines.push(await allocateTempId(db, 'purchaseOrderItems', { parentTempId: order, now }));
      const input = newPurchaseOrderInput(
        valid.value,
        found.catalogue,
        { order, lines },
        {
          now,
          idempotencyKey: crypto.randomUUID(),
        },
      );
      const op = await enqueue(db, input);
      return { ok: true, id: order, lineIds: lines, externalId: input.body.external_purchase_order_id, op };
    },
    { fieldOf: formFieldOfBodyPath },
  );
}
