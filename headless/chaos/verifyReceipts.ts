/**
 * Receiving, judged on the simulator: every invoice the run queued is on the server at most once, and when
 * it is there its receipts are exactly the ones queued (orders and lines mapped from temp ids, quantities);
 * a done create must be there, a refused one must not. Then every line the run could have received into
 * must hold its quantity_received from before the run plus the units of the run's invoices that reached
 * it: more is a receipt applied twice, less a receipt lost.
 */
import type { QueuedReceipt } from './ledger';
import type { SimSnapshotView } from './simulator';
import type { Order, OrderLine } from './types';
import type { Checks, Entry } from './verifyChecks';
import type { World } from './world';

type Row = Record<string, unknown>;
type InvoiceEntry = Entry & { expectation: Extract<Entry['expectation'], { type: 'createInvoice' }> };

/** What the receiving checks covered, so a run (and its test) can tell they were not vacuous. */
export interface ReceivingCoverage {
  /** Invoices of the run found on the server, their receipts compared with the queued ones. */
  invoices: number;
  /** Receipts (one order each) on those invoices. */
  receipts: number;
  /** Of the orders received into, those the run created offline, and those received into by several invoices. */
  offlineOrders: number;
  ordersOnSeveralInvoices: number;
  /** Lines whose quantity_received was compared, and the units the run's receipts added to them. */
  lines: number;
  units: number;
}

/** A receipt as comparable text: `po 100007: 1000021×2, 1000022×1` (items sorted; undefined ids kept). */
function receiptText(order: number | undefined, items: [number | undefined, number][]): string {
  const sorted = items.map(([line, qty]) => `${line}×${qty}`).sort();
  return `po ${order}: ${sorted.join(', ')}`;
}

const sortedTexts = (texts: string[]) => [...texts].sort().join(' | ');

function queuedText(receipts: QueuedReceipt[], serverId: Checks['serverId']): string {
  return sortedTexts(
    receipts.map(({ order, items }) =>
      receiptText(
        serverId(order.id),
        items.map(({ line, qty }) => [serverId(line.id), qty]),
      ),
    ),
  );
}

function heldText(invoice: Row): string {
  const receipts = (invoice.purchase_order_receipts ?? []) as {
    purchase_order_id: number;
    purchase_order_receipt_items: { purchase_order_item_id: number; quantity_received: number }[];
  }[];
  return sortedTexts(
    receipts.map((r) =>
      receiptText(
        r.purchase_order_id,
        r.purchase_order_receipt_items.map((i) => [i.purchase_order_item_id, i.quantity_received]),
      ),
    ),
  );
}

export async function verifyReceipts(
  checks: Checks & {
    world: World;
    baseline: SimSnapshotView;
    final: SimSnapshotView;
    duplicate(n: number, why: string): void;
    /** A loss no op of the run can be blamed for. */
    loseUnowned(why: string): void;
  },
): Promise<ReceivingCoverage> {
  const { entries, done, serverId, server, lose, apply, duplicate, loseUnowned, world, final } = checks;
  const coverage: ReceivingCoverage = {
    invoices: 0,
    receipts: 0,
    offlineOrders: 0,
    ordersOnSeveralInvoices: 0,
    lines: 0,
    units: 0,
  };
  /** Units of the run's invoices that reached each line, and the invoices that carried them. */
  const reached = new Map<OrderLine, number>();
  const carriers = new Map<OrderLine, InvoiceEntry[]>();
  const invoicesPerOrder = new Map<Order, number>();
  let invoices = 0;

  const invoiceEntries = entries.filter((e): e is InvoiceEntry => e.expectation.type === 'createInvoice');
  for (const e of invoiceEntries) {
    const { number, receipts } = e.expectation;
    const found = final.invoices[number] ?? [];
    invoices += found.length;
    duplicate(found.length - 1, `invoice ${number}`);
    if (e.meantToFail) {
      if (found.length) lose(e, `invoice ${number} exists, though ${e.meantToFail.why}`);
      continue;
    }
    if (!found.length) {
      if (done(e)) lose(e, `no invoice numbered ${number}`);
      continue;
    }
    // On the server (done, or sent before a crash): its receipts reached their orders once, whatever the op's state.
    const queued = queuedText(receipts, serverId);
    for (const id of found) {
      const invoice = await server.record('supplierInvoice', id);
      const held = invoice ? heldText(invoice) : 'nothing';
      if (held !== queued) lose(e, `invoice ${number} (#${id}) holds receipts ${held}; queued ${queued}`);
    }
    if (done(e)) apply(e);
    coverage.invoices += 1;
    coverage.receipts += receipts.length;
    for (const { order, items } of receipts) {
      invoicesPerOrder.set(order, (invoicesPerOrder.get(order) ?? 0) + 1);
      for (const { line, qty } of items) {
        reached.set(line, (reached.get(line) ?? 0) + qty);
        carriers.set(line, [...(carriers.get(line) ?? []), e]);
      }
    }
  }
  duplicate(
    (final.counts.supplierInvoices ?? 0) - (checks.baseline.counts.supplierInvoices ?? 0) - invoices,
    'supplier invoices no edit accounts for',
  );
  for (const [order, n] of invoicesPerOrder) {
    if (order.ours) coverage.offlineOrders += 1;
    if (n > 1) coverage.ordersOnSeveralInvoices += 1;
  }

  for (const order of [...world.orders, ...world.closedOrders]) {
    const id = serverId(order.id);
    // An order never created holds nothing: its invoices stayed blocked and were judged above.
    const po = id === undefined ? null : await server.purchaseOrder(id);
    for (const line of order.lines) {
      const units = reached.get(line) ?? 0;
      const lineId = serverId(line.id);
      const row = po?.find((item) => item.po_item_id === lineId);
      const blame = (why: string) => {
        const guilty = carriers.get(line) ?? [];
        if (!guilty.length) loseUnowned(why);
        for (const e of guilty) lose(e, why);
      };
      if (!row) {
        if (units)
          blame(`line ${line.id} (#${lineId}) of order ${order.id} (#${id}) received ${units} but is gone`);
        continue;
      }
      coverage.lines += 1;
      coverage.units += units;
      const expected = line.start + units;
      const what = `line #${lineId} of order #${id}: quantity_received ${row.quantity_received}, expected ${line.start} + ${units}`;
      if (row.quantity_received > expected)
        duplicate(row.quantity_received - expected, `${what} (received twice)`);
      else if (row.quantity_received < expected) blame(`${what} (a receipt did not reach it)`);
    }
  }
  return coverage;
}
