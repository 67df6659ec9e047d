/**
 * The harness's own keydown listener. It is added before the receiving screen mounts, so it runs before the
 * scanner's detector (also a capture-phase listener on the window: src/lib/scanner/install.ts):
 *  - it notes each Enter's `event.timeStamp` (when the key was pressed: the runner sends it through CDP with
 *    the scanner's time stamp, e2e/support/scanner.ts) and when the page got round to handling it;
 *  - in `echo` mode it takes every key itself (stopImmediatePropagation: the detector never sees the burst)
 *    and on Enter writes a counter into one small element. That is the baseline: the same burst, the same
 *    page, a trivial text change, the floor any UI update pays.
 */

export type KeyMode = 'app' | 'echo';

export interface EnterKey {
  /** event.timeStamp: when the key was pressed, on the performance.now() clock. */
  pressedAt: number;
  /** performance.now() when this listener ran. */
  handledAt: number;
}

export interface KeyProbe {
  mode: KeyMode;
  /** The last Enter since `forget()`, or null. */
  readonly lastEnter: EnterKey | null;
  forget(): void;
  /** The element the echo mode writes its counter into. */
  readonly echo: HTMLElement;
  /** How many Enters the echo mode has written: the next one writes this plus one. */
  readonly echoes: number;
}

export function installKeyProbe(win: Window, echo: HTMLElement): KeyProbe {
  let lastEnter: EnterKey | null = null;
  let echoes = 0;
  const probe: KeyProbe = {
    mode: 'app',
    get lastEnter() {
      return lastEnter;
    },
    forget() {
      lastEnter = null;
    },
    echo,
    get echoes() {
      return echoes;
    },
  };
  win.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') lastEnter = { pressedAt: event.timeStamp, handledAt: win.performance.now() };
      if (probe.mode !== 'echo') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.key === 'Enter') echo.textContent = String(++echoes);
    },
    { capture: true },
  );
  return probe;
}
