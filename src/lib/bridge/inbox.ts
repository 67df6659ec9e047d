/**
 * The bridge socket's incoming messages, handled in tasks of their own rather than in the socket's message
 * callback (issue #24). During a first sync the host sends a status every few hundred ms and a pulled page
 * as dozens of frames; handling each inside `onmessage` (validating it, and the screen redraw that a new
 * status sets off) made tasks of up to 982 ms at 4× CPU throttle, with clicks queued behind them. Here a
 * message only joins the queue; the queue is worked through after the thread was given back, a few
 * milliseconds at a time, in arrival order. A message that a later one in the queue makes pointless (an
 * older status, when a newer one is waiting) is skipped: it would be drawn and at once replaced.
 */
import { yieldToMain, type YieldNow } from '../../db/yieldingRead';

export interface InboxOptions<M> {
  /** Whether `later`, already queued behind `message`, makes handling `message` pointless. */
  supersedes?: (later: M, message: M) => boolean;
  /** A batch gives the thread back once it has run this long (default 8 ms). */
  budgetMs?: number;
  now?: () => number;
  yieldNow?: YieldNow;
  /**
   * A handler that threw: reported here, and the messages behind it are still handled (in the socket's own
   * callback one bad message cost only itself; here it must not strand the queue until the next arrives).
   */
  onError?: (error: unknown) => void;
}

export interface Inbox<M> {
  push(message: M): void;
  /** Handles everything queued, now (the socket closed: what it delivered is handled before it is failed). */
  drain(): void;
  /** Drops everything queued. */
  clear(): void;
}

export function createInbox<M>(handle: (message: M) => void, options: InboxOptions<M> = {}): Inbox<M> {
  const {
    supersedes = () => false,
    budgetMs = 8,
    now = () => performance.now(),
    yieldNow = yieldToMain,
    onError = (error) => console.error('A message from the host could not be handled', error),
  } = options;
  const queue: M[] = [];
  let scheduled = false;

  const handleFirst = () => {
    const message = queue.shift()!;
    if (queue.some((later) => supersedes(later, message))) return;
    try {
      handle(message);
    } catch (error) {
      onError(error);
    }
  };

  const work = () => {
    scheduled = false;
    const started = now();
    while (queue.length > 0) {
      handleFirst();
      if (queue.length > 0 && now() - started >= budgetMs) return schedule();
    }
  };

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    void yieldNow().then(work);
  }

  return {
    push(message) {
      queue.push(message);
      schedule();
    },
    drain() {
      while (queue.length > 0) handleFirst();
    },
    clear() {
      queue.length = 0;
    },
  };
}
