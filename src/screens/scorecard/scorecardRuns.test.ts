/**
 * Which scorecard reads hold the pull back (./scorecardRuns.ts): the holds are counted through the hook the
 * window's pace gives (src/lib/windowPace.ts holdRead), and each read waits for the test to answer it, so
 * nothing here depends on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { ScorecardRuns, type RunAnswer, type RunHooks } from './scorecardRuns';
import { countedHolds } from './testing';

/** Every pending callback and timer-free step done: the reads' and deliveries' promise chains ran. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness() {
  const { holdRead, holds, held } = countedHolds();
  const hooks: RunHooks = { holdRead, yieldNow: () => Promise.resolve() };
  /** Reads in flight, answered by the test. */
  const reads: { input: string; answer(value: string): void; fail(error: Error): void }[] = [];
  const read = (input: string) =>
    new Promise<string>((resolve, reject) => {
      reads.push({ input, answer: resolve, fail: reject });
    });
  const answers: RunAnswer<string>[] = [];
  const runs = new ScorecardRuns<string, string>(read, (answer) => answers.push(answer), hooks);
  return {
    runs,
    reads,
    answers,
    holds,
    held,
  };
}

describe('scorecard reads and the pull', () => {
  it("holds the pull for an input's first read only, not for reads again after settled bursts", async () => {
    const { runs, reads, answers, holds, held } = harness();
    runs.want('2025', '2025');
    await settled();
    expect([holds(), held(), reads.length]).toEqual([1, 1, 1]);
    reads[0]!.answer('first');
    await settled();
    expect(answers).toEqual([{ key: '2025', value: 'first' }]);
    expect(held()).toBe(0);

    for (let burst = 1; burst <= 3; burst++) {
      runs.rerun();
      await settled();
      expect(held()).toBe(0);
      reads[burst]!.answer(`after burst ${burst}`);
      await settled();
    }
    expect(holds()).toBe(1);
    expect(answers.map((a) => 'value' in a && a.value)).toEqual([
      'first',
      'after burst 1',
      'after burst 2',
      'after burst 3',
    ]);

    // Another period is a first read again.
    runs.want('2024', '2024');
    await settled();
    expect([holds(), held()]).toEqual([2, 1]);
    reads[4]!.answer('2024 first');
    await settled();
    expect(held()).toBe(0);
  });

  it('reads once more after a read that bursts settled during, never two at a time', async () => {
    const { runs, reads, answers } = harness();
    runs.want('2025', '2025');
    await settled();
    runs.rerun();
    runs.rerun();
    runs.rerun();
    await settled();
    expect(reads).toHaveLength(1);
    reads[0]!.answer('first');
    await settled();
    expect(reads).toHaveLength(2);
    reads[1]!.answer('with the bursts');
    await settled();
    expect(reads).toHaveLength(2);
    expect(answers.map((a) => 'value' in a && a.value)).toEqual(['first', 'with the bursts']);
  });

  it('drops the answer of an input no longer wanted and lets its hold go; a failure lets the pull go', async () => {
    const { runs, reads, answers, holds, held } = harness();
    runs.want('2025', '2025');
    await settled();
    runs.want('2024', '2024');
    await settled();
    // The first read's hold went with its input: one hold at a time.
    expect([holds(), held()]).toEqual([2, 1]);
    reads[1]!.answer('2024');
    reads[0]!.answer('2025, too late');
    await settled();
    expect(answers).toEqual([{ key: '2024', value: '2024' }]);

    runs.want('2023', '2023');
    await settled();
    reads[2]!.fail(new Error('The database closed'));
    await settled();
    expect(answers[1]).toMatchObject({ key: '2023', failure: new Error('The database closed') });
    expect(held()).toBe(0);

    // Nothing to work out: no read, no hold; and once stopped, nothing more.
    runs.want('null', null);
    runs.rerun();
    await settled();
    expect([reads.length, holds()]).toEqual([3, 3]);
    runs.want('2022', '2022');
    runs.stop();
    await settled();
    expect([held(), reads.length]).toEqual([0, 3]);
    expect(answers).toHaveLength(2);
  });
});
