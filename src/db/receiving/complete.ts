/**
 * Completing a delivery: the docket's invoice number and date (and any freight, misc, duty) turn the draft
 * into ONE local transaction that queues `createSupplierInvoice` with its receipt, shows the invoice at once
 * (a temp-id row), moves the cached order's received and remaining quantities and status, and deletes the
 * draft. The screens show the truth before the server has it; the engine replays the op exactly once.
 *
 * The API cannot add receipts to an existing invoice, so every delivery is its own invoice, and the server
 * refuses an invoice number already used on the same order (409): that is caught here first, with the reason.
 *
 * The same transaction keeps the delivery's discrepancy report (./discrepancy.ts, ./discrepancyRecord.ts): what
 * came short, over or faulty, and the shortfalls the clerk said are not coming, which the invoice's notes say
 * too (the API has no purchase order update, so the office cancels them there).
 */
import { z } from 'zod';
import type { PurchaseOrderStatus, SupplierInvoice } from '../../api/resources';
import { PURCHASE_ORDER_STATUSES } from '../../api/resources';
import type { SupplierInvoiceCreate } from '../../api/requests';
import { UNKNOWN_USER } from '../edits/purchaseOrderRows';
import type { OpRecord } from '../ops';
import { allocateTempId, enqueue, OutboxValidationError } from '../outbox';
import {
  CACHE_TABLES,
  type CachedPurchaseOrder,
  type CachedPurchaseOrderItem,
  type CachedSupplierInvoice,
  type DockhandDb,
} from '../schema';
import { costFigures, costOfTyped, invoiceTotals } from '../edits/directCosts';
import { AMOUNT_MAX, atMostMessage } from '../edits/formBounds';
import { remainingOf } from './figures';
import { discrepancyReport, notComingNote } from './discrepancy';
import { keepDiscrepancyRecord } from './discrepancyRecord';

export const COMPLETION_FIELDS = [
  'invoiceNumber',
  'invoicedOn',
  'freight',
  'freightIncludesTax',
  'misc',
  'miscIncludesTax',
  'duty',
] as const;
export type CompletionField = (typeof COMPLETION_FIELDS)[number];
export type CompletionErrors = Partial<Record<CompletionField | 'lines', string>>;

/** The completion form as typed: text fields as strings, tax flags as booleans. */
export interface CompletionForm {
  invoiceNumber: string;
  /** `YYYY-MM-DD`, or '' when the docket has no date. */
  invoicedOn: string;
  freight: string;
  freightIncludesTax: boolean;
  misc: string;
  miscIncludesTax: boolean;
  duty: string;
  /** The short lines (po_item_id) whose rest is not coming, comma-separated (kept with the draft as text). */
  notComing: string;
}

export const EMPTY_COMPLETION: CompletionForm = {
  invoiceNumber: '',
  invoicedOn: '',
  freight: '',
  freightIncludesTax: false,
  misc: '',
  miscIncludesTax: false,
  duty: '',
  notComing: '',
};

/** The form's `notComing` text as line ids. */
export function notComingIds(text: string): number[] {
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id !== 0);
}

/** The form's `notComing` text with one line's fate changed. */
export function withFate(text: string, poItemId: number, notComing: boolean): string {
  const ids = new Set(notComingIds(text));
  if (notComing) ids.add(poItemId);
  else ids.delete(poItemId);
  return [...ids].join(',');
}

/** An optional amount typed as text: '' is none; otherwise a non-negative amount with at most 2 decimals. */
const amount = (what: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d+(\.\d{1,2})?$/.test(text), {
      message: `${what} is an amount such as 12.50 (no currency sign, not below zero)`,
    })
    // The sanity bound of every invoice amount (../edits/formBounds.ts): the API sets none.
    .refine((text) => text === '' || Number(text) <= AMOUNT_MAX, atMostMessage(what, AMOUNT_MAX))
    .transform((text) => (text === '' ? undefined : Number(text)));

const CompletionSchema = z.object({
  invoiceNumber: z
    .string()
    .trim()
    .min(1, 'Type or scan the invoice number from the delivery docket')
    .max(50, 'An invoice number is at most 50 characters'),
  invoicedOn: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text), 'Choose the date on the invoice'),
  freight: amount('Freight'),
  freightIncludesTax: z.boolean(),
  misc: amount('Misc costs'),
  miscIncludesTax: z.boolean(),
  duty: amount('Duty'),
  notComing: z.string().transform(notComingIds),
});

export type CompletionResult =
  { ok: true; invoiceId: number; op: OpRecord } | { ok: false; errors: CompletionErrors };

