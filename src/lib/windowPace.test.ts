/**
 * The window's side of the pull's pace (./windowPace.ts): what it notes and what it tells the pull worker,
 * on a fake clock.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACE_POLICY } from '../db/pullSlices';
import { WindowPace, type PaceSignal } from './windowPace';

function paced(pending = () => false) {
  let time = 0;
  const clock = { now: () => time, sleep: async (ms: number) => void (time += ms) };
  const pace = new WindowPace(clock, DEFAULT_PACE_POLICY, pending);
  const signals: PaceSignal[] = [];
  pace.subscribe((signal) => signals.push(signal));
  return { pace, signals, advance: (ms: number) => (time += ms) };
}

describe('the window pace', () => {
  it('tells input at most once a tenth of a second, and counts it active until the quiet time ends', () => {
    const { pace, signals, advance } = paced();
    // A scan: thirteen keys 5 ms apart are one signal.
    for (let key = 0; key < 13; key++) {
      pace.input();
      advance(5);
    }
    expect(signals).toEqual([{ type: 'input' }]);
    expect(pace.pace.active()).toBe(true);
    advance(100);
    pace.input();
    expect(signals).toEqual([{ type: 'input' }, { type: 'input' }]);
    advance(DEFAULT_PACE_POLICY.quietMs);
    expect(pace.pace.active()).toBe(false);
  });

  it('holds the pull while any first read is pending, once per read however often it is released', () => {
    const { pace, signals } = paced();
    const first = pace.holdRead();
    const second = pace.holdRead();
    expect(signals).toEqual([{ type: 'reading', pending: true }]);
    first();
    first();
    expect(pace.reading).toBe(true);
    expect(pace.pace.active()).toBe(true);
    second();
    expect(signals).toEqual([
      { type: 'reading', pending: true },
      { type: 'reading', pending: false },
    ]);
    expect(pace.pace.active()).toBe(false);
    // A worker that starts while a read is pending is told at once.
    const late: PaceSignal[] = [];
    const release = pace.holdRead();
    pace.subscribe((signal) => late.push(signal));
    expect(late).toEqual([{ type: 'reading', pending: true }]);
    release();
  });

  it('counts a pull as syncing while a page is stored and for a moment after', () => {
    const { pace, advance } = paced();
    expect(pace.syncing()).toBe(false);
    const stored = pace.writingPage();
    advance(60_000);
    expect(pace.syncing()).toBe(true);
    stored();
    stored();
    advance(1_999);
    expect(pace.syncing()).toBe(true);
    advance(1);
    expect(pace.syncing()).toBe(false);
  });

  it('notes clicks, keys and route changes on the window until told to stop', () => {
    const { pace, signals, advance } = paced();
    const target = new EventTarget();
    const stop = pace.watch(target);
    for (const type of ['pointerdown', 'keydown', 'hashchange']) {
      target.dispatchEvent(new Event(type));
      advance(200);
    }
    target.dispatchEvent(new Event('mousemove'));
    expect(signals).toEqual([{ type: 'input' }, { type: 'input' }, { type: 'input' }]);
    stop();
    advance(200);
    target.dispatchEvent(new Event('keydown'));
    expect(signals).toHaveLength(3);
  });

  it('counts input the browser has queued as activity, where it can tell', () => {
    let queued = false;
    const { pace } = paced(() => queued);
    expect(pace.pace.active()).toBe(false);
    queued = true;
    expect(pace.pace.active()).toBe(true);
  });
});
