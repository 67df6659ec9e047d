/** The wedge detector: whole scans, scans split by a busy computer, and a person's typing (fake clock). */
import { describe, expect, it } from 'vitest';
import { chars, codes, harness, INTERRUPTED } from './testing/wedgeHarness';
import { SPLIT_WINDOW_MS } from './wedge';

describe('a whole scan', () => {
  it('turns a fast burst ended by Enter into one scan, holding every key and replaying nothing', () => {
    const h = harness();
    const verdicts = h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(verdicts.every((verdict) => verdict === 'hold')).toBe(true);
    expect(h.scans).toEqual([{ code: '9300000000019', durationMs: 13 * 4, longestGapMs: 4 }]);
    h.advance(1000);
    expect(h.replays).toEqual([]);
    expect(h.rejections).toEqual([]);
  });

  it('reports how long the burst took and its longest pause, for tuning the threshold', () => {
    const h = harness();
    h.type(chars('930000'), 3);
    h.advance(20);
    h.type([...chars('0000019'), 'Enter'], 3);
    expect(h.scans).toEqual([{ code: '9300000000019', durationMs: 5 * 3 + 20 + 7 * 3, longestGapMs: 20 }]);
  });

  it('accepts keys a busy page hands over late, judging them by when they were pressed', () => {
    const h = harness();
    h.stall(400);
    // Pressed 4 ms apart from t=0, all handed over at t=400.
    h.deliver([...chars('9300000000019'), 'Enter'], 0, 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    expect(h.replays).toEqual([]);
  });

  it('lets Shift come between a scanner’s characters and never starts a burst with a space', () => {
    const h = harness();
    expect(h.press(' ')).toBe('pass');
    const verdicts = h.type(['Shift', ...chars('SKU'), 'Shift', ...chars('-1 2'), 'Enter'], 3);
    expect(verdicts.filter((v) => v === 'pass')).toEqual(['pass', 'pass']);
    expect(codes(h.scans)).toEqual(['SKU-1 2']);
  });
});

describe('a scan split by a late key', () => {
  it('rejects the rest of the code and takes the replayed first part back out of its field', () => {
    const h = harness();
    h.fields.quantity = '1';
    h.type(chars('935589'), 4);
    // The computer stalls the scanner's keys for 300 ms: the first part goes quiet and is replayed.
    h.advance(300);
    expect(h.fields.quantity).toBe('1935589');
    h.type([...chars('7635660'), 'Enter'], 4);
    expect(h.scans).toEqual([]);
    expect(h.rejections).toEqual([
      { kind: 'interrupted', reason: INTERRUPTED, text: '9355897635660', leftBehind: false },
    ]);
    expect(h.fields.quantity).toBe('1');
    h.advance(1000);
    expect(h.replays.map((r) => r.text)).toEqual(['935589']);
  });

  it('rejects it when the late key arrives before the quiet timer could run', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    h.stall(300);
    // The next key shows the gap on its own time stamp; its burst then ends like a scan.
    expect(h.press('7')).toBe('hold');
    expect(h.replays.map((r) => r.text)).toEqual(['935589']);
    h.type([...chars('635660'), 'Enter'], 4);
    expect(h.rejections.map((r) => r.kind)).toEqual(['interrupted']);
    expect(h.fields.quantity).toBe('');
    expect(h.scans).toEqual([]);
  });

  it('rejects a split whose rest is shorter than a code, holding its Enter so no form is submitted', () => {
    const h = harness();
    h.type(chars('93558976356'), 4);
    h.advance(200);
    const verdicts = h.type([...chars('60'), 'Enter'], 4);
    expect(verdicts).toEqual(['hold', 'hold', 'hold']);
    expect(h.rejections.map((r) => r.text)).toEqual(['9355897635660']);
    expect(h.fields.quantity).toBe('');
  });

  it('takes back every part of a scan split more than once', () => {
    const h = harness();
    h.type(chars('9355'), 4);
    h.advance(150);
    h.type(chars('897'), 4);
    h.advance(150);
    h.type([...chars('635660'), 'Enter'], 4);
    expect(h.rejections.map((r) => r.text)).toEqual(['9355897635660']);
    expect(h.fields.quantity).toBe('');
  });

  it('says so when the replayed part could not be taken back (the field changed since)', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    h.advance(300);
    h.fields.quantity = 'edited';
    h.type([...chars('7635660'), 'Enter'], 4);
    expect(h.rejections).toHaveLength(1);
    expect(h.rejections[0]!.leftBehind).toBe(true);
    expect(h.rejections[0]!.reason).toContain('check that field');
  });

  it('accepts a scan after a stall longer than a scan is ever split for', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    h.advance(2000);
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    expect(h.rejections).toEqual([]);
  });
});

