/**
 * A small chaos run (the issue's `npm run chaos`, scaled down): real worker processes SIGKILLed three times
 * under faults, then a drain with faults off. Nothing may be lost or duplicated, receipts must reach their
 * order lines exactly once, only the ops meant to be refused may fail, and the queue must drain. Then the
 * verifier is shown to notice a duplicated and a lost record, a receipt applied twice, an invoice missing a
 * receipt and an op failing unexpectedly, so a pass means something.
 *
 * Nothing here depends on the machine's speed: the seed alone decides the edits (kill moments only decide
 * how far the worker got), and the drain has no deadline of its own short of the test's timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../server/index';
import { openFileStore } from '../store';
import { reportLine, reportPassed, runChaos } from './run';

let sim: Simulator | undefined;
const dir = mkdtempSync(join(tmpdir(), 'dockhand-chaos-test-'));
afterAll(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run chaos (small)', () => {
  it('loses and duplicates nothing through SIGKILLs and faults, receives exactly once, and drains', async () => {
    sim = await startSimulator({ port: 0, control: true, seed: 1, faultSeed: 1, rateLimit: 1_000_000 });
    const log: string[] = [];
    const runDir = join(dir, 'run');
    const report = await runChaos(sim, {
      seed: 1,
      edits: 60,
      restarts: 3,
      faultRate: 0.2,
      apiKey: 'demo-key',
      dir: runDir,
      drainTimeoutMs: 150_000,
      log: (line) => log.push(line),
    });
    const summary = [
      `${reportLine(report)} refused=${report.refused} receiving=${JSON.stringify(report.receiving)}`,
      ...log,
      ...report.problems,
    ].join('\n');
    expect(
      {
        duplicates: report.duplicates,
        lost: report.lost,
        unexpected: report.unexpected,
        drained: report.drained,
        pending: report.pending,
      },
      summary,
    ).toEqual({ duplicates: 0, lost: 0, unexpected: 0, drained: true, pending: 0 });
    expect(reportPassed(report)).toBe(true);
    expect(report.edits).toBe(60);
    expect(report.kills).toBe(3);
    expect(report.applied + report.failed).toBe(60);
    expect(Object.keys(report.kinds).length).toBeGreaterThanOrEqual(15);
    expect(reportLine(report)).toMatch(
      /^edits=60 applied=\d+ duplicates=0 lost=0 failed=\d+ conflicts=\d+ drained_in=\d+\.\ds$/,
    );

    // The seed decides the edits, so these hold on every machine: receipts went to orders created offline
    // and to dataset orders, some order was received by several invoices, and some receipt was refused.
    const { receiving } = report;
    expect(receiving.offlineOrders, summary).toBeGreaterThan(0);
    expect(receiving.ordersOnSeveralInvoices, summary).toBeGreaterThan(0);
    expect(receiving.receipts, summary).toBeGreaterThan(receiving.invoices);
    expect(receiving.units, summary).toBeGreaterThan(receiving.invoices);
    expect(report.refused, summary).toBeGreaterThan(0);
    expect(report.failed).toBe(report.refused);

    // The verifier can fail, all checked in one pass (each pass reads the server again): a second copy of a
    // created order and a line holding one unit more than its receipts explain are duplicates; a vanished
    // customer and an invoice missing a receipt item are losses; an op failed that nothing meant to fail.
    const order = [...sim.state.purchaseOrders.values()].find((po) =>
      po.external_purchase_order_id?.startsWith('chaos-po-1-'),
    )!;
    sim.state.purchaseOrders.set(9_999_999, { ...structuredClone(order), id: 9_999_999 });
    const customer = [...sim.state.customers.values()].find((c) => c.last_name?.startsWith('Run1-'))!;
    sim.state.customers.delete(customer.id);
    const invoice = [...sim.state.supplierInvoices.values()].find(
      (i) =>
        i.supplier_invoice_number?.startsWith('CHINV-1-') &&
        i.purchase_order_receipts.some((r) => r.purchase_order_receipt_items.length > 1),
    )!;
    const receipt = invoice.purchase_order_receipts.find((r) => r.purchase_order_receipt_items.length > 1)!;
    const kept = receipt.purchase_order_receipt_items[1]!;
    receipt.purchase_order_receipt_items = receipt.purchase_order_receipt_items.slice(1);
    const line = sim.state.purchaseOrders
      .get(receipt.purchase_order_id)!
      .items.find((l) => l.po_item_id === kept.purchase_order_item_id)!;
    line.quantity_received += 1;
    const store = await openFileStore(join(runDir, 'store'));
    try {
      const done = await store.db.outbox.where('kind').equals('updateCustomer').first();
      await store.db.outbox.update(done!.seq!, { state: 'failed', reason: 'doctored' });
    } finally {
      await store.close();
    }

    const doctored = await report.recheck();
    const problems = doctored.problems.join('\n');
    expect(doctored.duplicates, problems).toBe(2);
    expect(problems).toContain(`duplicate ×1: purchase order ${order.external_purchase_order_id}`);
    expect(problems).toContain(
      `duplicate ×1: line #${line.po_item_id} of order #${receipt.purchase_order_id}`,
    );
    expect(doctored.lost, problems).toBeGreaterThanOrEqual(2);
    expect(problems).toMatch(/lost: createCustomer .*no customer/);
    expect(problems).toContain(`invoice ${invoice.supplier_invoice_number} (#${invoice.id}) holds receipts`);
    expect(doctored.unexpected, problems).toBe(1);
    expect(problems).toContain('unexpectedly failed: updateCustomer');
  }, 180_000);
});
