/**
 * The pull's per-record requests (by-id records, a page's credit note items, a batch of product supplier
 * links) a few at a time instead of one after another: each was a round trip of its own, so a first sync of
 * the small demo spent a second and a half on ~150 requests of a few hundred bytes. Every request still
 * takes its turn at the engine's rate limiter (./../pacedClient.ts), so the server's pace is kept.
 */

/** Requests of one pull step in flight at once: the engine's pool for sends (electron/core/sync/engine.ts). */
export const PULL_REQUESTS_IN_FLIGHT = 4;

/**
 * `work` for every item, at most `limit` at a time, answers in the items' order. The first failure stops
 * further starts and is thrown once the ones in flight have settled (none is left running unobserved).
 */
export async function inPool<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  limit = PULL_REQUESTS_IN_FLIGHT,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker() {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await work(items[i]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}