describe('a scan split by the quiet timer firing late', () => {
  it('gives queued keys one more turn when the timer fires long after it was due', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    // A long task blocks the page; the scanner's next keys queue up behind it.
    h.stall(200);
    h.runOverdueTimers();
    expect(h.replays).toEqual([]);
    h.deliver([...chars('7635660'), 'Enter'], h.now() - 200 + 4, 4);
    expect(codes(h.scans)).toEqual(['9355897635660']);
    expect(h.rejections).toEqual([]);
  });

  it('waits longer while the page runs behind the keyboard', () => {
    const h = harness();
    h.stall(300);
    h.deliver(chars('935589'), 0, 4);
    // The page handles keys 300 ms after they were pressed: a 60 ms pause between deliveries is no gap.
    h.advance(60);
    expect(h.replays).toEqual([]);
    h.deliver([...chars('7635660'), 'Enter'], 24, 4);
    expect(codes(h.scans)).toEqual(['9355897635660']);
  });

  it('rejects a burst the timer cut although the keys’ time stamps show it went on', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    h.advance(100);
    expect(h.replays.map((r) => r.text)).toEqual(['935589']);
    // The rest was pressed right after (t=24…), but reached the page only now.
    h.deliver([...chars('7635660'), 'Enter'], 24, 4);
    expect(h.scans).toEqual([]);
    expect(h.rejections.map((r) => r.kind)).toEqual(['interrupted']);
    expect(h.fields.quantity).toBe('');
  });

  it('rejects an Enter that belongs to a burst the timer already replayed', () => {
    const h = harness();
    h.type(chars('9355897635660'), 4);
    h.advance(100);
    expect(h.fields.quantity).toBe('9355897635660');
    expect(h.deliver(['Enter'], 52, 4)).toEqual(['hold']);
    expect(h.rejections.map((r) => r.text)).toEqual(['9355897635660']);
    expect(h.fields.quantity).toBe('');
  });

  it('rejects a split after one key, proven by the time stamps', () => {
    const h = harness();
    h.press('9');
    h.advance(100);
    h.deliver([...chars('355897635660'), 'Enter'], 4, 4);
    expect(h.rejections.map((r) => r.text)).toEqual(['9355897635660']);
    expect(h.scans).toEqual([]);
  });
});

