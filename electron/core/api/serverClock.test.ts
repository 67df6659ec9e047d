import { describe, expect, it } from 'vitest';
import { createServerClock, REGIME_RETENTION_MS } from './serverClock';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T08:00:00.000Z');

/** A PC wall clock and a monotonic clock, both moved by hand: `advance` moves both, `setPc` only the wall. */
function clocks() {
  let pc = T0;
  let mono = 1_000;
  return {
    now: () => new Date(pc),
    monotonic: () => mono,
    advance(ms: number) {
      pc += ms;
      mono += ms;
    },
    setPc(ms: number) {
      pc = ms;
    },
  };
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('createServerClock', () => {
  it('knows nothing before a Date, and ignores a missing or unreadable one', () => {
    const c = clocks();
    const clock = createServerClock(c);
    clock.sending();
    clock.observe(null);
    clock.observe('not a date');
    expect(clock.toServerTime(T0)).toBeUndefined();
  });

  it('turns a PC time into server time with the offset a Date shows, cut to the second, never later', () => {
    const c = clocks();
    const clock = createServerClock(c);
    // The PC is 10 minutes fast; the server answered at T0 − 10 min + 0.7 s, its Date says the whole second.
    c.setPc(T0 + 10 * MINUTE + 700);
    clock.observe(httpDate(T0 + 700));
    expect(clock.toServerTime(T0 + 10 * MINUTE + 700)).toBe(T0);
  });

  it('uses the smallest offset seen lately, whichever way the PC clock was moved', () => {
    const c = clocks();
    const clock = createServerClock(c);
    clock.observe(httpDate(T0)); // offset 0
    c.advance(MINUTE);
    c.setPc(T0 + MINUTE - 10 * MINUTE); // set 10 minutes back: offset +10 min
    clock.observe(httpDate(T0 + MINUTE));
    // A time written before the change is converted with the offset of its day: not 10 minutes late.
    expect(clock.toServerTime(T0)).toBe(T0);
  });

  it('notes the offset in force when a request leaves, from the last answer and the monotonic clock', () => {
    const c = clocks();
    const clock = createServerClock(c);
    clock.observe(httpDate(T0));
    c.advance(30_000);
    c.setPc(T0 + 30_000 + 10 * MINUTE); // jumps 10 minutes ahead; no answer since
    clock.sending();
    expect(clock.toServerTime(T0 + 30_000 + 10 * MINUTE)).toBe(T0 + 30_000);
  });

  it('forgets an offset not seen for a day, keeping the one in force', () => {
    const c = clocks();
    const clock = createServerClock(c);
    c.setPc(T0 + 10 * MINUTE);
    clock.observe(httpDate(T0)); // offset −10 min
    c.setPc(T0);
    c.advance(REGIME_RETENTION_MS + 1_000);
    clock.observe(httpDate(T0 + REGIME_RETENTION_MS + 1_000)); // offset 0, a day later
    expect(clock.toServerTime(T0)).toBe(T0);
  });
});
