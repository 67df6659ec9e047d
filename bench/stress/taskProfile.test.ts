import { describe, expect, it } from 'vitest';
import { CLOCK_MARK, TaskProfile, type CpuProfile } from './taskProfile';

const frame = (functionName: string, url = 'http://host/assets/index.js') => ({
  functionName,
  url,
  lineNumber: 0,
  columnNumber: 0,
});

/**
 * root → mount → render; root → mark; root → (idle). Samples (µs on V8's clock, from 10,000 µs):
 * idle, mark, mount, render, render, idle — 1 ms apart.
 */
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
    { id: 2, callFrame: frame('mount'), children: [3] },
    { id: 3, callFrame: frame('render') },
    { id: 4, callFrame: frame(CLOCK_MARK) },
    { id: 5, callFrame: frame('(idle)', '') },
  ],
  startTime: 10_000,
  endTime: 16_000,
  samples: [5, 4, 2, 3, 3, 5],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

const locate = () => ({ file: 'src/App.svelte', line: 7 });

describe('TaskProfile', () => {
  it("reads the samples inside a span of the page's clock once tied to it by the mark", () => {
    const profile = new TaskProfile(PROFILE, locate);
    // The mark's sample is at 12 ms on V8's clock; the page noted it at 2 ms: V8 is 10 ms ahead.
    profile.alignTo(2);
    // Page 3–5 ms: mount (self 1 ms) and render twice (2 ms), both under mount.
    const bySelf = profile.hottest([{ from: 3, to: 5 }], 'selfMs', 5);
    expect(bySelf).toEqual([
      { function: 'render src/App.svelte:7', selfMs: 2, totalMs: 2 },
      { function: 'mount src/App.svelte:7', selfMs: 1, totalMs: 3 },
    ]);
    expect(profile.hottest([{ from: 3, to: 5 }], 'totalMs', 1)[0]?.function).toBe('mount src/App.svelte:7');
    expect(profile.span).toEqual({ from: 0, to: 6 });
    // Only some functions: render's time still counts, mount's self time is its own.
    expect(profile.hottest([{ from: 3, to: 5 }], 'totalMs', 5, (fn) => fn.startsWith('mount'))).toEqual([
      { function: 'mount src/App.svelte:7', selfMs: 1, totalMs: 3 },
    ]);
  });

  it('leaves out samples outside the spans and idle ones', () => {
    const profile = new TaskProfile(PROFILE, locate);
    profile.alignTo(2);
    // Page 5–7 ms: one render sample (under mount) and an idle one.
    expect(profile.hottest([{ from: 5, to: 7 }], 'selfMs', 5)).toEqual([
      { function: 'render src/App.svelte:7', selfMs: 1, totalMs: 1 },
      { function: 'mount src/App.svelte:7', selfMs: 0, totalMs: 1 },
    ]);
  });

  it('refuses a profile without the mark', () => {
    const profile = new TaskProfile({ ...PROFILE, samples: [5, 2, 3] }, locate);
    expect(() => profile.alignTo(2)).toThrow(/no sample of/);
  });
});
