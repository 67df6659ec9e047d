/**
 * A small chaos run (the issue's `npm run chaos`, scaled down): real worker processes, pushing and pulling,
 * SIGKILLed three times under faults, then a drain with faults off, a whole pull and the cache check.
 * Nothing may be lost or duplicated, receipts must reach their order lines exactly once, only the ops meant
 * to be refused may fail, every done op must be checked, the queue must drain and the cache must equal the
 * server. Then the verifier is shown to notice a duplicated and a lost record, a receipt applied twice, an
 * invoice missing a receipt and an op failing unexpectedly, and the cache check a cached field the server
 * does not hold, a cached line the server no longer lists and a record the cache lacks, so a pass means
 * something.
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
        unchecked: report.unchecked,
        pulled: report.pulled,
        cacheMismatches: report.cache.mismatches,
      },
      [summary, ...report.cache.problems].join('\n'),
    ).toEqual({
      duplicates: 0,
      lost: 0,
      unexpected: 0,
      drained: true,
      pending: 0,
      unchecked: 0,
      pulled: true,
      cacheMismatches: 0,
    });
    expect(reportPassed(report)).toBe(true);
    expect(reportPassed({ ...report, unchecked: 1 })).toBe(false);
    expect(report.edits).toBe(60);
    expect(report.kills).toBe(3);
    // Kill moments depend on the machine; which of them landed in flight is said, and none is made up.
    expect(report.killsInFlight).toBeLessThanOrEqual(report.kills);
    // Touched records of every kind were compared, and a sample of the rest.
    for (const table of [
      'purchaseOrders',
      'purchaseOrderItems',
      'customers',
      'suppliers',
      'productSuppliers',
    ])
      expect(report.cache.checked[table] ?? 0, table).toBeGreaterThan(0);
    expect(report.applied + report.failed).toBe(60);
    expect(Object.keys(report.kinds).length).toBeGreaterThanOrEqual(15);
    expect(reportLine(report)).toMatch(
      /^edits=60 applied=\d+ duplicates=0 lost=0 failed=\d+ conflicts=\d+ drained_in=\d+\.\ds unchecked=0 cache_mismatches=0$/,
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
    // In the cache: a customer's name the server does not hold, and a line of an order the server has not.
    const store = await openFileStore(join(runDir, 'store'));
    let renamed: number;
    let strayLine: number;
    try {
      const done = await store.db.outbox.where('kind').equals('updateCustomer').first();
      await store.db.outbox.update(done!.seq!, { state: 'failed', reason: 'doctored' });
      renamed = Number(done!.params.id);
      await store.db.customers.update(renamed, { first_name: 'Doctored' });
      const cachedLine = await store.db.purchaseOrderItems.where('po_id').equals(order.id).first();
      strayLine = 9_000_000_000;
      await store.db.purchaseOrderItems.put({ ...cachedLine!, po_item_id: strayLine });
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

    // The cache check sees the doctored cache, and the server-side doctoring too: the copied order is a
    // record touched since the run began that the cache lacks.
    const cache = (await report.recheckCache()).problems.join('\n');
    expect(cache).toMatch(new RegExp(`customers ${renamed} differs in .*first_name \\(cache "Doctored"`));
    expect(cache).toContain(`purchaseOrderItems ${strayLine} is in the cache but gone from the server`);
    expect(cache).toContain('purchaseOrders 9999999 is on the server but not in the cache');
  }, 600_000); // a hang guard, not a speed check: on a loaded machine this run took 137 s
});
