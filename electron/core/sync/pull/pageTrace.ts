/**
 * Where a keyset pass's pages are, step by step, for the benchmarks that ask where a first sync's time goes
 * (bench/sync/pageTimeline.ts, issue #24): asked (the request left), answered (the page arrived, parsed and
 * checked against the contract), sent (its rows built, handed to the store) and stored (the store answered).
 * The pull itself never reads the clock for this: a listener that wants times stamps the events it is told.
 * One listener per process at most (a benchmark running the browser host in its own process); without one,
 * telling costs a null check.
 */

export type PageStep = 'asked' | 'answered' | 'sent' | 'stored';

export interface PageEvent {
  /** The resource's name (`openPurchaseOrders`, …). */
  resource: string;
  /** The page's number in its pass, from 0, in the order it was asked for. */
  page: number;
  step: PageStep;
  /** Rows the page brought (answered) or the writes' rows sent to the store (sent). */
  rows?: number;
}

let listener: ((event: PageEvent) => void) | null = null;

/** Tells `listen` every page event from now on, until the returned function is called. */
export function listenToPages(listen: (event: PageEvent) => void): () => void {
  listener = listen;
  return () => {
    if (listener === listen) listener = null;
  };
}

export function tellPage(event: PageEvent): void {
  try {
    listener?.(event);
  } catch {
    // A benchmark's listener that fails must not fail a pass.
  }
}
