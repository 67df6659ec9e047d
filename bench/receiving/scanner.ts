/**
 * A scanner burst paced like the hardware, for measuring latency from the Enter key. The specs' scanner
 * (e2e/support/scanner.ts) sends a whole burst at once with back-dated time stamps: right for testing how
 * scans are told from typing, but the page then handles every key of the code just before the Enter, and a
 * latency measured from the Enter's time stamp would count that queue and the transit of the whole burst.
 * Here each key leaves at its own time, `gapMs` after the last, stamped with that time, as a scanner types;
 * nothing waits for the page between keys (a scanner does not). If this process falls behind, keys keep the
 * times they were due, so the page still sees a scan's gaps, never this process's stall. The keys are the
 * specs' (e2e/support/scanner.ts `pressKey`).
 */
import { performance } from 'node:perf_hooks';
import type { CDPSession } from '@playwright/test';
import { pressKey } from '../../e2e/support/scanner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Scans `code` then Enter, `gapMs` apart, into whatever has focus. */
export async function scanPaced(session: CDPSession, code: string, gapMs = 4): Promise<void> {
  const chars = [...code, '\n'];
  const start = performance.now();
  const sent: Promise<unknown>[] = [];
  for (const [i, char] of chars.entries()) {
    const due = start + i * gapMs;
    await sleep(due - performance.now());
    // CDP takes seconds since the epoch.
    sent.push(...pressKey(session, char, (performance.timeOrigin + due) / 1000));
  }
  await Promise.all(sent);
}
