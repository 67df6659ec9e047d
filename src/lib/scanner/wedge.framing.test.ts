/** The wedge detector with a prefix, a suffix and a minimum length (fake clock, ./testing/wedgeHarness.ts). */
import { describe, expect, it } from 'vitest';
import { chars, codes, harness } from './testing/wedgeHarness';
import { FRAME_CAP_MS } from './wedge';

describe('prefix and suffix', () => {
  it('accepts only a burst starting with the prefix, and strips it', () => {
    const h = harness({ prefix: '~' });
    h.type([...chars('~9300000000019'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
  });

  it('rejects a scan-shaped burst without the prefix, and replays a short one as typing', () => {
    const h = harness({ prefix: '~' });
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(h.rejections.map((r) => r.kind)).toEqual(['missing-prefix']);
    expect(h.rejections[0]!.reason).toContain('prefix');
    expect(h.scans).toEqual([]);
    expect(h.replays).toEqual([]);
    h.advance(500);
    expect(h.type([...chars('12'), 'Enter'], 4).at(-1)).toBe('pass');
    expect(h.fields.quantity).toBe('12');
  });

  it('holds a scan that starts with the prefix whatever its pauses: one scan, nothing replayed', () => {
    const h = harness({ prefix: '~' });
    h.press('~');
    h.advance(300);
    h.type(chars('930000'), 4);
    h.advance(900);
    h.type([...chars('0000019'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    expect(h.replays).toEqual([]);
    expect(h.rejections).toEqual([]);
  });

  it('refuses a framed scan that outlasts the cap, taking its replayed start back out', () => {
    const h = harness({ prefix: '~' });
    h.press('~');
    h.advance(1000);
    h.type(chars('930'), 4);
    h.advance(1000);
    h.type(chars('00'), 4);
    h.advance(FRAME_CAP_MS - 2000);
    expect(h.fields.quantity).toBe('~93000');
    h.type([...chars('00000019'), 'Enter'], 4);
    expect(h.rejections.map((r) => [r.kind, r.text])).toEqual([['interrupted', '~9300000000019']]);
    expect(h.fields.quantity).toBe('');
    expect(h.scans).toEqual([]);
  });

  it('refuses a framed scan past the cap even when a busy page never ran the cap’s timer', () => {
    const h = harness({ prefix: '~' });
    h.stall(FRAME_CAP_MS + 500);
    // Pressed from t=0 with a long stall inside, all handed over together now.
    h.deliver(chars('~9300'), 0, 4);
    h.deliver(chars('000000019'), 2000, 4);
    expect(h.deliver(['Enter'], FRAME_CAP_MS + 100, 4)).toEqual(['hold']);
    expect(h.scans).toEqual([]);
    expect(h.rejections.map((r) => r.kind)).toEqual(['interrupted']);
  });

  it('accepts a prefixed scan right after fast typing: the prefix marks a new scan', () => {
    const h = harness({ prefix: '~' });
    h.type(chars('12'), 10);
    h.advance(200);
    h.type([...chars('~9300000000019'), 'Enter'], 4);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    expect(h.fields.quantity).toBe('12');
  });

  it('ends a scan on the suffix, strips it, and swallows the Enter the scanner may send after it', () => {
    const h = harness({ suffix: '#' });
    const verdicts = h.type([...chars('9300000000019#'), 'Enter'], 4);
    expect(verdicts.every((verdict) => verdict === 'hold')).toBe(true);
    expect(codes(h.scans)).toEqual(['9300000000019']);
    h.advance(500);
    expect(h.press('Enter')).toBe('pass');
  });

  it('rejects a scan-shaped burst ended by Enter without the suffix', () => {
    const h = harness({ suffix: '#' });
    h.type([...chars('9300000000019'), 'Enter'], 4);
    expect(h.rejections.map((r) => r.kind)).toEqual(['missing-suffix']);
    expect(h.scans).toEqual([]);
  });

  it('takes a suffix character typed by a person as typing', () => {
    const h = harness({ prefix: '~', suffix: '#' });
    h.type(chars('a#'), 150);
    h.advance(200);
    expect(h.fields.quantity).toBe('a#');
    h.type([...chars('~SKU-12#')], 4);
    expect(codes(h.scans)).toEqual(['SKU-12']);
  });
});

describe('minimum length', () => {
  it('replays a fast burst shorter than the minimum and lets its Enter through', () => {
    const h = harness({ minLength: 6 });
    expect(h.type([...chars('12345'), 'Enter'], 4).at(-1)).toBe('pass');
    expect(h.fields.quantity).toBe('12345');
    expect(h.scans).toEqual([]);
  });

  it('accepts shorter codes when the minimum is lowered, counted without prefix', () => {
    const h = harness({ minLength: 4, prefix: '~' });
    h.type([...chars('~1234'), 'Enter'], 4);
    h.advance(500);
    expect(h.type([...chars('~123'), 'Enter'], 4).at(-1)).toBe('pass');
    expect(codes(h.scans)).toEqual(['1234']);
    expect(h.fields.quantity).toBe('~123');
  });

  it('lets a split shorter than a code through as typing', () => {
    const h = harness();
    h.type(chars('12'), 4);
    h.advance(100);
    expect(h.type([...chars('3'), 'Enter'], 4).at(-1)).toBe('pass');
    expect(h.fields.quantity).toBe('123');
    expect(h.rejections).toEqual([]);
  });
});
