import { describe, expect, it } from 'vitest';
import { storeTroubleBanner, storeTroubleLine, type StoreTroubleView } from './storeTroubleWords';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const waiting = (ms: number, failures = 3): StoreTroubleView => ({
  failures,
  lastError: 'this PC’s disk is full',
  retryAt: new Date(NOW + ms).toISOString(),
});

describe('store trouble words', () => {
  it('counts down to the retry in whole seconds, then says it is trying', () => {
    expect(storeTroubleLine(undefined, NOW)).toBeNull();
    expect(storeTroubleLine(waiting(30_000), NOW)).toBe(
      'Can’t save to this PC’s data (this PC’s disk is full) — retrying in 30 s',
    );
    expect(storeTroubleLine(waiting(29_100), NOW)).toMatch(/retrying in 30 s$/);
    expect(storeTroubleLine(waiting(-5_000), NOW)).toMatch(/retrying in 1 s$/);
    const { retryAt: _, ...trying } = waiting(0);
    expect(storeTroubleLine(trying, NOW)).toMatch(/— trying again now$/);
  });

  it('says what to do once the engine has stopped', () => {
    const stopped: StoreTroubleView = {
      failures: 8,
      lastError: 'this PC’s disk is full',
      stopped: 'Dockhand stopped syncing: … press Sync now …',
    };
    expect(storeTroubleLine(stopped, NOW)).toBe(stopped.stopped);
    expect(storeTroubleBanner(stopped, NOW)).toEqual({ title: 'Sync has stopped', detail: stopped.stopped });
  });

  it('the banner says how often it failed, when it retries and that changes are safe', () => {
    expect(storeTroubleBanner(undefined, NOW)).toBeNull();
    expect(storeTroubleBanner(waiting(12_000, 1), NOW)?.detail).toMatch(
      /^Saving failed once: this PC’s disk is full\. Dockhand tries again in 12 s; your queued changes are safe\./,
    );
    expect(storeTroubleBanner(waiting(12_000, 4), NOW)?.detail).toMatch(/failed 4 times in a row/);
  });
});
