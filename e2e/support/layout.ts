/**
 * Can a clerk reach every control on the screen? For each visible button, link and field of the screen
 * (main), scrolled to the middle of every scrolling box around it (as a clerk scrolling would), and for each
 * of the header's and the status bar's as they stand: its centre must hit the control itself (nothing lies
 * over it: a sticky bar, the status bar, a dropdown) and no box around it may cut it off (overflow
 * hidden/auto/clip). The window itself must not scroll: only the screen does. One page.evaluate for the
 * whole screen, so a walk of every section stays quick.
 */
import type { Locator, Page } from '@playwright/test';

/** What is checked: every control a clerk could click or type into. */
const CONTROLS = [
  'main a[href]',
  'main button',
  'main input:not([type="hidden"])',
  'main select',
  'main textarea',
  'main [role="listbox"]',
  'header a[href]',
  // The skip link is off-screen on purpose until it has focus.
  'header button:not(.skip-link)',
  'footer.status-bar a[href]',
  'footer.status-bar button',
].join(', ');

/**
 * The controls of the current screen that cannot be reached, each as "what: why" (empty when all can), and
 * how many were checked.
 * Controls hidden on purpose (display none, a closed menu, a 1 px screen-reader-only element) are skipped.
 * `only: 'header'` checks the header alone (an opened menu lies over the screen, as a menu does).
 */
/** Whether the control is in sight and on top at its centre as the screen stands, without any scrolling. */
export async function inSightUnscrolled(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

export async function unreachableControls(
  page: Page,
  only?: 'header',
): Promise<{ checked: number; problems: string[] }> {
  const selector = only
    ? CONTROLS.split(', ')
        .filter((part) => part.startsWith(only))
        .join(', ')
    : CONTROLS;
  return page.evaluate((selector) => {
    const describe = (element: Element): string => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ');
      const name =
        text ||
        (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
        element.getAttribute('name') ||
        element.getAttribute('placeholder') ||
        '';
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${name.slice(0, 60)}"`;
    };
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    // The box of an inline link that wraps is its first line.
    const boxOf = (element: Element): DOMRect =>
      element.getClientRects()[0] ?? element.getBoundingClientRect();
    const problems: string[] = [];
    let checked = 0;
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (!element.isConnected) continue; // a virtual list re-rendered under an earlier scroll
      if (!element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      const whole = element.getBoundingClientRect();
      if (whole.width <= 1 || whole.height <= 1) continue; // screen-reader-only text (.visually-hidden)
      checked += 1;
      // The header and the status bar never scroll away: their controls must be in sight as they are.
      if (element.closest('main'))
        element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = boxOf(element);
      // Cut off: every clipping box around it must show all of it (or all the box has room for).
      let cut: string | null = null;
      for (let parent = element.parentElement; parent && !cut; parent = parent.parentElement) {
        if (!clips(parent)) continue;
        const frame = parent.getBoundingClientRect();
        const seenX = Math.min(box.right, frame.right) - Math.max(box.left, frame.left);
        const seenY = Math.min(box.bottom, frame.bottom) - Math.max(box.top, frame.top);
        if (seenX < Math.min(box.width, frame.width) - 2 || seenY < Math.min(box.height, frame.height) - 2)
          cut = `cut off by ${describe(parent)} (.${parent.className})`;
      }
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (!cut && (x < 0 || y < 0 || x > innerWidth || y > innerHeight)) cut = 'outside the window';
      if (cut) {
        problems.push(`${describe(element)}: ${cut}`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      // A control may be drawn by its label (a styled checkbox): the label's hit counts as its own.
      const own = hit !== null && (element.contains(hit) || hit.closest('label')?.control === element);
      if (!own) problems.push(`${describe(element)}: covered by ${hit ? describe(hit) : 'nothing'}`);
    }
    // Only the screen scrolls (src/app.css): a window that scrolls itself moves the header or the status
    // bar out of sight, or needs a sideways scroll to reach the end of the menu.
    const page = document.scrollingElement ?? document.documentElement;
    if (page.scrollWidth > innerWidth + 1 || page.scrollHeight > innerHeight + 1)
      problems.push(
        `the window itself scrolls: ${page.scrollWidth}×${page.scrollHeight} in ${innerWidth}×${innerHeight}`,
      );
    return { checked, problems };
  }, selector);
}
