/**
 * Test support (imported only by *.test.ts): one simulator for an op-spec test file and one ops harness over
 * it, started before the file's tests and stopped after them. The test passes its own start
 * (server/index.ts): this layer may not import the simulator.
 */
import { perFile } from '../../testing/perFile';
import { opsHarness, type OpsHarness, type SimulatorHandle } from './harness';

export function opsSuite<S extends SimulatorHandle & { stop(): unknown }>(start: () => Promise<S>) {
  const started = perFile(
    async () => {
      const sim = await start();
      return { sim, h: await opsHarness(sim) };
    },
    ({ sim }) => sim.stop(),
  );
  return {
    get sim(): S {
      return started().sim;
    },
    /** The harness over this file's simulator: its client has fetched its token already. */
    get h(): OpsHarness {
      return started().h;
    },
  };
}
