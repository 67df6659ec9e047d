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
}

interface KeyDefinition {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text: string;
  modifiers: number;
}

const SHIFT = 8;

function keyOf(char: string): KeyDefinition {
  if (char === '\n')
    return { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', modifiers: 0 };
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
  // Symbols (a prefix such as ~, a dash in a SKU): the character is what the page reads.
  return { key: char, code: '', windowsVirtualKeyCode: 0, text: char, modifiers: 0 };
}

/**
 * Presses `chars` `gapMs` apart, the last one now (a time stamp in the future would be no scanner's), and
 * sends them without waiting for the page between keys.
 */
async function pressAll(session: CDPSession, chars: string[], gapMs: number): Promise<void> {
  const start = Date.now() - (chars.length - 1) * gapMs;
  const sent: Promise<unknown>[] = [];
  chars.forEach((char, i) => {
    const { key, code, windowsVirtualKeyCode, text, modifiers } = keyOf(char);
    const pressedAt = (start + i * gapMs) / 1000;
    const common = { key, code, windowsVirtualKeyCode, modifiers };
    sent.push(
      session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...common, text, timestamp: pressedAt }),
    );
    sent.push(
      session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: pressedAt + 0.001 }),
    );
  });
  await Promise.all(sent);
}

/** Scans `barcode` into whatever has focus: its characters, then Enter, `gapMs` apart. */
export async function scan(page: Page, barcode: string, options: ScanOptions = {}): Promise<void> {
  const { gapMs = 4, breakAfter, pauseMs = 300 } = options;
  const session = await sessionOf(page);
  const chars = [...barcode, '\n'];
  if (breakAfter === undefined) return pressAll(session, chars, gapMs);
  await pressAll(session, chars.slice(0, breakAfter), gapMs);
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  await pressAll(session, chars.slice(breakAfter), gapMs);
}
