/**
 * The stress bench's probes inside the app's page (the real renderer, opened by bench/sync/initialSync.ts),
 * installed by page.addInitScript before the app's scripts, so its key listener runs ahead of the app's
 * scanner. Serialised alone: it imports nothing (the receiving bench's probes, bench/receiving/page, are
 * bundled into a harness page instead). Every time is on the page's performance.now() clock:
 *  - nav: every press on a main-navigation link (its mousedown's event.timeStamp, when the browser got it)
 *    starts a watch for that section's list: its first row drawn with data (or the list's empty state), then
 *    the next frame painted. Always armed, so the runner's clicks land at moments of the page's own choosing;
 *  - scan: the receiving screen's line "Now" figure showing the expected count, painted, from the Enter
 *    key's time stamp (the scanner's), or the screen's refusal (a new answer in the error tone);
 *  - echo: the baseline. In echo mode the probe takes every key itself and on Enter writes a counter into a
 *    small element of its own: the same burst, the same page, a trivial text change.
 */

export interface NavSample {
  section: string;
  /** When the press reached the page (its mousedown's time stamp), on the page's clock. */
  pressedAt: number;
  /** Press → the frame showing the list's first row (or its empty state) painted. */
  paintedMs: number;
  /** The list showed its empty state (nothing of that kind cached yet), not a row. */
  empty: boolean;
}

export type NavOutcome = NavSample | { section: string; pressedAt: number; timedOut: true };

export type KeyOutcome = { paintedMs: number } | { refused: string } | { timedOut: true };

export interface StressProbe {
  /** The outcome of the next nav press not taken yet (waits for it). */
  nextNav(): Promise<NavOutcome>;
  /** Arms the scan probe: line `poItemId`'s "Now" is to show `expected`. */
  armLine(poItemId: number, expected: number): void;
  /** Arms the echo probe and switches to echo mode until its Enter. */
  armEcho(): void;
  /** The armed probe's outcome. */
  sample(): Promise<KeyOutcome>;
  /** Line `poItemId`'s "Now" figure as drawn, or null while it is not in the DOM. */
  nowFigure(poItemId: number): string | null;
  /** When the main navigation first showed (the app's start-up done), or null before. */
  readonly navShownAt: number | null;
}

declare global {
  interface Window {
    __stressProbe?: StressProbe;
  }
}

/** The sections whose lists the bench clicks (their first rows are read below). */
export const NAV_SECTIONS = ['customers', 'purchase-orders'] as const;

