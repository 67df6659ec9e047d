/**
 * Test support (imported only by *.test.ts): one simulator for an op-spec test file and one ops harness over
 * it, started before the file's tests and stopped after them. The test passes its own start
 * (server/index.ts): this layer may not import the simulator.
 */
import { afterAll, beforeAll } from 'vitest';
import { opsHarness, type OpsHarness, type SimulatorHandle } from './harness';

export function opsSuite<S extends SimulatorHandle & { stop(): unknown }>(start: () => Promise<S>) {
  let sim: S | undefined;
  let h: OpsHarness | undefined;
  beforeAll(async () => {
    sim = await start();
    h = await opsHarness(sim);
  });
  afterAll(async () => {
    await sim?.stop();
  });
  const unstarted = () => new Error('The simulator is started in beforeAll: use it inside a test');
  return {
    get sim(): S {
      if (!sim) throw unstarted();
      return sim;
    },
    /** The harness over this file's simulator: its client has fetched its token already. */
    get h(): OpsHarness {
      if (!h) throw unstarted();
      return h;
    },
  };
}
