/**
 * Test support (imported only by *.test.ts): one simulator for a test file and the engine harness of each
 * test, through vitest's hooks: started before the file's tests, and each test's engine stopped after it,
 * however the test ended. The test passes its own start (server/index.ts): this layer may not import the
 * simulator.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { EngineHarness } from './harness';

/** Only a hang guard for a held request or store call: assertions are about order, never about time. */
export const HANG_GUARD_MS = 10_000;

export function simulatorSuite<S extends { stop(): unknown }>(start: () => Promise<S>) {
  let sim: S | undefined;
  let current: EngineHarness | undefined;
  beforeAll(async () => {
    sim = await start();
  });
  afterAll(async () => {
    await sim?.stop();
  });
  afterEach(async () => {
    await current?.engine.stop();
    current = undefined;
  });
  return {
    get sim(): S {
      if (!sim) throw new Error('The simulator is started in beforeAll: use it inside a test');
      return sim;
    },
    /** This test's harness: its engine (harness.engine, whichever it is by then) is stopped after the test. */
    track(harness: EngineHarness): EngineHarness {
      current = harness;
      return harness;
    },
  };
}
