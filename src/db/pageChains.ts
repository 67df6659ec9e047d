/**
 * Pages of one pull pass sent to the store before the page ahead of them has been answered. The engine
 * (electron/core/sync/pull/lists.ts) sends the next page of a pass while the store is still writing the one
 * before it, so the store never waits for a bridge round trip between two pages; each page carries its pass
 * and its number in the pass (`chain`). Here, the pages of one pass are applied one at a time, in order, and
 * a page is applied only right after the page before it in its pass was stored: a page must never move its
 * pass's cursor past rows that a failed page did not store. A page that comes again once stored (its answer
 * was late and the engine sent it again) is answered without being applied. Pages without a chain are
 * applied as they come.
 */
import type { PortRequest, PortResponse } from './storePort';

type Apply = (request: PortRequest<'applyPulledPage'>) => Promise<PortResponse<'applyPulledPage'>>;

/** Passes remembered at most: a pass is forgotten once it is long finished (a new run is a new pass). */
const PASSES_KEPT = 64;

/** The answer to a page of a pass that was already stored: nothing written this time. */
const ALREADY_STORED = { written: 0, unchanged: 0, rebased: 0, deleted: 0 };

export class PageOutOfTurnError extends Error {
  constructor(pass: string, seq: number, stored: number) {
    super(
      stored < 0 && seq > 0
        ? `A page of ${pass} came before the pages ahead of it were stored here`
        : `Page ${seq + 1} of ${pass} was not stored: page ${stored + 2} before it was not`,
    );
    this.name = 'PageOutOfTurnError';
  }
}

export function inPassOrder(apply: Apply): Apply {
  /** Per pass: the last page number stored, and the tail of its queue. */
  const passes = new Map<string, { stored: number; tail: Promise<unknown> }>();
  return (request) => {
    const chain = request.chain;
    if (!chain) return apply(request);
    let pass = passes.get(chain.pass);
    if (!pass) {
      pass = { stored: -1, tail: Promise.resolve() };
      passes.set(chain.pass, pass);
      if (passes.size > PASSES_KEPT) passes.delete(passes.keys().next().value!);
    }
    const entry = pass;
    const result = entry.tail.then(async () => {
      // A page sent again because its answer was late (the engine retries a store call that timed out,
      // electron/core/sync/pull/storeRetry.ts) and already stored: answered, never applied twice, so the
      // pass's cursor does not move back over the pages stored after it.
      if (chain.seq <= entry.stored) return ALREADY_STORED;
      if (chain.seq !== entry.stored + 1) throw new PageOutOfTurnError(chain.pass, chain.seq, entry.stored);
      const answer = await apply(request);
      entry.stored = chain.seq;
      return answer;
    });
    entry.tail = result.catch(() => {});
    return result;
  };
}
