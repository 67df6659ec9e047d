/**
 * Lines added to a draft purchase order raised on this PC that is still waiting to be sent (issue #29: a
 * supplier's CSV into "a new or open draft PO"). The API v2.1 cannot add a line to an order the back office
 * holds, so the only open draft that can take lines is one whose create has not left: its queued body and
 * the rows it shows are rebuilt by the New PO builder (./purchaseOrders.ts) with the lines added, and the op
 * amended in place (../amendQueued.ts). A product already on the order has its quantity raised instead of a
 * second line.
 */
import type { PurchaseOrderCreate } from '../../api/requests';
import { AMENDABLE_STATES, amendQueued } from '../amendQueued';
import type { OpRecord } from '../ops';
import type { DockhandDb } from '../schema';
import { allocateTempId } from '../outbox';
import { childTempIds } from '../tempIds';
import {
  catalogueOf,
  formFieldOfBodyPath,
  newPurchaseOrderInput,
  validateNewPurchaseOrder,
  type FormErrors,
  type NewPurchaseOrderForm,
} from './purchaseOrders';
import { inEditTransaction } from './queueEdit';

/** A draft order of this PC's whose create is still waiting to be sent. */
export interface WaitingDraft {
  opId: string;
  /** The order's temp id: its page is #/purchase-orders/<tempId>. */
  orderId: number;
  label: string;
  lineCount: number;
  /** The order's products, in line order. */
  productIds: number[];
  eta: string | null;
  createdAt: string;
}

type OrderLine = NewPurchaseOrderForm['lines'][number];

function bodyOf(op: OpRecord): PurchaseOrderCreate & { external_purchase_order_id: string } {
  return op.body as PurchaseOrderCreate & { external_purchase_order_id: string };
}

const waiting = (op: OpRecord) =>
  op.kind === 'createPurchaseOrder' && AMENDABLE_STATES.includes(op.state) && op.createsTempId !== undefined;

/**
 * The supplier's drafts still waiting to be sent, oldest first. Only the waiting ops are read (the
 * `[state+seq]` index, as ../opIndex.ts nextOps reads the queue): every op the PC ever sent stays in the
 * outbox as done for days, and the CSV screen's step 5 follows this read live, so it runs again on outbox
 * commits; a commit that changes only ops on their way or done does not wake a live read of these ranges.
 */
export async function waitingDrafts(db: DockhandDb, supplierId: number): Promise<WaitingDraft[]> {
  // One range a state: a cursor over both (inAnyRange) steps onto the first done op between them.
  const ops = await Promise.all(
    AMENDABLE_STATES.map((state) =>
      db.outbox.where('[state+seq]').between([state, -Infinity], [state, Infinity]).toArray(),
    ),
  );
  return ops
    .flat()
    .filter((op) => waiting(op) && bodyOf(op).supplier.id === supplierId)
    .sort((a, b) => a.seq! - b.seq!)
    .map((op) => ({
      opId: op.id,
      orderId: op.createsTempId!,
      label: op.label,
      lineCount: bodyOf(op).purchase_order_items?.length ?? 0,
      productIds: (bodyOf(op).purchase_order_items ?? []).map((item) => item.product.id),
      eta: bodyOf(op).eta ?? null,
      createdAt: op.createdAt,
    }));
}

/** The order's lines with `added` merged in: a product already there gets the quantities summed. */
export function mergedLines(current: readonly OrderLine[], added: readonly OrderLine[]): OrderLine[] {
  const lines = current.map((line) => ({ ...line }));
  for (const line of added) {
    const same = lines.find((l) => l.productId === line.productId);
    if (!same) lines.push({ ...line });
    else {
      same.quantity = (same.quantity ?? 0) + (line.quantity ?? 0);
      same.buyPrice ??= line.buyPrice;
    }
  }
  return lines;
}

export type AddLinesResult =
  { ok: true; orderId: number; lineCount: number; op: OpRecord } | { ok: false; errors: FormErrors };

const NOT_WAITING =
  'This order has started on its way to the back office and can no longer take lines: make a new draft order.';

/**
 * Adds `lines` to the waiting draft `opId` (body, label and shown rows in one transaction). Refused with a
 * message when the order is no longer waiting, or with the New PO form's errors when the lines break its rules.
 */
export async function addLinesToWaitingDraft(
  db: DockhandDb,
  opId: string,
  lines: readonly OrderLine[],
  options: { now?: Date } = {},
): Promise<AddLinesResult> {
  const now = options.now ?? new Date();
  return inEditTransaction(
    db,
    async (): Promise<AddLinesResult> => {
      const op = await db.outbox.where('id').equals(opId).first();
      if (!op || !waiting(op)) return { ok: false, errors: { $: [NOT_WAITING] } };
      const body = bodyOf(op);
      const current: OrderLine[] = (body.purchase_order_items ?? []).map((item) => ({
        productId: item.product.id,
        quantity: item.quantity_ordered,
        buyPrice: item.supplier_buy_ex ?? null,
      }));
      const form: NewPurchaseOrderForm = {
        supplierId: body.supplier.id,
        outletId: body.outlet.id,
        eta: body.eta ?? '',
        reference: body.reference_purchase_order_id ?? null,
        lines: mergedLines(current, lines),
      };
      const valid = validateNewPurchaseOrder(form, now);
      if (!valid.ok) return valid;
      const found = await catalogueOf(db, valid.value);
      if ('errors' in found) return { ok: false, errors: found.errors };
      const order = op.createsTempId!;
      // The server answers the order's lines in body order, matched to these temp ids by position: the
      // lines there keep theirs, the new ones come after.
      const lineIds = await childTempIds(db, order, 'purchaseOrderItems');
      while (lineIds.length < valid.value.lines.length)
        lineIds.push(await allocateTempId(db, 'purchaseOrderItems', { parentTempId: order, now }));
      const input = newPurchaseOrderInput(
        valid.value,
        found.catalogue,
        { order, lines: lineIds },
        // Dated as raised: the order keeps the day it was made on.
        { now: new Date(op.createdAt), idempotencyKey: op.id, externalId: body.external_purchase_order_id },
      );
      const amended = await amendQueued(db, opId, {
        body: input.body,
        label: input.label,
        cacheChanges: input.cacheChanges,
      });
      if (!amended) return { ok: false, errors: { $: [NOT_WAITING] } };
      return { ok: true, orderId: order, lineCount: valid.value.lines.length, op: amended };
    },
    { fieldOf: formFieldOfBodyPath },
  );
}
