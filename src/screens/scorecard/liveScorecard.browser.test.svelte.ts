/**
 * The scorecard's state as the screens use it (./liveScorecard.svelte.ts), with the settled bursts and the
 * pull's holds in the test's hands: the first read of a period holds the pull, a read again after a settled
 * burst does not, and the screen shows each new answer.
 */
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DockhandDb } from '../../db/schema';
import { liveScorecard, type LiveScorecard } from './liveScorecard.svelte';
import type { RunHooks } from './scorecardRuns';
import type { SettleHooks } from './settle';
import { countedHolds } from './testing';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function harness() {
  const { holdRead, holds, held } = countedHolds();
  let settled: (() => void) | null = null;
  const hooks: SettleHooks & RunHooks = {
    // Every commit is a settled burst at once, told when the test fires it.
    onCommit: (listener) => {
      settled = () => listener({ 'idb://scorecard-test/purchaseOrders/': [] } as never);
      return () => (settled = null);
    },
    setTimer: (run) => (run(), null),
    clearTimer: () => {},
    holdRead,
    yieldNow: () => Promise.resolve(),
  };
  let runs = 0;
  const period = $state({ year: 2025 });
  let live: LiveScorecard<string> | undefined;
  cleanups.push(
    $effect.root(() => {
      live = liveScorecard(
        () => ({ name: 'scorecard-test' }) as DockhandDb,
        () => ({ ...period }),
        async ({ year }) => `${year}, read ${++runs}`,
        hooks,
      );
    }),
  );
  flushSync();
  return {
    live: live!,
    period,
    burst: () => settled!(),
    holds,
    held,
  };
}

describe('a scorecard worked out again', () => {
  it("holds the pull for a period's first read only, and shows each read again", async () => {
    const { live, period, burst, holds, held } = harness();
    await expect.poll(() => live.current).toBe('2025, read 1');
    expect([holds(), held()]).toEqual([1, 0]);

    burst();
    await expect.poll(() => live.current).toBe('2025, read 2');
    burst();
    await expect.poll(() => live.current).toBe('2025, read 3');
    expect([holds(), held()]).toEqual([1, 0]);

    period.year = 2024;
    flushSync();
    expect(live.current).toBeNull();
    await expect.poll(() => live.current).toBe('2024, read 4');
    expect([holds(), held()]).toEqual([2, 0]);
  });
});