export function installStressProbe({
  navTimeoutMs,
  keyTimeoutMs,
}: {
  navTimeoutMs: number;
  keyTimeoutMs: number;
}) {
  // The first row's data cell of each list (bench/sync/page/coldStart.ts reads the PO list the same way).
  // Both lists are drawn by the list shell (src/components/list/ListScreen.svelte): its section, known by
  // its title, and its rows' `list-columns` grid.
  const firstCell: Record<string, string> = {
    'purchase-orders': '[role="option"] .list-columns > span:nth-child(3)',
    customers: '[role="option"] .list-columns > span:nth-child(2)',
  };
  const heading: Record<string, string> = {
    'purchase-orders': 'Purchase orders',
    customers: 'Customers',
  };

  const afterNextFrame = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );

  /** The paint time of the first frame after `check()` answers, or null after `timeoutMs`. */
  const whenShown = <T>(check: () => T | null, timeoutMs: number) =>
    new Promise<{ value: T; paintedAt: number } | null>((resolve) => {
      const done = (value: T) => {
        observer.disconnect();
        clearTimeout(timer);
        void afterNextFrame().then((paintedAt) => resolve({ value, paintedAt }));
      };
      const observer = new MutationObserver(() => {
        const value = check();
        if (value !== null) done(value);
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, timeoutMs);
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      const now = check();
      if (now !== null) done(now);
    });

  // --- nav ---
  const navOutcomes: NavOutcome[] = [];
  const navWaiters: ((outcome: NavOutcome) => void)[] = [];
  const pushNav = (outcome: NavOutcome) => {
    const waiter = navWaiters.shift();
    if (waiter) waiter(outcome);
    else navOutcomes.push(outcome);
  };
  const listShown = (section: string) => (): 'row' | 'empty' | null => {
    const screen = [...document.querySelectorAll('section.list-screen')].find(
      (list) => list.querySelector('h2')?.textContent?.trim() === heading[section],
    );
    if (!screen) return null;
    if ((screen.querySelector(firstCell[section] ?? '')?.textContent ?? '').trim() !== '') return 'row';
    return screen.querySelector('.empty-state') ? 'empty' : null;
  };
  window.addEventListener(
    'mousedown',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('nav[aria-label="Main"] a');
      const section = link?.getAttribute('href')?.replace(/^#\//, '').split(/[/?]/)[0] ?? '';
      if (!(section in heading)) return;
      const pressedAt = event.timeStamp;
      void whenShown(listShown(section), navTimeoutMs).then((shown) =>
        pushNav(
          shown
            ? { section, pressedAt, paintedMs: shown.paintedAt - pressedAt, empty: shown.value === 'empty' }
            : { section, pressedAt, timedOut: true },
        ),
      );
    },
    { capture: true },
  );

  // --- scan and echo ---
  let echoMode = false;
  let echoes = 0;
  let lastEnter: number | null = null;
  let echo: HTMLElement | null = null;
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') lastEnter = event.timeStamp;
      if (!echoMode) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key === 'Enter' && echo) {
        echo.textContent = String(++echoes);
        echoMode = false;
      }
    },
    { capture: true },
  );
  const nowFigure = (poItemId: number): string | null => {
    const cell = document.querySelector(`[data-po-item-id="${poItemId}"] [data-testid="received-now"]`);
    if (!cell) return null;
    let text = '';
    for (const node of cell.childNodes) if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    return text.trim();
  };
  const answer = () => {
    const element = document.querySelector<HTMLElement>('[data-tone][data-seq]');
    return {
      seq: element?.dataset.seq,
      tone: element?.dataset.tone,
      text: element?.textContent?.trim() ?? '',
    };
  };
  let armed: Promise<KeyOutcome> | null = null;
  const arm = (check: () => KeyOutcome | 'shown' | null) => {
    lastEnter = null;
    armed = whenShown(check, keyTimeoutMs).then((shown): KeyOutcome => {
      if (!shown) return { timedOut: true };
      if (shown.value !== 'shown') return shown.value;
      if (lastEnter === null) throw new Error('the change showed before any Enter was pressed');
      return { paintedMs: shown.paintedAt - lastEnter };
    });
    armed.catch(() => {});
  };

  // The app's start-up (parsing its code, opening the database) ends when its navigation shows.
  let navShownAt: number | null = null;
  const nav = new MutationObserver(() => {
    if (!document.querySelector('nav[aria-label="Main"]')) return;
    navShownAt = performance.now();
    nav.disconnect();
  });
  nav.observe(document, { subtree: true, childList: true });

  window.__stressProbe = {
    get navShownAt() {
      return navShownAt;
    },
    nextNav: () =>
      new Promise((resolve) => {
        const ready = navOutcomes.shift();
        if (ready) resolve(ready);
        else navWaiters.push(resolve);
      }),
    armLine(poItemId, expected) {
      const before = answer().seq;
      arm(() => {
        const now = answer();
        if (now.seq !== before && now.tone === 'error') return { refused: now.text };
        return nowFigure(poItemId) === String(expected) ? 'shown' : null;
      });
    },
    armEcho() {
      if (!echo) {
        echo = document.createElement('output');
        echo.setAttribute(
          'style',
          'position:fixed;right:0;bottom:0;z-index:99999;background:#fff;font:10px monospace',
        );
        document.body.appendChild(echo);
      }
      const expected = String(echoes + 1);
      echoMode = true;
      arm(() => (echo?.textContent === expected ? 'shown' : null));
    },
    sample() {
      if (!armed) throw new Error('sample() before arming a probe');
      const outcome = armed;
      armed = null;
      return outcome;
    },
    nowFigure,
  };
}
