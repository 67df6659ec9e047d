import { describe, expect, it } from 'vitest';
import { LABEL_SIZE_KEY, loadLabelSize, saveLabelSize } from './sizeChoice';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('the label size of this PC', () => {
  it('is the 50 × 25 mm roll until one is chosen, then the one chosen', () => {
    const storage = memoryStorage();
    expect(loadLabelSize(storage).id).toBe('roll-50x25');
    expect(saveLabelSize(storage, 'a4-3x8')).toBe(true);
    expect(storage.map.get(LABEL_SIZE_KEY)).toBe('a4-3x8');
    expect(loadLabelSize(storage).id).toBe('a4-3x8');
  });

  it('ignores a stored size no longer offered and refuses to store one that is not offered', () => {
    expect(loadLabelSize(memoryStorage({ [LABEL_SIZE_KEY]: 'roll-62x29' })).id).toBe('roll-50x25');
    const storage = memoryStorage();
    expect(saveLabelSize(storage, 'roll-62x29')).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('still answers when the browser refuses storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadLabelSize(blocked).id).toBe('roll-50x25');
    expect(saveLabelSize(blocked, 'a4-3x8')).toBe(false);
    expect(loadLabelSize(undefined).id).toBe('roll-50x25');
  });
});
