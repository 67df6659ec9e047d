import { describe, expect, it } from 'vitest';
import { framingOf, keyName, lastBurst, type LoggedKey } from './keyLog';

const keys = (text: string[], at = 0, gap = 4): LoggedKey[] =>
  text.map((key, i) => ({ key, ctrlKey: false, at: at + i * gap }));

describe('the scanner tester’s key log', () => {
  it('names the keys a clerk cannot see', () => {
    expect(keyName({ key: 'Enter', ctrlKey: false, at: 0 })).toBe('Enter');
    expect(keyName({ key: 'Tab', ctrlKey: false, at: 0 })).toBe('Tab');
    expect(keyName({ key: '\u001d', ctrlKey: false, at: 0 })).toBe('GS');
    expect(keyName({ key: ']', ctrlKey: true, at: 0 })).toBe('GS');
    expect(keyName({ key: ' ', ctrlKey: false, at: 0 })).toBe('Space');
    expect(keyName({ key: '9', ctrlKey: false, at: 0 })).toBe('9');
  });

  it('keeps only the last burst, even one a stall split', () => {
    const log = [...keys(['1', '2'], 0, 200), ...keys([...'~930', 'Enter'], 5000), ...keys(['1'], 5900)];
    expect(lastBurst(log).map((key) => key.key)).toEqual([...'~930', 'Enter', '1']);
  });

  it('finds the prefix and suffix symbols around a code, and what ended it', () => {
    expect(framingOf(keys([...'~9300000000019#', 'Enter']))).toEqual({
      prefix: '~',
      suffix: '#',
      endedBy: 'Enter',
    });
    expect(framingOf(keys([...'9300000000019', 'Tab']))).toEqual({
      prefix: null,
      suffix: null,
      endedBy: 'Tab',
    });
    expect(framingOf(keys([...'9300000000019#']))).toEqual({ prefix: null, suffix: '#', endedBy: null });
    expect(framingOf(keys(['Shift', 'A', 'B', 'C', 'Enter']))).toMatchObject({ prefix: null, suffix: null });
  });
});
