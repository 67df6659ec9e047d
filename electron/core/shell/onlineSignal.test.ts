import { describe, expect, it } from 'vitest';
import { electronOnlineSignal, type PowerMonitorLike } from './onlineSignal';

/** Fakes of `net`, `powerMonitor` and the interval, so the test decides when anything happens. */
function fakes(initial: boolean) {
  let online = initial;
  const power = new Map<string, Set<() => void>>();
  const powerMonitor: PowerMonitorLike = {
    on: (event, listener) => power.set(event, (power.get(event) ?? new Set()).add(listener)),
    removeListener: (event, listener) => power.get(event)?.delete(listener),
  };
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  let nextHandle = 1;
  const signal = electronOnlineSignal(
    { net: { isOnline: () => online }, powerMonitor },
    {
      pollMs: 1_000,
      setInterval: (callback, ms) => {
        intervals.set(nextHandle, { callback, ms });
        return nextHandle++;
      },
      clearInterval: (handle) => intervals.delete(handle as number),
    },
  );
  return {
    signal,
    setOnline: (value: boolean) => void (online = value),
    tick: () => [...intervals.values()].forEach((interval) => interval.callback()),
    wake: (event: string) => [...(power.get(event) ?? [])].forEach((listener) => listener()),
    intervals,
    powerListenerCount: () => [...power.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

describe('electronOnlineSignal', () => {
  it('reads net.isOnline() and polls it on the given interval', () => {
    const { signal, setOnline, intervals } = fakes(true);
    expect(signal.isOnline()).toBe(true);
    setOnline(false);
    expect(signal.isOnline()).toBe(false);
    expect([...intervals.values()].map((interval) => interval.ms)).toEqual([1_000]);
  });

  it('notifies subscribers only when the value changes', () => {
    const { signal, setOnline, tick } = fakes(true);
    const heard: boolean[] = [];
    signal.subscribe((online) => heard.push(online));
    tick();
    tick();
    setOnline(false);
    tick();
    tick();
    setOnline(true);
    tick();
    expect(heard).toEqual([false, true]);
  });

  it('re-checks at once on resume and unlock-screen', () => {
    const { signal, setOnline, wake } = fakes(false);
    const heard: boolean[] = [];
    signal.subscribe((online) => heard.push(online));
    setOnline(true);
    wake('resume');
    setOnline(false);
    wake('unlock-screen');
    expect(heard).toEqual([true, false]);
  });

  it('unsubscribes exactly the listener given, and keeps notifying the others when one throws', () => {
    const errors: unknown[] = [];
    let online = true;
    const signal = electronOnlineSignal(
      { net: { isOnline: () => online }, powerMonitor: { on: () => {}, removeListener: () => {} } },
      { setInterval: () => 0, clearInterval: () => {}, onListenerError: (error) => errors.push(error) },
    );
    const first: boolean[] = [];
    const second: boolean[] = [];
    const stop = signal.subscribe((value) => first.push(value));
    signal.subscribe(() => {
      throw new Error('listener broke');
    });
    signal.subscribe((value) => second.push(value));
    online = false;
    signal.check();
    stop();
    online = true;
    signal.check();
    expect(first).toEqual([false]);
    expect(second).toEqual([false, true]);
    expect(errors).toHaveLength(2);
  });

  it('dispose stops the poll and the power listeners and silences subscribers', () => {
    const { signal, setOnline, tick, wake, intervals, powerListenerCount } = fakes(true);
    const heard: boolean[] = [];
    signal.subscribe((online) => heard.push(online));
    expect(powerListenerCount()).toBe(2);
    signal.dispose();
    signal.dispose();
    expect(intervals.size).toBe(0);
    expect(powerListenerCount()).toBe(0);
    setOnline(false);
    tick();
    wake('resume');
    signal.check();
    expect(heard).toEqual([]);
  });
});
