/**
 * A keyboard-wedge scanner for the specs, faithful to the hardware: its keys are pressed a few
 * milliseconds apart whatever the page is doing, and the page sees those times (event.timeStamp) even
 * when it is too busy to handle them at once.
 *
 * Playwright's keyboard cannot do that: each key waits for the page (and for this Node process, which
 * also runs the browser host and its sync engine) before the next is sent, and Chromium stamps a key
 * with the moment it reaches it, so a busy moment becomes a real gap in the middle of a scan. CDP's
 * `Input.dispatchKeyEvent` takes the press time as `timestamp` (seconds since the epoch): Chromium gives
 * it to the page as event.timeStamp (checked: to 0.1 ms, also under 4× CPU throttling and a 300 ms long
 * task), and the keys are sent without waiting for each other, as a scanner does not wait for the PC.
 */
import type { CDPSession, Page } from '@playwright/test';

/** One CDP session per page, so throttling set by `throttleCpu` lasts as long as the page. */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** Slows the page's CPU `rate` times (1 = full speed), as on an old or busy dock PC. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  await (await sessionOf(page)).send('Emulation.setCPUThrottlingRate', { rate });
}

export interface ScanOptions {
  /** Between two keys of the scanner, in ms (a wedge scanner: 2–10). */
  gapMs?: number;
  /**
   * Breaks the scan as a stalled computer would: after this many characters the rest arrives `pauseMs`
   * later (in time stamps and in real time).
   */
  breakAfter?: number;
  pauseMs?: number;
  /** false: the code's characters only, as a scan whose end never came (default true: then Enter). */
  enter?: boolean;
}

interface KeyDefinition {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text: string;
  modifiers: number;
}

const SHIFT = 8;
const CTRL = 2;

function keyOf(char: string): KeyDefinition {
  if (char === '\n')
    return { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', modifiers: 0 };
  // FNC1 of a GS1 label (ASCII 29, GS): a wedge types it as Ctrl+], which types no text.
  if (char === '\u001d')
    return { key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, text: '', modifiers: CTRL };
  if (/^[0-9]$/.test(char))
    return {
      key: char,
      code: `Digit${char}`,
      windowsVirtualKeyCode: char.charCodeAt(0),
      text: char,
      modifiers: 0,
    };
  if (/^[a-zA-Z]$/.test(char)) {
    const upper = char.toUpperCase();
    return {
      key: char,
      code: `Key${upper}`,
      windowsVirtualKeyCode: upper.charCodeAt(0),
      text: char,
      modifiers: char === upper ? SHIFT : 0,
    };
  }
  if (char === '-') return { key: '-', code: 'Minus', windowsVirtualKeyCode: 189, text: '-', modifiers: 0 };
  // Other symbols (a prefix such as ~): the character is what the page reads.
  return { key: char, code: '', windowsVirtualKeyCode: 0, text: char, modifiers: 0 };
}

/**
 * Sends one key's press and release, stamped `pressedAt` (seconds since the epoch: Chromium hands the page
 * that moment as event.timeStamp), without waiting for the page. The benchmark's paced scanner sends its keys
 * through this too (bench/receiving/scanner.ts).
 */
export function pressKey(session: CDPSession, char: string, pressedAt: number): Promise<unknown>[] {
  const { text, ...common } = keyOf(char);
  return [
    session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...common, text, timestamp: pressedAt }),
    session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: pressedAt + 0.001 }),
  ];
}

/**
 * Presses `chars` `gapMs` apart from `firstAt` (ms since the epoch) and sends them without waiting for
 * the page between keys. Returns when the page has had them all; the time stamps say when they were
 * pressed, however long that took.
 */
async function pressAll(session: CDPSession, chars: string[], firstAt: number, gapMs: number): Promise<void> {
  await Promise.all(chars.flatMap((char, i) => pressKey(session, char, (firstAt + i * gapMs) / 1000)));
}

/** The first key's time for `count` keys `gapMs` apart whose last one is pressed now (never in the future). */
const firstKeyEndingNow = (count: number, gapMs: number) => Date.now() - (count - 1) * gapMs;

/** Scans `barcode` into whatever has focus: its characters, then Enter, `gapMs` apart. */
export async function scan(page: Page, barcode: string, options: ScanOptions = {}): Promise<void> {
  const { gapMs = 4, breakAfter, pauseMs = 300, enter = true } = options;
  const session = await sessionOf(page);
  const chars = [...barcode, ...(enter ? ['\n'] : [])];
  if (breakAfter === undefined)
    return pressAll(session, chars, firstKeyEndingNow(chars.length, gapMs), gapMs);
  const head = chars.slice(0, breakAfter);
  const headAt = firstKeyEndingNow(head.length, gapMs);
  await pressAll(session, head, headAt, gapMs);
  // The rest is pressed exactly `pauseMs` after the head's last key, whatever this busy process (it also
  // runs the browser host) took to send the head; it is sent no earlier than that moment.
  const restAt = headAt + (head.length - 1) * gapMs + pauseMs;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, restAt - Date.now())));
  await pressAll(session, chars.slice(breakAfter), restAt, gapMs);
}
