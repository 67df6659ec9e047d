/**
 * A small chaos run (the issue's `npm run chaos`, scaled down): real worker processes SIGKILLed three times
 * under faults, then a drain with faults off. Nothing may be lost or duplicated and the queue must drain.
 * Then the verifier is shown to notice a duplicated and a lost record, so a pass means something.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../../server/index';
import { reportLine, runChaos } from './run';

let sim: Simulator | undefined;
const dir = mkdtempSync(join(tmpdir(), 'dockhand-chaos-test-'));
afterAll(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run chaos (small)', () => {
  it('loses and duplicates nothing through SIGKILLs and faults, and drains', async () => {
    sim = await startSimulator({ port: 0, control: true, seed: 1, faultSeed: 1, rateLimit: 1_000_000 });
    const log: string[] = [];
    const report = await runChaos(sim, {
      seed: 1,
      edits: 60,
      restarts: 3,
      faultRate: 0.2,
      apiKey: 'demo-key',
      dir: join(dir, 'run'),
      log: (line) => log.push(line),
    });
    const summary = `${reportLine(report)}\n${log.join('\n')}\n${report.problems.join('\n')}`;
    expect({ duplicates: report.duplicates, lost: report.lost, drained: report.drained }, summary).toEqual({
      duplicates: 0,
      lost: 0,
      drained: true,
    });
    expect(report.edits).toBe(60);
    expect(report.kills).toBe(3);
    expect(report.applied + report.failed + report.pending).toBeGreaterThanOrEqual(57);
    expect(Object.keys(report.kinds).length).toBeGreaterThanOrEqual(15);
    expect(reportLine(report)).toMatch(
      /^edits=60 applied=\d+ duplicates=0 lost=0 failed=\d+ conflicts=\d+ drained_in=\d+\.\ds$/,
    );

    // The verifier can fail: a second copy of a created order is a duplicate, a vanished customer a loss.
    const order = [...sim.state.purchaseOrders.values()].find((po) =>
      po.external_purchase_order_id?.startsWith('chaos-po-1-'),
    )!;
    sim.state.purchaseOrders.set(9_999_999, { ...structuredClone(order), id: 9_999_999 });
    const customer = [...sim.state.customers.values()].find((c) => c.last_name?.startsWith('Run1-'))!;
    sim.state.customers.delete(customer.id);
    const doctored = await report.recheck();
    expect(doctored.duplicates).toBeGreaterThan(0);
    expect(doctored.lost).toBeGreaterThan(0);
  }, 180_000);
});
