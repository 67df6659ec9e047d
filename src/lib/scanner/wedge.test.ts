import { describe, expect, it } from 'vitest';
import { createWedgeDetector, type KeyLike, type KeyVerdict } from './wedge';

/** A detector on a fake clock: `type` presses keys `gap` ms apart; timers fire as the clock passes them. */
function harness(options: { thresholdMs?: number; minLength?: number } = {}) {
  let clock = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const scans: string[] = [];
  const replays: { text: string; target: unknown }[] = [];
  const detector = createWedgeDetector<string>({
    thresholdMs: 35,
    minLength: 6,
    ...options,
    now: () => clock,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: clock + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    onScan: (code) => scans.push(code),
    onReplay: (text, target) => replays.push({ text, target }),
  });

  function advance(ms: number) {
    const until = clock + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      clock = due.at;
      due.run();
    }
    clock = until;
  }

  function press(key: string | KeyLike<string>, target = 'quantity'): KeyVerdict {
    return detector.key(typeof key === 'string' ? { key, target } : { target, ...key });
  }

  /** Presses each key `gap` ms after the previous one; returns the verdicts. */
  function type(keys: string[], gap: number, target = 'quantity'): KeyVerdict[] {
    return keys.map((key, i) => {
      if (i > 0) advance(gap);
      return press(key, target);
    });
  }

  return { detector, scans, replays, advance, press, type };
}

const chars = (text: string) => [...text];

describe('createWedgeDetector', () => {
  it('turns a fast burst ended by Enter into one scan, holding every key and replaying nothing', () => {
    const h = harness();
    const verdicts = h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(verdicts.every((verdict) => verdict === 'hold')).toBe(true);
    expect(h.scans).toEqual(['9300000000019']);
    h.advance(1000);
    expect(h.replays).toEqual([]);
  });

  it('replays slow typing in order, each key into the field it was typed in', () => {
    const h = harness();
    h.type(chars('12'), 150, 'quantity');
    h.advance(150);
    h.press('x', 'search');
    h.advance(100);
    expect(h.replays).toEqual([
      { text: '1', target: 'quantity' },
      { text: '2', target: 'quantity' },
      { text: 'x', target: 'search' },
    ]);
    expect(h.scans).toEqual([]);
  });

  it('replays a fast burst that no Enter ends once it goes quiet', () => {
    const h = harness();
    h.type(chars('ABC123XYZ'), 5);
    expect(h.replays).toEqual([]);
    h.advance(34);
    expect(h.replays).toEqual([]);
    h.advance(2);
    expect(h.replays).toEqual([{ text: 'ABC123XYZ', target: 'quantity' }]);
    expect(h.scans).toEqual([]);
  });

  it('splits a burst interrupted by a slow key: the first part is replayed, the rest judged on its own', () => {
    const h = harness();
    h.type(chars('930'), 5);
    h.advance(120);
    expect(h.replays.map((r) => r.text)).toEqual(['930']);
    h.type([...chars('0000000019'), 'Enter'], 5);
    expect(h.scans).toEqual(['0000000019']);
    expect(h.replays.map((r) => r.text)).toEqual(['930']);
  });

  it('judges keys by their own time stamps when a busy page delivers them late', () => {
    const h = harness();
    // Two human keys 200 ms apart, delivered together after a stall, before any timer could run.
    expect(h.press({ key: '4', timeStamp: 0 })).toBe('hold');
    expect(h.press({ key: '2', timeStamp: 200 })).toBe('hold');
    expect(h.replays.map((r) => r.text)).toEqual(['4']);
    h.advance(1000);
    expect(h.replays.map((r) => r.text)).toEqual(['4', '2']);
  });

  it('lets Enter alone pass, and a short fast burst + Enter replay then pass', () => {
    const h = harness();
    expect(h.press('Enter')).toBe('pass');
    const verdicts = h.type([...chars('123'), 'Enter'], 5);
    expect(verdicts).toEqual(['hold', 'hold', 'hold', 'pass']);
    expect(h.replays.map((r) => r.text)).toEqual(['123']);
    expect(h.scans).toEqual([]);
  });

  it('replays a long burst whose Enter comes too late, and lets that Enter through', () => {
    const h = harness();
    h.type(chars('123456789'), 5);
    h.advance(200);
    expect(h.press('Enter')).toBe('pass');
    expect(h.replays.map((r) => r.text)).toEqual(['123456789']);
    expect(h.scans).toEqual([]);
  });

  it('passes modified keys, auto-repeat and other keys untouched, after replaying what was held', () => {
    const h = harness();
    h.press('a');
    expect(h.press({ key: 'v', ctrlKey: true })).toBe('pass');
    expect(h.replays.map((r) => r.text)).toEqual(['a']);
    h.press('b');
    expect(h.press('Backspace')).toBe('pass');
    expect(h.press({ key: '0', repeat: true })).toBe('pass');
    expect(h.press('Tab')).toBe('pass');
    expect(h.replays.map((r) => r.text)).toEqual(['a', 'b']);
  });

  it('lets Shift come between a scanner’s characters and never starts a burst with a space', () => {
    const h = harness();
    expect(h.press(' ')).toBe('pass');
    const verdicts = h.type(['Shift', ...chars('SKU'), 'Shift', ...chars('-1 2'), 'Enter'], 3);
    expect(verdicts.filter((v) => v === 'pass')).toEqual(['pass', 'pass']);
    expect(h.scans).toEqual(['SKU-1 2']);
  });

  it('replays whatever is held on flush and dispose, and never twice', () => {
    const h = harness();
    h.type(chars('ab'), 5);
    h.detector.flush();
    h.press('c');
    h.detector.dispose();
    h.advance(1000);
    expect(h.replays.map((r) => r.text)).toEqual(['ab', 'c']);
  });
});
