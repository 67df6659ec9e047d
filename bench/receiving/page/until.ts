/** Waiting in a harness page (./screen.ts, ../../sync/page/newOrder.ts) for what the screen draws. */

/**
 * Resolves once `condition` holds, checking every `pollMs` (0: as soon as the page is free, for untimed
 * filling where each wait adds up); throws "`what` after N ms" past `timeoutMs`.
 */
export async function until(
  condition: () => boolean,
  timeoutMs: number,
  what: string,
  pollMs = 10,
): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error(`${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
