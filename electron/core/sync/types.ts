/**
 * The sync engine's public types: its options, the connectivity signal it is given, its log lines and the
 * status it streams to the UI.
 */
import type { OpKind } from '../../../src/db/ops';
import type { StorePort } from '../../../src/db/storePort';
import type { ApiClient } from '../api/types';
import type { OpKindSpec } from './opKind';
import type { PacingClock } from './rateLimiter';
import type { StoreRetryOptions, StoreTroubleView } from './storeTrouble';

/** The platform's idea of connectivity (navigator.onLine, Electron's net.isOnline): a hint, never proof. */
export interface OnlineSignal {
  isOnline(): boolean;
  /** Called with the new value on every change; returns an unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface SyncLogEntry {
  event: string;
  opId?: string;
  kind?: string;
  resource?: string;
  detail?: string;
}

export interface SyncLogger {
  info(entry: SyncLogEntry): void;
  warn(entry: SyncLogEntry): void;
  error(entry: SyncLogEntry): void;
}

export const SILENT_LOGGER: SyncLogger = { info: () => {}, warn: () => {}, error: () => {} };

export type SpecTable = Readonly<Record<OpKind, OpKindSpec>>;

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export interface PullOptions {
  /**
   * Resource names (see pull/resources.ts, and `productSuppliers`) to pull; all by default. A family name
   * selects its members (`purchaseOrders`: the open-order passes too).
   */
  resources?: readonly string[];
  /**
   * This PC's receiving outlet, read at the start of each run: its open orders are pulled first during the
   * first sync (pull/resources.ts `openPurchaseOrdersHere`). Unknown (null, or no callback): no head start.
   */
  priorityOutlet?: () => Promise<number | null> | number | null;
  /** Products whose supplier links are read per run (pull/productSuppliers.ts); default 50. */
  productSuppliersBatch?: number;
  pageSize?: number;
  overlapMs?: number;
  /** Between delta pulls while online. */
  intervalMs?: number;
  /** By-id resources (suppliers, outlets…) are re-read when older than this. */
  refreshTtlMs?: number;
  /** false: skip the by-id resources (discovery and refresh). */
  byId?: boolean;
  /** Waits before a store call that was not answered in time is sent again (pull/storeRetry.ts). */
  storeRetry?: { baseMs: number; capMs: number };
}

export interface SyncEngineOptions {
  store: StorePort;
  client: ApiClient;
  specs?: SpecTable;
  now?: () => Date;
  random?: () => number;
  /** Defaults to "always online": the probe and request failures still detect an outage. */
  online?: OnlineSignal;
  /** Is the API reachable? Defaults to a token request (any HTTP answer counts as reachable). */
  probe?: () => Promise<boolean>;
  /** Backoff between probes while unreachable (default 250 ms doubling to 2 s, full jitter). */
  probeBackoff?: BackoffOptions;
  /** Aggregates replayed at once. */
  concurrency?: number;
  /**
   * A ceiling on the engine's requests a minute. None by default: the pacing adapts to the server's 429s
   * (rateLimiter.ts). `burst` is accepted for older callers and ignored.
   */
  rateLimit?: { requestsPerMinute: number; burst?: number };
  /** Where the pacing and the connectivity probe's waits are timed (tests drive it; default real time). */
  clock?: PacingClock;
  backoff?: BackoffOptions;
  /** Waits after a failed store call, and how many in a row stop the engine (storeTrouble.ts STORE_RETRY). */
  storeRetry?: Partial<StoreRetryOptions>;
  /** Online, ops pending, no progress for this long → the status says the engine looks stuck. */
  watchdogMs?: number;
  logger?: SyncLogger;
  /** Done and discarded ops older than this are deleted at start and hourly (default 7 days). */
  pruneAfterMs?: number;
  /**
   * Temp-id entries resolved longer ago than this, and named by no live op or row, are deleted at start and
   * hourly (default 1 day): until then an edit made on a screen still showing the temp id is queued with
   * the server id.
   */
  tempIdRetentionMs?: number;
  /** false: push only. */
  pull?: PullOptions | false;
}

export interface OpCountsView {
  pending: number;
  sending: number;
  failed: number;
  blocked: number;
  conflicted: number;
  uncertain: number;
}

export type PullTier = 'dock' | 'background';

/** Why a pull cannot move on for now (pull/storeRetry.ts, pull/progress.ts). */
export interface PullStall {
  /**
   * store-slow: this PC's store did not answer in time; the call is sent again at `retryAt`.
   * failed: a pass failed (its error is in the log); the next run, at `retryAt`, starts it again.
   */
  reason: 'store-slow' | 'failed';
  /** When it is tried again (ISO, engine clock); Retry (sync.now) tries at once. */
  retryAt?: string;
}

export interface PullProgress {
  done: number;
  total: number;
  finished: boolean;
  /** Estimated time left for the initial sync of this resource. */
  etaMs?: number;
  tier?: PullTier;
  stalled?: PullStall;
}

/** The pull as a whole, for the status bar: which tier runs, whether the dock can work, overall progress. */
export interface PullSummary {
  /** The tier being pulled now; idle between runs. */
  tier: PullTier | 'idle';
  /** Every dock-tier resource has finished its initial pass: open orders, their lines and products are in. */
  dockReady: boolean;
  /** Some resource has not finished its initial pass (the first sync is still under way). */
  firstSync: boolean;
  /** Rows of the initial passes still under way (done of total, totals from the API's total_records). */
  done: number;
  total: number;
  /** From the smoothed rate of rows stored, on the engine's clock (pull/rate.ts); absent while stalled. */
  etaMs?: number;
  /** The pull cannot move on for now: why, when it tries again, and which resources wait (none: the run). */
  stalled?: PullStall & { resources: string[] };
  /**
   * When a pull last completed every resource (ISO, engine clock). After a restart with a complete cache,
   * the oldest completion among its cursors; absent while the first sync is unfinished.
   */
  lastSyncAt?: string;
}

export interface SyncStatus {
  running: boolean;
  online: boolean;
  authenticated: boolean;
  /** Why the engine is not sending, in words ("offline", "credentials rejected: …"). */
  pausedReason?: string;
  counts: OpCountsView;
  activity: 'idle' | 'pushing' | 'pulling' | 'offline' | 'paused' | 'stopped';
  /** Last completed pull per resource (ISO, engine clock). */
  lastPull: Record<string, string>;
  pullProgress: Record<string, PullProgress>;
  pull: PullSummary;
  watchdog: { stuck: boolean; reason?: string };
  /** This PC's store is failing: the engine waits and retries, or has stopped (storeTrouble.ts). */
  storeTrouble?: StoreTroubleView;
}