const sameNumber = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.toLowerCase();

function invoiceName(invoice: CachedSupplierInvoice): string {
  return invoice.id < 0 ? `a delivery saved on this computer` : `invoice ${invoice.id}`;
}

/** A status {id, name}: ids are the server's, read from any cached order with that status. */
async function statusRef(db: DockhandDb, name: PurchaseOrderStatus) {
  const other = await db.purchaseOrders.where('status.name').equals(name).first();
  return { id: other?.status.id ?? PURCHASE_ORDER_STATUSES.indexOf(name) + 1, name };
}

/** A freight or misc amount as typed (with its tax in it when flagged): ../edits/directCosts.ts. */
const costLine = (amount: number | undefined, includesTax: boolean) => costOfTyped(amount ?? 0, includesTax);

export async function completeReceipt(
  db: DockhandDb,
  poId: number,
  form: CompletionForm,
  options: {
    now?: Date;
    /** This PC's name for the report (src/screens/receiving/report/pcLabel.ts); absent, left to write in. */
    pcName?: string | null;
  } = {},
): Promise<CompletionResult> {
  const now = options.now ?? new Date();
  const parsed = CompletionSchema.safeParse(form);
  if (!parsed.success) {
    const errors: CompletionErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as CompletionField] ??= issue.message;
    return { ok: false, errors };
  }
  const valid = parsed.data;
  const tables = [db.outbox, db.tempIds, db.meta, db.receiptDrafts, ...CACHE_TABLES.map((n) => db.table(n))];
  try {
    return await db.transaction('rw', tables, async (): Promise<CompletionResult> => {
      const [draft, order, items, invoices] = await Promise.all([
        db.receiptDrafts.get(poId),
        db.purchaseOrders.get(poId),
        db.purchaseOrderItems.where('po_id').equals(poId).toArray(),
        db.supplierInvoices.where('_poIds').equals(poId).toArray(),
      ]);
      if (!order) return { ok: false, errors: { lines: 'This purchase order is not in the local cache.' } };
      if (order.status.name === 'Received' || order.status.name === 'Cancelled') {
        return {
          ok: false,
          errors: {
            lines: `This order is ${order.status.name}: the server accepts no more receipts into it.`,
          },
        };
      }
      const used = invoices.find((invoice) =>
        sameNumber(invoice.supplier_invoice_number, valid.invoiceNumber),
      );
      if (used) {
        return {
          ok: false,
          errors: {
            invoiceNumber:
              `Invoice number ${valid.invoiceNumber} is already used on this order (${invoiceName(used)}). ` +
              'Each delivery is its own invoice: check the docket, or add a suffix such as -2.',
          },
        };
      }
      const byId = new Map(items.map((item) => [item.po_item_id, item]));
      const received = Object.entries(draft?.lines ?? {})
        .map(([key, line]) => ({ item: byId.get(Number(key)), line }))
        .filter(({ item, line }) => item && (line.received > 0 || line.faulty > 0)) as {
        item: CachedPurchaseOrderItem;
        line: NonNullable<typeof draft>['lines'][string];
      }[];
      if (received.length === 0) {
        return { ok: false, errors: { lines: 'Nothing has been received yet: scan the cartons first.' } };
      }

      const at = now.toISOString();
      const report = discrepancyReport({ items, draft, notComing: valid.notComing });
      const note = notComingNote(report);
      const invoiceId = await allocateTempId(db, 'supplierInvoices', { now });
      const receiptId = await allocateTempId(db, 'purchaseOrderReceipts', { parentTempId: invoiceId, now });
      const receiptItems = received.map(({ item, line }) => ({
        purchase_order_item_id: item.po_item_id,
        quantity_received: line.received,
        quantity_faulty: line.faulty,
        // The docket invoices what arrived; the back office adjusts it on the invoice when they differ.
        quantity_invoiced: line.received,
        buy_price_ex: item.supplier_buy_ex ?? item.product.supplier_buy_ex,
        bin: line.bin,
        include_tax: item.pricing.taxable,
        notes: line.notes,
      }));
      const costs = {
        freight: costLine(valid.freight, valid.freightIncludesTax),
        misc: costLine(valid.misc, valid.miscIncludesTax),
        duty: costFigures(valid.duty ?? 0, false),
      };
      const directCosts: NonNullable<SupplierInvoiceCreate['direct_costs']> = {};
      if (valid.freight !== undefined)
        directCosts.freight = { includes_tax: valid.freightIncludesTax, total_ex: costs.freight.total_ex };
      if (valid.misc !== undefined)
        directCosts.misc = { includes_tax: valid.miscIncludesTax, total_ex: costs.misc.total_ex };
      if (valid.duty !== undefined) directCosts.duty = { total_ex: valid.duty };
      const body: SupplierInvoiceCreate = {
        supplier_invoice_number: valid.invoiceNumber,
        ...(valid.invoicedOn ? { supplier_invoiced_on: valid.invoicedOn } : {}),
        ...(note ? { notes: note } : {}),
        purchase_order_receipts: [{ purchase_order_id: poId, purchase_order_receipt_items: receiptItems }],
        ...(Object.keys(directCosts).length > 0 ? { direct_costs: directCosts } : {}),
      };

      const receipts = [
        { id: receiptId, purchase_order_id: poId, purchase_order_receipt_items: receiptItems },
      ];
      const header = {
        rounding_adjustment: 0,
        landed_costs_calculation: null,
        currency_conversion: null,
      } as const;
      const invoiceRow: SupplierInvoice = {
        id: invoiceId,
        supplier_invoice_number: valid.invoiceNumber,
        status: 'In Progress',
        notes: note || null,
        international_order: false,
        ...header,
        distribute_costs_by: null,
        direct_costs: {
          freight: costs.freight,
          misc: costs.misc,
          duty: { total_ex: costs.duty.total_ex, total_tax: 0, total_inc: costs.duty.total_ex },
        },
        purchase_order_receipts: receipts,
        ...invoiceTotals({ ...header, purchase_order_receipts: receipts }, costs),
        created_on: at,
        modified_on: at,
        finalised_on: null,
        supplier_invoiced_on: valid.invoicedOn ? `${valid.invoicedOn}T00:00:00.000Z` : null,
        created_by: UNKNOWN_USER,
        modified_by: UNKNOWN_USER,
        finalised_by: null,
      };

      const receivedBy = new Map(received.map(({ item, line }) => [item.po_item_id, line.received]));
      const nextItems = items.map((item): CachedPurchaseOrderItem => {
        const units = receivedBy.get(item.po_item_id) ?? 0;
        if (units === 0) return item;
        const quantity_received = item.quantity_received + units;
        const over = quantity_received - item.quantity_ordered;
        const next = { ...item, quantity_received, modified_on: at };
        next.quantity_remaining = remainingOf(next);
        if (over > 0) next.quantity_received_variance = over;
        return next;
      });
      const changedItems = nextItems.filter((item, i) => item !== items[i]);
      const everyLineComplete = nextItems.every((item) => remainingOf(item) === 0);
      const nextOrder: CachedPurchaseOrder = {
        ...order,
        status: await statusRef(db, everyLineComplete ? 'Received' : 'ReceivingInProgress'),
        total_quantity_received: nextItems.reduce((sum, item) => sum + item.quantity_received, 0),
        total_quantity_remaining: nextItems.reduce((sum, item) => sum + remainingOf(item), 0),
        modified_on: at,
      };
      const units = receiptItems.reduce((sum, line) => sum + line.quantity_received, 0);
      const op = await enqueue(db, {
        kind: 'createSupplierInvoice',
        params: {},
        body,
        createsTempId: invoiceId,
        label:
          `Receipt of ${units.toLocaleString()} unit${units === 1 ? '' : 's'} into ` +
          `${poId < 0 ? `new PO ${-poId}` : `PO ${poId}`} (invoice ${valid.invoiceNumber})`,
        cacheChanges: [
          { table: 'supplierInvoices', put: [invoiceRow] },
          { table: 'purchaseOrders', put: [nextOrder] },
          { table: 'purchaseOrderItems', put: changedItems },
        ],
        now,
      });
      await keepDiscrepancyRecord(db, {
        invoiceId,
        receiptId,
        poId,
        supplier: { id: order.supplier.id, name: order.supplier.name || `Supplier ${order.supplier.id}` },
        docket: valid.invoiceNumber,
        receivedAt: at,
        pcName: options.pcName ?? null,
        currency: order.fob_currency.currency_code || null,
        report,
        faultySent: null,
      });
      await db.receiptDrafts.delete(poId);
      return { ok: true, invoiceId, op };
    });
  } catch (error) {
    if (!(error instanceof OutboxValidationError)) throw error;
    // The form's own checks run first, so this names a line the contract refuses (e.g. faulty > received).
    return {
      ok: false,
      errors: { lines: `A received line is not valid: ${Object.values(error.fields).flat().join('; ')}` },
    };
  }
}
