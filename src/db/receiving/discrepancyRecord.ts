/**
 * The discrepancy report of a completed receipt, kept on this PC (issue #28 part 2). It is written in the
 * transaction that queues the receipt (./complete.ts), so the report says what the clerk saw when they saved,
 * whatever later deliveries and pulls do to the order's figures. Kept in `meta` under the invoice's temp id.
 * The report page (src/screens/receiving/report) is opened by that id or by the server's: a synced invoice
 * finds its report through its temp id (`tempIds`), or, once that entry is pruned, by its docket number
 * and order. Validated on read: a value this version cannot read is treated as absent, never trusted.
 */
import { z } from 'zod';
import type { DockhandDb } from '../schema';
import type { DiscrepancyReport } from './discrepancy';

const PREFIX = 'discrepancyReport:';
const keyOf = (invoiceTempId: number) => `${PREFIX}${invoiceTempId}`;

const units = z.number().int().nonnegative();
const money = z.number().nonnegative();

const LineFiguresSchema = z.object({
  ordered: units,
  receivedBefore: units,
  cancelled: units,
  receivedNow: units,
  faultyNow: units,
  remainingBefore: units,
  remainingAfter: units,
  over: units,
  overAll: units,
  complete: z.boolean(),
});

const DiscrepancyLineSchema = z.object({
  poItemId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  kinds: z.array(z.enum(['short', 'over', 'faulty'])),
  figures: LineFiguresSchema,
  short: units,
  over: units,
  faulty: units,
  fate: z.enum(['onOrder', 'notComing']).nullable(),
  stillOnOrder: units,
  buyPriceEx: money.nullable(),
  summary: z.string(),
});

const DiscrepancyReportSchema = z.object({
  lines: z.array(DiscrepancyLineSchema),
  totals: z.object({
    linesShort: units,
    linesOver: units,
    linesFaulty: units,
    unitsNow: units,
    unitsShort: units,
    unitsOver: units,
    unitsFaulty: units,
    unitsOnOrder: units,
    unitsNotComing: units,
    valueShortEx: money,
    valueOverEx: money,
    valueFaultyEx: money,
    unpricedLines: units,
  }),
  clean: z.boolean(),
}) satisfies z.ZodType<DiscrepancyReport>;

/** Where the receipt's faulty units went (./faultyReturn.ts): set once, so they never go twice. */
export const FaultySentSchema = z.object({
  returnId: z.number().int(),
  units,
  at: z.iso.datetime(),
});
export type FaultySent = z.infer<typeof FaultySentSchema>;

export const DiscrepancyRecordSchema = z.object({
  /** The invoice's temp id, as completing the receipt numbered it. */
  invoiceId: z.number().int().negative(),
  /** The receipt's temp id inside that invoice. */
  receiptId: z.number().int().negative(),
  poId: z.number().int(),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  /** The invoice number on the delivery docket. */
  docket: z.string(),
  receivedAt: z.iso.datetime(),
  /** This PC as the app knows it (src/screens/receiving/report/pcLabel.ts); null: left to write in. */
  pcName: z.string().nullable(),
  currency: z.string().nullable(),
  report: DiscrepancyReportSchema,
  faultySent: FaultySentSchema.nullable(),
});
export type DiscrepancyRecord = z.infer<typeof DiscrepancyRecordSchema>;

/** Keeps a receipt's report; call inside the transaction that queues the receipt (with `meta`). */
export async function keepDiscrepancyRecord(db: DockhandDb, record: DiscrepancyRecord): Promise<void> {
  await db.meta.put({ key: keyOf(record.invoiceId), value: DiscrepancyRecordSchema.parse(record) });
}

async function readRecord(db: DockhandDb, invoiceTempId: number): Promise<DiscrepancyRecord | null> {
  const parsed = DiscrepancyRecordSchema.safeParse((await db.meta.get(keyOf(invoiceTempId)))?.value);
  return parsed.success ? parsed.data : null;
}

/** The server id a temp id became, or the id itself while it has none. */
async function currentId(db: DockhandDb, id: number): Promise<number> {
  return id < 0 ? ((await db.tempIds.get(id))?.serverId ?? id) : id;
}

/** A synced invoice's report whose temp id entry is gone: the same docket number, on one of its orders. */
async function recordByDocket(db: DockhandDb, invoiceId: number): Promise<DiscrepancyRecord | null> {
  const invoice = await db.supplierInvoices.get(invoiceId);
  const number = invoice?.supplier_invoice_number?.trim().toLowerCase();
  if (!invoice || !number) return null;
  const orders = new Set(invoice.purchase_order_receipts.map((receipt) => receipt.purchase_order_id));
  for (const entry of await db.meta.where('key').startsWith(PREFIX).toArray()) {
    const parsed = DiscrepancyRecordSchema.safeParse(entry.value);
    if (!parsed.success || parsed.data.docket.trim().toLowerCase() !== number) continue;
    if (orders.has(await currentId(db, parsed.data.poId))) return parsed.data;
  }
  return null;
}

export interface ReceiptReport {
  record: DiscrepancyRecord;
  /** The invoice's id now: the server's once it has synced, else the temp id. */
  invoiceId: number;
  /** The receipt's id now, likewise (negative until the server numbers it). */
  receiptId: number;
  poId: number;
}

/** The report of the receipt in invoice `id` (temp or server id), or null when this PC kept none. */
export async function loadReceiptReport(db: DockhandDb, id: number): Promise<ReceiptReport | null> {
  let record = id < 0 ? await readRecord(db, id) : null;
  if (id > 0) {
    const entries = await db.tempIds.where('serverId').equals(id).toArray();
    const temp = entries.find((entry) => entry.entity === 'supplierInvoices');
    record = (temp ? await readRecord(db, temp.tempId) : null) ?? (await recordByDocket(db, id));
  }
  if (!record) return null;
  const invoiceId = id > 0 ? id : await currentId(db, id);
  const poId = await currentId(db, record.poId);
  let receiptId = await currentId(db, record.receiptId);
  if (receiptId < 0 && invoiceId > 0) {
    const invoice = await db.supplierInvoices.get(invoiceId);
    const receipt = invoice?.purchase_order_receipts.find((one) => one.purchase_order_id === poId);
    if (receipt && receipt.id > 0) receiptId = receipt.id;
  }
  return { record, invoiceId, receiptId, poId };
}

/** Notes where the receipt's faulty units went; call inside the transaction that queues them. */
export async function markFaultySent(db: DockhandDb, invoiceTempId: number, sent: FaultySent): Promise<void> {
  const record = await readRecord(db, invoiceTempId);
  if (!record) return;
  await keepDiscrepancyRecord(db, { ...record, faultySent: FaultySentSchema.parse(sent) });
}

export { readRecord as readDiscrepancyRecord };
