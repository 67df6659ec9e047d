/**
 * The sync engine (docs/architecture.md, "Sync state machine"): replays the outbox through the store port,
 * exactly once, and keeps the cache fresh by pulling.
 *
 * Push scheduling ("pump"): the head (lowest seq) of every aggregate's live ops is the only op of that
 * aggregate that may run, so each aggregate is FIFO; heads run concurrently, at most `concurrency` at a time,
 * and every request (sends, lookups, reads, pulls) waits for the shared rate limiter. The pump runs on start,
 * after every op, on syncNow, when connectivity returns and when the earliest backoff expires.
 *
 * The heads come from an indexed read that stops once the free slots are filled (store port `nextOps`), and
 * a completion's answer carries the heads to run next (`completeOp` with `next`). Both may claim the heads
 * they list (mark them sending in the same transaction) when the engine holds a pool slot and a pacing turn
 * for each (`tryAcquire`), so the claimed requests leave as soon as the answer is in: in steady replay an op
 * costs one store round trip (its completion, which also claims the next op), whatever the queue length.
 * Heads that need a read first (an uncertain op, an update merged against the server) are marked on their
 * own, after the read and the pacing wait, as before.
 *
 * A store call that fails (an op's write, a pump's read) is never retried at once: the engine waits, longer
 * after each failure in a row, picks nothing meanwhile, and stops after too many (storeTrouble.ts).
 */
import type { OpRecord } from '../../../src/db/ops';
import type { PortRequest, PortResponse, StorePort } from '../../../src/db/storePort';
import { ApiCallError } from '../api/errors';
import { DEFAULT_BACKOFF } from './backoff';
import { ALWAYS_ONLINE, createConnectivity, tokenProbe, type Connectivity } from './connectivity';
import { OP_SPECS } from './ops';
import { pacedClient } from './pacedClient';
import { createPuller, PULL_DEFAULTS, type Puller } from './pull/puller';
import { pushOp, type PushContext } from './push';
import { createRateLimiter, REAL_CLOCK } from './rateLimiter';
import { countsRefresher, createStatusHub, notifying } from './status';
import { createStoreRetryGate, STORE_RETRY } from './storeTrouble';
import { SILENT_LOGGER, type SyncEngineOptions, type SyncStatus } from './types';

/** The shortest wake-up, so a frozen test clock or a past nextAttemptAt never spins the pump. */
const MIN_WAKE_MS = 50;
/** Timers cannot wait longer than 2^31−1 ms; a far backoff is simply re-checked now and then. */
const MAX_WAKE_MS = 10 * 60_000;
/**
 * The op counts are re-read after a transition, but not more often than this while ops move: a count reads
 * the state index (its cost grows with the queue), and one per transition made replay quadratic. At rest
 * (nothing in flight) they are read at once, so an idle engine's counts are exact.
 */
const COUNTS_GAP_MS = 250;
/** Pruning finished ops and resolved temp ids: at start, then this often while running. */
const HOUSEKEEPING_MS = 60 * 60_000;

export interface SyncEngine {
  start(): Promise<void>;
  /** Aborts requests in flight (they become uncertain or are given back) and waits for them to settle. */
  stop(): Promise<void>;
  /** Push and pull now; also retries after "credentials rejected" and re-checks the watchdog. */
  syncNow(): Promise<void>;
  /** Resolves when nothing is in flight and no op can be sent before its backoff (or at all). */
  idle(): Promise<void>;
  /**
   * Takes no new op or pull from now on (until the next start), then resolves as idle() does: a quit or an
   * update's install waits for the requests in flight without a new one starting in between.
   */
  drain(): Promise<void>;
  readonly status: { get(): SyncStatus; subscribe(listener: (status: SyncStatus) => void): () => void };
  readonly actions: {
    retryNow(id: string): Promise<PortResponse<'retryNow'>>;
    editAndRetry(request: PortRequest<'editAndRetry'>): Promise<PortResponse<'editAndRetry'>>;
    discardPreview(id: string): Promise<PortResponse<'discardPreview'>>;
    discard(id: string): Promise<PortResponse<'discard'>>;
    resolveConflict(id: string, values: Record<string, unknown>): Promise<PortResponse<'resolveConflict'>>;
  };
}

