/**
 * A lost create is looked up from the attempt's time; that time must be the server's, whatever this PC's
 * clock says or did (ops/reconcile.ts, electron/core/api/serverClock.ts). The simulator runs on the real
 * clock, stamps `created_on` with it and sends it as `Date`; the client's clock is the test's, moved by hand.
 * For each create whose lookup is "created since the attempt" (an unnumbered customer, a supplier return
 * item): the record the lost attempt made is found (`applied`), where the PC's clock taken at its word
 * starts the search after the record and answers `absent`, which sends the create a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpRecord } from '../../../../src/db/ops';
import { startSimulator, type Simulator } from '../../../../server/index';
import type { ReconcileOutcome } from '../opKind';
import { createCustomer } from './customers';
import { createSupplierReturnItem } from './supplierReturns';
import { opsHarness, unique, type OpsHarness } from './testing/harness';

const MINUTE = 60_000;

let sim: Simulator;
let returnId: number;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000 });
  returnId = [...sim.state.supplierReturns.values()].find(
    (candidate) => candidate.supplier_return_status.name === 'Incomplete',
  )!.id;
});
afterAll(() => sim.stop());

/** This PC's clock: the real one plus an offset the test sets, as when the user or NTP moves the clock. */
function pcClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), set: (ms: number) => (offsetMs = ms) };
}

/** The two creates whose lookup is by time, each with a body unique to the test and what finds it. */
const creates = [
  {
    name: 'createCustomer (no customer_number)',
    queue: (h: OpsHarness) =>
      h.op('createCustomer', {
        body: { first_name: 'Ada', last_name: unique('Skew'), email: 'a@example.com' },
      }),
    reconcile: (h: OpsHarness, op: OpRecord) => createCustomer.reconcile(h.context, op),
    onServer: (op: OpRecord) =>
      [...sim.state.customers.values()].filter(
        (customer) => customer.last_name === (op.body as { last_name: string }).last_name,
      ).length,
  },
  {
    name: 'createSupplierReturnItem',
    queue: (h: OpsHarness) =>
      h.op('createSupplierReturnItem', {
        params: { id: returnId },
        body: {
          product: { id: 10003 },
          supplier_return_reason: { id: 1 },
          return_quantity: 1,
          supplier_return_item_notes: unique('skew'),
        },
      }),
    reconcile: (h: OpsHarness, op: OpRecord) => createSupplierReturnItem.reconcile(h.context, op),
    onServer: (op: OpRecord) =>
      [...sim.state.supplierReturnItems.values()].filter(
        (item) =>
          item.supplier_return_item_notes ===
          (op.body as { supplier_return_item_notes: string }).supplier_return_item_notes,
      ).length,
  },
];

const applied = (decision: ReconcileOutcome) => decision.outcome;

describe.each(creates)('$name: a lost create is found whatever the PC clock did', (create) => {
  /** The create sent with the PC clock `offsetMs` off, its answer lost: in doubt. */
  async function lostWithClockAt(offsetMs: number) {
    const clock = pcClock();
    clock.set(offsetMs);
    const h = await opsHarness(sim, { now: clock.now });
    const uncertain = await h.sendDropped(create.queue(h));
    return { clock, h, uncertain };
  }

  it('with the PC clock 10 minutes fast', async () => {
    const { h, uncertain } = await lostWithClockAt(10 * MINUTE);
    expect(create.onServer(uncertain)).toBe(1);
    expect(applied(await create.reconcile(h, uncertain))).toBe('applied');
  });

  it('with the PC clock 10 minutes slow', async () => {
    const { h, uncertain } = await lostWithClockAt(-10 * MINUTE);
    expect(applied(await create.reconcile(h, uncertain))).toBe('applied');
  });

  it('when a clock 10 minutes fast is put right between the attempt and the lookup', async () => {
    const { clock, h, uncertain } = await lostWithClockAt(10 * MINUTE);
    clock.set(0);
    // Other requests answered since: the client now sees the right offset too.
    await h.client.call('getShippingPort', { params: { id: 1 } });
    expect(applied(await create.reconcile(h, uncertain))).toBe('applied');
  });

  it('when the clock is set 10 minutes back between the attempt and the lookup', async () => {
    const { clock, h, uncertain } = await lostWithClockAt(0);
    clock.set(-10 * MINUTE);
    await h.client.call('getShippingPort', { params: { id: 1 } });
    // The offset now is 10 minutes more than at the attempt: converting with it would search too late.
    expect(applied(await create.reconcile(h, uncertain))).toBe('applied');
  });

  it('when the clock jumped 10 minutes ahead after the last answer, just before the attempt', async () => {
    const clock = pcClock();
    const h = await opsHarness(sim, { now: clock.now });
    clock.set(10 * MINUTE);
    // No answer comes between the jump and the lookup: the attempt itself noted the offset on leaving.
    const uncertain = await h.sendDropped(create.queue(h));
    expect(applied(await create.reconcile(h, uncertain))).toBe('applied');
  });

  it('after a restart with the clock still fast: the first lookup asks the server first', async () => {
    const { clock, uncertain } = await lostWithClockAt(10 * MINUTE);
    const after = await opsHarness(sim, { now: clock.now, cold: true });
    expect(applied(await create.reconcile(after, uncertain))).toBe('applied');
  });

  it('still answers absent when the attempt never reached the server, clock fast or slow', async () => {
    for (const offset of [10 * MINUTE, -10 * MINUTE]) {
      const clock = pcClock();
      clock.set(offset);
      const h = await opsHarness(sim, { now: clock.now });
      const uncertain = await h.sendReset(create.queue(h));
      expect(create.onServer(uncertain)).toBe(0);
      expect(await create.reconcile(h, uncertain)).toEqual({ outcome: 'absent' });
    }
  });
});