describe('human typing', () => {
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

  it('judges keys by their own time stamps when a busy page delivers them late', () => {
    const h = harness();
    // Two human keys 200 ms apart, delivered together after a stall, before any timer could run.
    h.stall(300);
    expect(h.deliver(chars('42'), 0, 200)).toEqual(['hold', 'hold']);
    expect(h.replays.map((r) => r.text)).toEqual(['4']);
    h.advance(1000);
    expect(h.replays.map((r) => r.text)).toEqual(['4', '2']);
  });

  it('keeps a quantity typed with its mark (12x) just before a scan, and the scan', () => {
    const h = harness();
    h.type(chars('12x'), 120);
    h.advance(200);
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(h.fields.quantity).toBe('12x');
    expect(codes(h.scans)).toEqual(['9300000000019']);
    expect(h.rejections).toEqual([]);
  });

  it('never takes a bare number typed just before a scan as a quantity: the scan is refused', () => {
    const h = harness();
    h.type(chars('12'), 120);
    h.advance(200);
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(h.scans).toEqual([]);
    expect(h.rejections.map((r) => [r.kind, r.text])).toEqual([['typed-before', '129300000000019']]);
    expect(h.rejections[0]!.reason).toContain('scan again');
    expect(h.fields.quantity).toBe('');
  });

  it('refuses a first digit cut off by a pause (the issue’s 300 ms repro) instead of a 12-digit code', () => {
    const h = harness();
    h.press('9');
    h.advance(300);
    h.type([...chars('398816794574'), 'Enter'], 4);
    expect(h.scans).toEqual([]);
    expect(h.rejections.map((r) => r.text)).toEqual(['9398816794574']);
    expect(h.fields.quantity).toBe('');
  });

  it('accepts a scan typed after a bare number once the number is old enough to be the person’s', () => {
    const h = harness();
    h.type(chars('12'), 120);
    h.advance(SPLIT_WINDOW_MS + 100);
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    // The screen, not the detector, then says "12" is not a quantity (it needs its x).
    expect(h.fields.quantity).toBe('12');
  });

  it('lets a typed code and its Enter through, even with two keys rolled over', () => {
    const h = harness();
    h.type(chars('93'), 20);
    h.advance(150);
    const verdicts = h.type([...chars('0012'), 'Enter'], 150);
    expect(verdicts.at(-1)).toBe('pass');
    expect(h.fields.quantity).toBe('930012');
    expect(h.rejections).toEqual([]);
    expect(h.scans).toEqual([]);
  });

  it('lets Enter alone pass, and a short fast burst + Enter replay then pass', () => {
    const h = harness();
    expect(h.press('Enter')).toBe('pass');
    const verdicts = h.type([...chars('123'), 'Enter'], 5);
    expect(verdicts).toEqual(['hold', 'hold', 'hold', 'pass']);
    expect(h.replays.map((r) => r.text)).toEqual(['123']);
    expect(h.scans).toEqual([]);
  });

  it('refuses a scanner’s burst whose Enter comes too late, so its keys are never entered as a code', () => {
    const h = harness();
    h.type(chars('123456789'), 5);
    h.advance(200);
    expect(h.fields.quantity).toBe('123456789');
    expect(h.press('Enter')).toBe('hold');
    expect(h.rejections.map((r) => [r.kind, r.text])).toEqual([['interrupted', '123456789']]);
    expect(h.fields.quantity).toBe('');
    expect(h.scans).toEqual([]);
  });

  it('refuses an interrupted scan’s leftover glued to the next one by a late Enter', () => {
    const h = harness();
    // The head of one scan is replayed; the next scan's keys are cut off from their Enter.
    h.type(chars('935'), 4);
    h.advance(400);
    h.type(chars('9384216166264'), 4);
    h.advance(300);
    expect(h.press('Enter')).toBe('hold');
    expect(h.rejections.map((r) => r.text)).toEqual(['9359384216166264']);
    expect(h.fields.quantity).toBe('');
    expect(h.scans).toEqual([]);
  });

  it('lets a person’s late Enter through after slow typing', () => {
    const h = harness();
    h.type(chars('930012'), 150);
    h.advance(200);
    expect(h.press('Enter')).toBe('pass');
    expect(h.fields.quantity).toBe('930012');
    expect(h.rejections).toEqual([]);
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

  it('keeps FNC1 in a GS1 label whichever way the wedge types it: GS, Ctrl+], Ctrl on that key elsewhere', () => {
    for (const separator of [
      { key: '\u001d' },
      { key: ']', ctrlKey: true },
      { key: '+', ctrlKey: true, code: 'BracketRight' },
    ]) {
      const h = harness();
      h.type(chars(']d20109312345678907'), 4);
      h.advance(4);
      expect(h.press(separator)).toBe('hold');
      h.advance(4);
      h.type([...chars('3024'), 'Enter'], 4);
      expect(codes(h.scans)).toEqual([']d20109312345678907\u001d3024']);
      expect(h.replays).toEqual([]);
    }
  });

  it('never joins what came before a key the person pressed (Tab) to a later burst', () => {
    const h = harness();
    h.type(chars('935589'), 4);
    h.advance(100);
    h.press('Tab');
    h.type([...chars('7635660'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['7635660']);
    expect(h.rejections).toEqual([]);
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
