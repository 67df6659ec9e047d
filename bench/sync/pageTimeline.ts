/**
 * Where a first sync's pages spend their time (issue #24): every keyset pass's page events
 * (electron/core/sync/pull/pageTrace.ts), stamped here with this process's clock, since the bench runs the
 * browser host in its own process. Per resource: how long a page took to arrive (asked → answered: the
 * simulator's work, the transfer, the host's parse and contract check), to be built (answered → sent: rows,
 * plus any wait for the page before it), to be stored (sent → stored: the bridge, the window, the pull
 * worker's writes), and, between two pages sent, whether the pass waited for the server (the next page had
 * not arrived when the store was free) or for the store (it had, and waited for the page ahead to be stored).
 */
import { performance } from 'node:perf_hooks';
import { listenToPages, type PageEvent } from '../../electron/core/sync/pull/pageTrace';

interface Stamped extends PageEvent {
  at: number;
}

export interface PassTimeline {
  resource: string;
  pages: number;
  rows: number;
  /** First request → last page stored. */
  spanMs: number;
  /** Medians over the pages sent. */
  arriveMs: number;
  buildMs: number;
  storeMs: number;
  /** Between two pages sent: time waited for the next page to arrive / for the store to take it. */
  waitedForServerMs: number;
  waitedForStoreMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** Starts recording; `stop` ends it and returns each resource's timeline. */
export function recordPages(): { stop(): PassTimeline[] } {
  const events: Stamped[] = [];
  const unlisten = listenToPages((event) => events.push({ ...event, at: performance.now() }));
  return {
    stop() {
      unlisten();
      const resources = [...new Set(events.map((event) => event.resource))];
      return resources.map((resource) =>
        timeline(
          resource,
          events.filter((event) => event.resource === resource),
        ),
      );
    },
  };
}

function timeline(resource: string, events: Stamped[]): PassTimeline {
  const at = (page: number, step: PageEvent['step']) =>
    events.find((event) => event.page === page && event.step === step);
  const sent = events.filter((event) => event.step === 'sent').sort((a, b) => a.at - b.at);
  const arrive: number[] = [];
  const build: number[] = [];
  const store: number[] = [];
  let waitedForServerMs = 0;
  let waitedForStoreMs = 0;
  // When the pages one and two ahead of this one were stored.
  const storedAhead: (number | undefined)[] = [undefined, undefined];
  for (const page of sent) {
    const asked = at(page.page, 'asked');
    const answered = at(page.page, 'answered');
    const stored = at(page.page, 'stored');
    if (asked && answered) arrive.push(answered.at - asked.at);
    if (answered) build.push(page.at - answered.at);
    if (stored) store.push(stored.at - page.at);
    // The pass sends page k once it has arrived and the page before the one ahead of it is stored.
    const free = storedAhead[0];
    if (answered && free !== undefined) {
      if (answered.at > free) waitedForServerMs += answered.at - free;
      else waitedForStoreMs += free - answered.at;
    }
    storedAhead.shift();
    storedAhead.push(stored?.at);
  }
  const first = Math.min(...events.map((event) => event.at));
  const last = Math.max(...events.map((event) => event.at));
  return {
    resource,
    pages: sent.length,
    rows: events.reduce((sum, event) => sum + (event.step === 'answered' ? (event.rows ?? 0) : 0), 0),
    spanMs: Math.round(last - first),
    arriveMs: Math.round(median(arrive)),
    buildMs: Math.round(median(build)),
    storeMs: Math.round(median(store)),
    waitedForServerMs: Math.round(waitedForServerMs),
    waitedForStoreMs: Math.round(waitedForStoreMs),
  };
}
