/**
 * The line editor opens under a long list, below the fold of the screen's scrolling area (the app shell's
 * main, src/app.css): it must bring itself into view and put focus in its first field where the clerk sees
 * it (issue #26: it opened at y = 910 in an 850 px window, focus in a field nobody could see).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import { sampleProduct, samplePurchaseOrderItem } from '../../api/resources/fixtures';
import { DockhandDb, type CachedPurchaseOrderItem } from '../../db/schema';
import LineEditor from './LineEditor.svelte';
import { receivingLinesBuilder } from './receivingLines';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** A 300 px scrolling area whose first 1,200 px are taken, with the editor mounted after them. */
function mountBelowTheFold() {
  const screen = document.createElement('main');
  screen.style.cssText = 'height: 300px; overflow: auto; position: relative;';
  const list = document.createElement('div');
  list.style.height = '1200px';
  const target = document.createElement('div');
  screen.append(list, target);
  document.body.append(screen);
  const item = samplePurchaseOrderItem({
    po_item_id: 7,
    product: sampleProduct({ id: 7, short_description: 'Ember dome tent' }),
    quantity_ordered: 5,
    quantity_received: 0,
    quantity_remaining: 5,
  }) as CachedPurchaseOrderItem;
  const [line] = receivingLinesBuilder()([item], null);
  const instance = mount(LineEditor, {
    target,
    props: {
      db: new DockhandDb(`line-editor-${crypto.randomUUID()}`),
      poId: 1001,
      line: line!,
      onsaved: () => {},
      oncancel: () => {},
    },
  });
  flushSync();
  cleanup = () => {
    void unmount(instance);
    screen.remove();
  };
  return screen;
}

describe('LineEditor', () => {
  it('opens in view under a long list, focus in its first field where it is seen', () => {
    const screen = mountBelowTheFold();
    const field = document.activeElement as HTMLElement;
    expect(field.closest('form')?.getAttribute('aria-label')).toBe('Edit line Ember dome tent');
    expect((field as HTMLInputElement).labels?.[0]?.textContent).toContain('Received now');
    // Scrolled: the area moved past the list, and the focused field lies wholly inside what it shows.
    expect(screen.scrollTop).toBeGreaterThan(900);
    const seen = screen.getBoundingClientRect();
    const box = field.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(seen.top);
    expect(box.bottom).toBeLessThanOrEqual(seen.bottom);
    // And nothing lies over it: its centre is the field itself.
    expect(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)).toBe(field);
  });
});
