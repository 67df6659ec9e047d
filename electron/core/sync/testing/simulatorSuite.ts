/**
 * Test support (imported only by *.test.ts): one simulator for a test file and the engine harness of each
 * test, through vitest's hooks: started before the file's tests, and each test's engine stopped after it,
 * however the test ended. The test passes its own start (server/index.ts): this layer may not import the
 * simulator.
 */
import { afterEach } from 'vitest';
import { engineHarness, type EngineHarness } from './harness';
import { perFile } from './perFile';

/** Only a hang guard for a held request or store call: assertions are about order, never about time. */
export const HANG_GUARD_MS = 10_000;

export interface SuiteOptions<S> {
  /** Puts the simulator back after each test (faults, offline, rules), before that test's engine stops. */
  afterEach?: (sim: S) => unknown;
}

export function simulatorSuite<S extends { stop(): unknown; baseUrl: string }>(
  start: () => Promise<S>,
  options: SuiteOptions<S> = {},
) {
  const started = perFile(start, (sim) => sim.stop());
  let current: EngineHarness | undefined;
  afterEach(async () => {
    await options.afterEach?.(started());
    await current?.engine.stop();
    current = undefined;
  });
  return {
    get sim(): S {
      return started();
    },
    /** This test's harness: its engine (harness.engine, whichever it is by then) is stopped after the test. */
    track(harness: EngineHarness): EngineHarness {
      current = harness;
      return harness;
    },
    /** A harness over this file's simulator, tracked as this test's (see track). */
    harness(overrides?: Parameters<typeof engineHarness>[1]): EngineHarness {
      current = engineHarness(started(), overrides);
      return current;
    },
  };
}
