/**
 * A scanner burst paced like the hardware, for measuring latency from the Enter key. The specs' scanner
 * (e2e/support/scanner.ts) sends a whole burst at once with back-dated time stamps: right for testing how
 * scans are told from typing, but the page then handles every key of the code just before the Enter, and a
 * latency measured from the Enter's time stamp would count that queue and the transit of the whole burst.
 * Here each key leaves at its own time, `gapMs` after the last, stamped with that time, as a scanner types;
 * nothing waits for the page between keys (a scanner does not). If this process falls behind, keys keep the
 * times they were due, so the page still sees a scan's gaps, never this process's stall.
 */
import { performance } from 'node:perf_hooks';
import type { CDPSession } from '@playwright/test';

const SHIFT = 8;

function keyOf(char: string) {
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
  if (/^[A-Z]$/.test(char))
    return {
      key: char,
      code: `Key${char}`,
      windowsVirtualKeyCode: char.charCodeAt(0),
      text: char,
      modifiers: SHIFT,
    };
  if (char === '-') return { key: '-', code: 'Minus', windowsVirtualKeyCode: 189, text: '-', modifiers: 0 };
  throw new Error(`the bench scanner has no key for "${char}"`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Scans `code` then Enter, `gapMs` apart, into whatever has focus. */
export async function scanPaced(session: CDPSession, code: string, gapMs = 4): Promise<void> {
  const chars = [...code, '\n'];
  const start = performance.now();
  const sent: Promise<unknown>[] = [];
  for (const [i, char] of chars.entries()) {
    const due = start + i * gapMs;
    await sleep(due - performance.now());
    const { text, ...key } = keyOf(char);
    // CDP takes seconds since the epoch; Chromium hands the page this moment as event.timeStamp.
    const pressedAt = (performance.timeOrigin + due) / 1000;
    sent.push(
      session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text, timestamp: pressedAt }),
    );
    sent.push(
      session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: pressedAt + 0.001 }),
    );
  }
  await Promise.all(sent);
}
