/**
 * Component tests (Vitest browser mode, real Chromium): mount a Svelte component into the page, and take
 * every mounted one down after each test so the next starts from an empty body. Tests are `.svelte.ts`
 * files, so their props can be `$state`: a bound prop the component writes shows in the object, and a prop
 * the test changes reaches the component, as a parent's `bind:` and props do.
 */
import { afterEach } from 'vitest';
import { flushSync, mount, unmount, type Component } from 'svelte';

const mounted: { component: Record<string, unknown>; target: HTMLElement }[] = [];

afterEach(() => {
  for (const { component, target } of mounted.splice(0)) {
    void unmount(component);
    target.remove();
  }
});

/**
 * Mounts `component` with `props`. Both are taken loosely: a generic component's props (VirtualList<T>)
 * cannot be inferred from a call like this one, and `tsc` sees `*.svelte` files only through a shim. What
 * the component makes of its props is what the tests check.
 */
export function mountInPage(
  component: unknown,
  props: object,
): { target: HTMLElement; instance: Record<string, unknown> } {
  const target = document.createElement('div');
  document.body.append(target);
  const instance = mount(component as Component<Record<string, unknown>>, {
    target,
    props: props as Record<string, unknown>,
  }) as Record<string, unknown>;
  mounted.push({ component: instance, target });
  flushSync();
  return { target, instance };
}
