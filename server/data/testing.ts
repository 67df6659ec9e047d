/**
 * Helpers for the data tests: one dataset per test file, and the state as plain JSON. The tests run on the
 * small dataset; `DOCKHAND_DATA_TEST=large npx vitest run server/data` runs the same checks on the large one
 * (about a minute, so never in CI).
 */
import type { SimState } from '../state';
import { generateState, type DatasetName } from './index';

export const TEST_DATASET: DatasetName = process.env.DOCKHAND_DATA_TEST === 'large' ? 'large' : 'small';

let cached: SimState | undefined;

/** The test dataset for seed 1, generated once per test file. Tests only read it. */
export function testState(): SimState {
  cached ??= generateState({ dataset: TEST_DATASET, seed: 1 });
  return cached;
}

/** JSON of the whole state with Maps written as arrays of entries, in insertion order. */
export function stateJson(state: SimState): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    value instanceof Map ? [...value.entries()] : value,
  );
}
