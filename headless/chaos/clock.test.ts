/** The chaos run's clock skew (./clock.ts): what the worker's process and the drain's engine read as now. */
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_SKEW_ENV, skewedNow, skewFromEnv, skewProcessClock } from './clock';

const TEN_MIN = 10 * 60_000;
let undo = () => {};
afterEach(() => undo());

describe('clock skew', () => {
  it("shifts the process' Date.now and new Date(), not dates built from a value", () => {
    const before = Date.now();
    undo = skewProcessClock(TEN_MIN);
    expect(Date.now() - before).toBeGreaterThanOrEqual(TEN_MIN);
    expect(new Date().getTime() - before).toBeGreaterThanOrEqual(TEN_MIN);
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date('2026-01-01T00:00:00Z').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date() instanceof Date).toBe(true);
    undo();
    expect(Date.now() - before).toBeLessThan(TEN_MIN);
  });

  it('runs behind too, and a clock of its own leaves the process alone', () => {
    const before = Date.now();
    expect(skewedNow(-TEN_MIN)().getTime() - before).toBeLessThanOrEqual(-TEN_MIN + 1_000);
    expect(Date.now() - before).toBeLessThan(1_000);
  });

  it('reads the skew the harness passes in the environment', () => {
    expect(skewFromEnv({})).toBe(0);
    expect(skewFromEnv({ [CLOCK_SKEW_ENV]: String(-TEN_MIN) })).toBe(-TEN_MIN);
    expect(() => skewFromEnv({ [CLOCK_SKEW_ENV]: '1.5' })).toThrow(/whole number/);
  });
});
