/**
 * The section screens as they load (src/sections.ts `load`): the shown section's screen first, then, once the
 * window is idle, every other one, so the window starts with one area's code and a later click still opens
 * at once (offline too: the code ships with the app). A screen that fails to load says so in words.
 */
import type { Component } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import { SECTIONS, type Section, type SectionProps } from '../sections';

export class SectionScreens {
  #loaded = new SvelteMap<string, Component<SectionProps>>();
  #failed = new SvelteMap<string, string>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- loads in flight: bookkeeping, never rendered
  #pending = new Map<string, Promise<void>>();
  #preloading = false;

  /** The screen of `section`, or undefined while it loads (asking for it starts the load). */
  screenOf(section: Section): Component<SectionProps> | undefined {
    const screen = this.#loaded.get(section.id);
    if (!screen) void this.load(section);
    return screen;
  }

  /** Why the section's screen could not load, or null. */
  failureOf(section: Section): string | null {
    return this.#failed.get(section.id) ?? null;
  }

  load(section: Section): Promise<void> {
    const running = this.#pending.get(section.id);
    if (running) return running;
    const loading = section.load().then(
      (module) => {
        this.#loaded.set(section.id, module.default);
      },
      (error: unknown) => {
        this.#pending.delete(section.id);
        const message = error instanceof Error ? error.message : String(error);
        // The screen says it in words; the technical reason stays here and in the console.
        console.error(`Section "${section.id}" did not load: ${message}`);
        this.#failed.set(section.id, message);
      },
    );
    this.#pending.set(section.id, loading);
    return loading;
  }

  /** Loads every other section's screen, one at a time, each when the window is idle. */
  preloadWhenIdle(idle: (run: () => void) => void = whenIdle, sections: readonly Section[] = SECTIONS): void {
    if (this.#preloading) return;
    this.#preloading = true;
    const rest = sections.filter((section) => !this.#pending.has(section.id));
    const next = () => {
      const section = rest.shift();
      if (section) idle(() => void this.load(section).then(next));
    };
    next();
  }
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 50);
}