/** `method`, then `after` once it has answered. */
function counted<R, A>(method: (request: R) => Promise<A>, after: () => void) {
  return async (request: R): Promise<A> => {
    const answer = await method(request);
    after();
    return answer;
  };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { store } = options;
  const specs = options.specs ?? OP_SPECS;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const logger = options.logger ?? SILENT_LOGGER;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const watchdogMs = options.watchdogMs ?? 120_000;
  const pruneAfterMs = options.pruneAfterMs ?? 7 * 24 * 60 * 60_000;
  const tempIdRetentionMs = options.tempIdRetentionMs ?? 24 * 60 * 60_000;
  // One limiter per engine session, shared by pull and push: unpaced until the server's 429s set a pace.
  const limiter = createRateLimiter({
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimit ? { maxRequestsPerMinute: options.rateLimit.requestsPerMinute } : {}),
  });
  const status = createStatusHub({ now, watchdogMs });

  /** Every request of the engine waits its turn at the limiter; a send takes its turn before the write-ahead. */
  const client = pacedClient(options.client, limiter, { acquire: true });
  const sendClient = pacedClient(options.client, limiter, { acquire: false });

  let running = false;
  let authRejected: string | undefined;
  let abort = new AbortController();
  let connectivity: Connectivity | undefined;
  let puller: Puller | undefined;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  let pullTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdogTimer: ReturnType<typeof setInterval> | undefined;
  let housekeepingTimer: ReturnType<typeof setInterval> | undefined;
  let pulling: Promise<void> | undefined;
  /** Asked for while a run was under way (syncNow): run once more as soon as it ends. */
  let pullAgain = false;
  const inFlight = new Map<string, string>(); // aggregate → op id
  const tasks = new Set<Promise<void>>();
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  /** The heads the last completion's answer listed: the next pump starts them without reading again. */
  let prefetched: { heads: NonNullable<PortResponse<'completeOp'>['next']>; limit: number } | undefined;
  let idleWaiters: (() => void)[] = [];
  let runnableSoon = false;
  /** A pump pass read the heads from the store (an answer, so a store success when nothing else runs). */
  let storeAnswered = false;

  const storeRetry = createStoreRetryGate({
    retry: { ...STORE_RETRY, ...options.storeRetry },
    random,
    clock: options.clock ?? REAL_CLOCK,
    now,
    logger,
    show: (trouble) => status.setStoreTrouble(trouble),
    onRetry: () => void pump(),
    onStop: () => void stopEngine(),
  });

  const reachable = () => connectivity?.reachable ?? false;
  /** drain() was called: ops in flight finish, nothing new starts (reset by start). */
  let draining = false;
  const canSend = () => running && !draining && !authRejected && reachable();

  function activity(): SyncStatus['activity'] {
    if (!running) return 'stopped';
    if (authRejected) return 'paused';
    if (!reachable()) return 'offline';
    if (inFlight.size) return 'pushing';
    return pulling ? 'pulling' : 'idle';
  }

  function publish() {
    const pausedReason = authRejected ?? (running && !reachable() ? 'offline' : undefined);
    status.update({
      running,
      online: reachable(),
      authenticated: !authRejected,
      activity: activity(),
      ...(pausedReason ? { pausedReason } : { pausedReason: undefined }),
    });
  }

  const readCounts = countsRefresher(
    async () => (await store.countByState({})).counts,
    (counts) => status.setCounts(counts),
  );
  async function refreshCounts() {
    try {
      await readCounts();
    } catch (error) {
      logger.warn({ event: 'counts-failed', detail: String(error) });
    }
  }
  let countsReadAt = -Infinity;
  let countsTimer: ReturnType<typeof setTimeout> | undefined;
  /** The counts soon: now if the last read is older than the gap, else once the gap has passed. */
  function countsSoon() {
    if (countsTimer) return;
    const wait = countsReadAt + COUNTS_GAP_MS - performance.now();
    if (wait <= 0) {
      countsReadAt = performance.now();
      void refreshCounts();
      return;
    }
    countsTimer = setTimeout(() => {
      countsTimer = undefined;
      countsReadAt = performance.now();
      void refreshCounts();
    }, wait);
  }
  /**
   * Pushes go through this: the counts follow every transition. An op starting and finishing (the replay's
   * own, many a second) are counted at most every COUNTS_GAP_MS; the rare ones (failed, conflicted,
   * uncertain, requeued: what the user must see, however briefly) at once.
   */
  const pushStore: StorePort = {
    ...notifying(store, () => void refreshCounts()),
    markSending: counted(store.markSending, countsSoon),
    completeOp: counted(store.completeOp, countsSoon),
  };

  async function housekeeping() {
    const at = now().getTime();
    try {
      await store.prune({
        before: new Date(at - pruneAfterMs).toISOString(),
        tempIdsResolvedBefore: new Date(at - tempIdRetentionMs).toISOString(),
      });
    } catch (error) {
      logger.warn({ event: 'housekeeping-failed', detail: String(error) });
    }
  }

  function onAuthRejected(message: string) {
    if (authRejected) return;
    authRejected = message;
    logger.warn({ event: 'auth-paused', detail: message });
    publish();
  }

  const pushContext = (): PushContext => ({
    store: pushStore,
    client,
    sendClient,
    specFor: (kind) => specs[kind],
    now,
    random,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    signal: abort.signal,
    connectivity: connectivity!,
    limiter,
    logger,
    onAuthRejected,
    onError: (message) => status.noteError(message),
    completeOp: (op, request) =>
      serially(async () => {
        // The op's own slot is free once it is done, and its aggregate's next op may be its head then.
        const free = concurrency - inFlight.size + (inFlight.get(op.aggregate) === op.id ? 1 : 0);
        const exclude = [...inFlight.keys()].filter((aggregate) => aggregate !== op.aggregate);
        const tokens = canSend() ? limiter.tryAcquire(free) : 0;
        const at = now().toISOString();
        const answer = await pushStore.completeOp({
          ...request,
          next: { limit: free, exclude, now: at, ...(tokens ? { claim: { max: tokens, at } } : {}) },
        });
        if (answer.next) {
          if (inFlight.get(op.aggregate) === op.id) inFlight.delete(op.aggregate);
          startClaimed(answer.next, tokens);
          prefetched = { heads: answer.next, limit: free };
        } else if (tokens) {
          limiter.refund(tokens);
        }
        return answer;
      }),
  });

  /**
   * Store requests that pick ops to run (a pump's read of the heads, a completion's answer) run one at a
   * time, each formed (free slots, aggregates in flight, pacing turns) after the last one's picks are in
   * flight: no op is claimed or marked twice, and a head found `sending` by a pump is truly orphaned.
   */
  let picking: Promise<unknown> = Promise.resolve();
  function serially<T>(pick: () => Promise<T>): Promise<T> {
    const turn = picking.then(pick);
    picking = turn.catch(() => undefined);
    return turn;
  }

  /** Starts the heads a store request claimed (already sending, turns taken); gives back unused turns. */
  function startClaimed(heads: PortResponse<'nextOps'>, tokens: number): Set<string> {
    const claimed = new Set(heads.claimed ?? []);
    if (tokens > claimed.size) limiter.refund(tokens - claimed.size);
    for (const op of heads.ops) if (claimed.has(op.id)) run(op, true);
    return claimed;
  }

  function run(op: OpRecord, claimed = false) {
    inFlight.set(op.aggregate, op.id);
    publish();
    let crashed = false;
    const task = pushOp(pushContext(), op, claimed)
      .then((outcome) => {
        if (outcome === 'done' || outcome === 'failed' || outcome === 'conflicted') status.progressed();
        logger.info({ event: `op-${outcome}`, opId: op.id, kind: op.kind });
        // Only an op that finished proves the store takes writes: a requeue or an uncertain mark between two
        // failed completions would otherwise reset the count on every turn, and the backoff never grow.
        if (outcome === 'done' || outcome === 'failed' || outcome === 'conflicted') storeRetry.succeeded();
      })
      .catch((error: unknown) => {
        // A store failure mid-op: the op keeps its durable state (sending → reconciled on the next pump),
        // which is tried again after the gate's wait, not at once (that was a hot loop of op-crashed lines).
        crashed = true;
        storeRetry.failed('op-crashed', error, { opId: op.id, kind: op.kind });
      })
      .finally(() => {
        // A completion that started the aggregate's next op has already handed the slot on.
        if (inFlight.get(op.aggregate) === op.id) inFlight.delete(op.aggregate);
        tasks.delete(task);
        if (crashed) {
          // Nothing runs before the gate's wait ends (its end pumps): the engine is idle until then.
          runnableSoon = false;
          publish();
          settleIdle();
        } else void pump(true);
      });
    tasks.add(task);
  }

  /**
   * The heads to try now: the last completion's, unless they cannot fill the free slots; else read them,
   * claiming as many as there are pacing turns free now (started here, before anything else is picked).
   */
  async function headsNow(): Promise<{ heads: PortResponse<'nextOps'>; fresh: boolean }> {
    const free = concurrency - inFlight.size;
    const given = prefetched;
    prefetched = undefined;
    if (given) {
      const usable = given.heads.ops.filter((op) => !inFlight.has(op.aggregate));
      // Fewer than asked for means there were no more then; only a full list may have left some out.
      if (usable.length >= free || given.heads.ops.length < given.limit)
        return { heads: given.heads, fresh: false };
    }
    const tokens = limiter.tryAcquire(free);
    const at = now().toISOString();
    let heads: PortResponse<'nextOps'>;
    try {
      heads = await store.nextOps({
        limit: free,
        exclude: [...inFlight.keys()],
        now: at,
        ...(tokens ? { claim: { max: tokens, at } } : {}),
      });
    } catch (error) {
      limiter.refund(tokens);
      throw error;
    }
    startClaimed(heads, tokens);
    return { heads, fresh: true };
  }

  function pumpOnce(): Promise<void> {
    return serially(pickHeads);
  }

  async function pickHeads(): Promise<void> {
    if (!canSend()) return;
    if (storeRetry.waiting) {
      // Waiting out a store failure: nothing is picked until the wait ends (its end pumps).
      runnableSoon = false;
      return;
    }
    if (inFlight.size >= concurrency) {
      runnableSoon = true;
      return;
    }
    const { heads: next, fresh } = await headsNow();
    storeAnswered ||= fresh;
    const busy = new Set(inFlight.values());
    const nowMs = now().getTime();
    let wakeAt = next.wakeAt ? Date.parse(next.wakeAt) : Infinity;
    runnableSoon = false;
    for (const head of next.ops) {
      if (!canSend() || inFlight.size >= concurrency) {
        runnableSoon = true;
        break;
      }
      if (inFlight.has(head.aggregate) || busy.has(head.id)) continue;
      if (head.state === 'sending' && !fresh) {
        // A completion's list is older than this pass: the op it claimed may have finished since. Only a
        // fresh read can tell an orphan.
        pumpAgain = true;
        continue;
      }
      if (head.state === 'sending') {
        // Sending in the store but not in flight here: a crash or a lost store answer. Never resend blindly.
        await store.markUncertain({ id: head.id, reason: 'Found sending with no request in flight' });
        pumpAgain = true;
        continue;
      }
      if (head.state !== 'queued' && head.state !== 'uncertain') continue;
      const at = head.nextAttemptAt ? Date.parse(head.nextAttemptAt) : 0;
      if (at > nowMs) {
        wakeAt = Math.min(wakeAt, at);
        continue;
      }
      run(head);
    }
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = undefined;
    if (Number.isFinite(wakeAt) && running) {
      wakeTimer = setTimeout(() => void pump(), Math.min(MAX_WAKE_MS, Math.max(MIN_WAKE_MS, wakeAt - nowMs)));
    }
  }

  /**
   * `afterOp`: called as an op finishes, whose completion may have listed the next heads; any other caller
   * (start, a user action, a timer, connectivity) reads afresh, since the store may have changed since.
   */
  function pump(afterOp = false): Promise<void> {
    if (!afterOp) prefetched = undefined;
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      storeAnswered = false;
      try {
        do {
          pumpAgain = false;
          await pumpOnce();
        } while (pumpAgain && running);
        // The store answered and nothing is left to write: the trouble is over. Ops in flight decide for
        // themselves (a store that reads but cannot write fails them, and reading must not hide that).
        if (storeAnswered && inFlight.size === 0) storeRetry.succeeded();
      } catch (error) {
        pumpAgain = false;
        storeRetry.failed('pump-failed', error);
      }
      // Still "pumping" while the counts are read, so a task finishing now asks for another pass instead of
      // starting a second pump whose older counts could land last. At rest they are read at once.
      if (inFlight.size === 0) await refreshCounts();
      else countsSoon();
      publish();
    })().finally(() => {
      pumping = undefined;
      if (pumpAgain && running) void pump(true);
      else settleIdle();
    });
    return pumping;
  }

  function settleIdle() {
    if (inFlight.size || pumping || (runnableSoon && !draining)) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * `again`: when a run is under way, another follows it at once. A record asked for by id after the run
   * read the requests (its last step) would otherwise wait for the next interval, a minute.
   */
  function pullNow(again = false): Promise<void> {
    if (!puller || !canSend()) return Promise.resolve();
    if (pulling) {
      if (!again) return pulling;
      pullAgain = true;
      return pulling.then(() => pulling);
    }
    pullAgain = false;
    pulling = (async () => {
      try {
        await puller!.run(abort.signal);
      } catch (error) {
        // A run that could not go on (the store stopped answering) is tried again at the next interval.
        logger.error({ event: 'pull-run-failed', detail: String(error) });
      } finally {
        pulling = undefined;
        publish();
        if (pullAgain && running) void pullNow();
        else schedulePull();
      }
    })();
    // After the assignment: the status must say "pulling" while the pull runs.
    publish();
    return pulling;
  }

  function schedulePull() {
    if (pullTimer) clearTimeout(pullTimer);
    pullTimer = undefined;
    if (!running || options.pull === false) return;
    const interval = options.pull?.intervalMs ?? PULL_DEFAULTS.intervalMs;
    pullTimer = setTimeout(() => void pullNow(), interval);
  }

  async function stopEngine() {
    if (!running) return;
    running = false;
    abort.abort(new Error('The sync engine stopped'));
    storeRetry.cancel();
    for (const timer of [wakeTimer, pullTimer, countsTimer]) if (timer) clearTimeout(timer);
    countsTimer = undefined;
    for (const timer of [watchdogTimer, housekeepingTimer]) if (timer) clearInterval(timer);
    connectivity?.stop();
    await Promise.allSettled([...tasks, pulling, pumping]);
    await refreshCounts();
    publish();
    settleIdle();
  }

  const engine: SyncEngine = {
    async start() {
      if (running) return;
      // A start after a stop for store failures (Sync now, or the host): one more failure stops it again.
      if (storeRetry.stopped) storeRetry.restarted();
      running = true;
      draining = false;
      abort = new AbortController();
      try {
        // An op found sending was (maybe) sent before a crash: it is looked up before anything is resent.
        const { ops } = await store.listOps({ states: ['sending'] });
        for (const op of ops) {
          await store.markUncertain({ id: op.id, reason: 'The app stopped while this was being sent' });
        }
        await store.refreshBlocking({});
      } catch (error) {
        // Not started: nothing runs yet, and the status must not say it does.
        running = false;
        throw error;
      }
      connectivity = createConnectivity({
        signal: options.online ?? ALWAYS_ONLINE,
        probe: options.probe ?? tokenProbe(options.client),
        random,
        ...(options.probeBackoff ? { probeBackoff: options.probeBackoff } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        onChange: (online) => {
          logger.info({ event: online ? 'online' : 'offline' });
          publish();
          if (online) {
            void pump();
            void pullNow();
          }
        },
      });
      if (options.pull !== false) {
        puller = createPuller({
          store,
          client,
          now,
          logger,
          options: options.pull ?? {},
          onProgress: (resource, progress, finishedAt) => status.setPull(resource, progress, finishedAt),
          onSummary: (summary) => status.setPullSummary(summary),
          onFatal: (error: ApiCallError) => {
            if (error.kind === 'auth') onAuthRejected(error.message);
            else connectivity?.lost();
          },
        });
      }
      watchdogTimer = setInterval(() => status.checkWatchdog(), Math.min(5_000, watchdogMs / 4));
      status.progressed();
      // The pull starts before the rest of the start (pruning, the counts, the first pump), which it does not
      // depend on: its first requests leave while those are read and written, not after them (~0.4 s of the
      // small demo's first sync, bench/sync). A run says what the cursors say as it begins, so only a start
      // that cannot pull (offline) describes them.
      void pullNow();
      await housekeeping();
      housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
      await refreshCounts();
      if (!pulling) await puller?.describe();
      publish();
      await pump();
    },

    stop: stopEngine,

    async syncNow() {
      if (!running && storeRetry.stopped) {
        // Stopped after repeated store failures: Sync now is the user's "try again" (the message says so).
        try {
          await engine.start();
        } catch (error) {
          storeRetry.failed('restart-failed', error);
        }
        return;
      }
      // Waiting out a store failure: the user asks to try now (the failures still count).
      storeRetry.wake();
      // The pull's store calls waiting to be sent again go now too (pull/storeRetry.ts, the panel's Retry).
      puller?.retryNow();
      authRejected = undefined;
      if (running && !reachable()) await connectivity?.check();
      status.checkWatchdog();
      publish();
      await pump();
      await pullNow(true);
    },

    idle() {
      if (!inFlight.size && !pumping && !(runnableSoon && !draining)) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    drain() {
      draining = true;
      return engine.idle();
    },

    status: { get: () => status.get(), subscribe: (listener) => status.subscribe(listener) },

    actions: {
      retryNow: (id) => after(store.retryNow({ id })),
      editAndRetry: (request) => after(store.editAndRetry(request)),
      discardPreview: (id) => store.discardPreview({ id }),
      discard: (id) => after(store.discard({ id })),
      resolveConflict: (id, values) => after(store.resolveConflict({ id, values })),
    },
  };
  return engine;

  /** A user action may make something runnable: pump once it is stored. */
  async function after<T>(action: Promise<T>): Promise<T> {
    const result = await action;
    void pump();
    return result;
  }
}
