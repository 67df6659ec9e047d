/**
 * Section screens load when first shown, the rest one at a time when the window is idle, each once; a
 * screen that cannot load says why.
 */
import type { Component } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { Section, SectionProps } from '../sections';
import { SectionScreens } from './sectionScreens.svelte';

const screen = (() => null) as unknown as Component<SectionProps>;

function sections(ids: string[], failing: string[] = []) {
  const loads: string[] = [];
  const list: Section[] = ids.map((id) => ({
    id,
    label: id,
    load: () => {
      loads.push(id);
      return failing.includes(id)
        ? Promise.reject(new Error('chunk missing'))
        : Promise.resolve({ default: screen });
    },
  }));
  return { list, loads };
}

describe('SectionScreens', () => {
  it('loads the shown screen once, then the others one at a time when idle', async () => {
    const { list, loads } = sections(['a', 'b', 'c']);
    const screens = new SectionScreens();
    expect(screens.screenOf(list[1]!)).toBeUndefined();
    expect(screens.screenOf(list[1]!)).toBeUndefined();
    await screens.load(list[1]!);
    expect(screens.screenOf(list[1]!)).toBe(screen);
    expect(loads).toEqual(['b']);

    const idle: (() => void)[] = [];
    screens.preloadWhenIdle((run) => idle.push(run), list);
    expect(loads).toEqual(['b']);
    idle.shift()!();
    await screens.load(list[0]!);
    expect(loads).toEqual(['b', 'a']);
    // The next waits for the next idle moment.
    await Promise.resolve();
    idle.shift()!();
    await screens.load(list[2]!);
    expect(loads).toEqual(['b', 'a', 'c']);
    expect(list.map((section) => screens.screenOf(section))).toEqual([screen, screen, screen]);
  });

  it('says why a screen could not load', async () => {
    const { list } = sections(['a'], ['a']);
    const screens = new SectionScreens();
    await screens.load(list[0]!);
    expect(screens.screenOf(list[0]!)).toBeUndefined();
    expect(screens.failureOf(list[0]!)).toBe('chunk missing');
  });
});
