/**
 * One chaos run (issue: `npm run chaos`). The parent holds the simulator and the generator; the sync engine
 * runs in a child process over a file store in the run's directory, pushing and pulling at once, talking to
 * the simulator through a proxy that knows its requests in flight (./inflight.ts), and is SIGKILLed with one
 * in flight (./kills.ts).
 *
 *   for each of --restarts rounds:  (worker stopped, faults off) resolve conflicts, queue a batch of edits,
 *                                   make the concurrent server-side edits → faults on → start the worker →
 *                                   SIGKILL it mid-request → faults off
 *   drain:  faults reset; an engine in this process until nothing is left to send, resolving conflicts as
 *           they come, for at most 60 s from the moment faults stopped (./drain.ts)
 *   verify: every edit against the simulator's final state (./verify.ts), receipts against the order lines
 *           (./verifyReceipts.ts), and every op's end state against what its scenario meant: only ops the
 *           ledger marks as meant to be refused may end failed (./verifyStates.ts)
 *   cache:  one whole pull, then the cache against the server, touched records and a sample (./cacheCheck.ts)
 *
 * The edits depend on the seed alone, not on how far the worker got (see `random` below), so a seed's run
 * queues the same ops on a fast or a loaded machine; only the kill moments and conflict picks vary.
 * `clockSkewMs` runs the client (worker and drain) on a clock that far off the server's (./clock.ts).
 *
 * The parent writes the store only while no worker runs (it waits for the child to be reaped), and the
 * store's lock file would refuse a second opener anyway.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDexieStore } from '../../src/db/dexieStore';
import type { OpKind } from '../../src/db/ops';
import { createApiClient } from '../../electron/core/api';
import { openFileStore } from '../store';
import { checkCache, touchedByRun, type CacheVerdict } from './cacheCheck';
import { drain, finalPull } from './drain';
import { generate, resolveConflicts, type GenContext, type Scenario } from './generator';
import { Ledger } from './ledger';
import { startInFlightProxy } from './inflight';
import { killRound } from './kills';
import { seededRandom } from './random';
import * as parties from './scenariosParties';
import * as purchasing from './scenariosPurchasing';
import * as receiving from './scenariosReceiving';
import { ServerView } from './serverView';
import { addSpareSuppliers, faultsFor, type ChaosSimulator } from './simulator';
import { startWorker } from './supervisor';
import { verify, type Verdict } from './verify';
import { loadWorld } from './world';

export interface ChaosOptions {
  seed: number;
  edits: number;
  restarts: number;
  faultRate: number;
  apiKey: string;
  /** Where the store and the worker log go; a fresh temp directory by default. */
  dir?: string;
  drainTimeoutMs?: number;
  /** A round's worker is killed by then at the latest (ms after its spawn). */
  killCapMs?: number;
  /** Chance that an eligible update gets a concurrent server-side edit. */
  conflictRate?: number;
  /** The client's clock runs this far off the server's (ms; negative: behind). */
  clockSkewMs?: number;
  /** Untouched records the cache check samples per table. */
  cacheSample?: number;
  log?: (line: string) => void;
}

export interface ChaosReport extends Verdict {
  /** Verifies again against the simulator as it is now (tests use it to show the verifier can fail). */
  recheck(): Promise<Verdict>;
  /** Compares the cache with the server again, as they are now (tests use it to show the check can fail). */
  recheckCache(): Promise<CacheVerdict>;
  conflicts: number;
  conflictsForced: number;
  /** Edits queued per op kind. */
  kinds: Partial<Record<OpKind, number>>;
  drained: boolean;
  drainedInMs: number;
  kills: number;
  /** Kills that landed while the worker had a request in flight (the proxy held one unanswered). */
  killsInFlight: number;
  /** Kills that left a write-ahead `sending` mark behind (a write in flight). */
  killsMidWrite: number;
  /** The last whole pull completed (faults off) before the cache check. */
  pulled: boolean;
  cache: CacheVerdict;
  clockSkewMs: number;
  dir: string;
}

/** Every op kind of OP_KINDS, weighted so each appears often in a few hundred edits. */
const SCENARIOS: readonly (readonly [Scenario, number])[] = [
  [purchasing.createOrder, 8],
  [receiving.receiveOnOrders, 10],
  [receiving.refusedReceipt, 2],
  [purchasing.deleteLine, 4],
  [purchasing.invoiceNotes, 4],
  [purchasing.finaliseInvoice, 3],
  [purchasing.updateReturn, 5],
  [purchasing.addReturnItem, 5],
  [parties.updateSupplier, 4],
  [parties.spareSupplier, 2],
  [parties.productLinks, 6],
  [parties.createCustomer, 5],
  [parties.updateCustomer, 6],
  [parties.updateAddress, 3],
  [parties.createNamed, 6],
  [parties.renameNamed, 4],
  [parties.deleteNamed, 2],
];

/**
 * The harness's requests (faults off) each go on a new connection. Between two of them this process may be
 * busy for seconds on a loaded machine (opening the store, queuing edits), past the simulator's keep-alive
 * timeout; a request then written on the pooled socket the server is closing would be reset.
 */
const onFreshConnection = (input: string | URL | Request, init?: RequestInit) => {
  const request = new Request(input, init);
  const headers = new Headers(request.headers);
  headers.set('connection', 'close');
  return fetch(new Request(request, { headers }));
};

/** `total` split into `parts` batches as evenly as possible. */
const batches = (total: number, parts: number) =>
  Array.from(
    { length: parts },
    (_, i) => Math.floor((total * (i + 1)) / parts) - Math.floor((total * i) / parts),
  );

export async function runChaos(sim: ChaosSimulator, options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const { seed, apiKey } = options;
  // Two streams: `random` draws only the edits, so a seed queues the same edits on any machine; `choices`
  // draws what depends on the worker's progress (kill moments, the user's picks in conflicts).
  const random = seededRandom(seed);
  const choices = seededRandom(seed ^ 0x5bd1e995);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'dockhand-chaos-'));
  const storeDir = join(dir, 'store');
  // The verdict compares this run's edits with the server: a store holding another run's ops would lie.
  if (existsSync(storeDir)) throw new Error(`${storeDir} exists: give --dir a fresh directory`);
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'worker.log');
  const killCapMs = options.killCapMs ?? 30_000;
  const client = createApiClient({
    baseUrl: sim.baseUrl,
    getApiKey: () => Promise.resolve(apiKey),
    readRetries: 0,
    fetch: onFreshConnection,
  });
  const ledger = new Ledger();
  log(
    `chaos: seed ${seed}, ${options.edits} edits, ${options.restarts} restarts, fault rate ${options.faultRate}; ${dir}`,
  );

  // The server's clock (the simulator runs in this process, unskewed); a second early, for its rounding.
  const runStart = new Date(Date.now() - 1_000).toISOString();
  sim.control.setFaults({});
  const spares = addSpareSuppliers(sim, Math.max(4, Math.ceil(options.edits / 50)), `${seed}`);
  const linkProducts = random.sample(
    [...sim.state.products.keys()],
    Math.max(6, Math.ceil(options.edits / 40)),
  );
  const world = await loadWorld(client, sim, {
    seed,
    spares,
    linkProducts,
    receivingOrders: Math.max(3, Math.ceil(options.edits / 50)),
    random,
  });
  const baseline = sim.control.snapshot();

  const context = (db: GenContext['db']): GenContext => ({
    db,
    world,
    random,
    choices,
    ledger,
    client,
    conflictRate: options.conflictRate ?? 0.2,
  });
  async function withStore<T>(work: (ctx: GenContext) => Promise<T>): Promise<T> {
    const store = await openFileStore(storeDir);
    try {
      return await work(context(store.db));
    } finally {
      await store.close();
    }
  }
  const counts = (ctx: GenContext) =>
    createDexieStore(ctx.db)
      .countByState({})
      .then((answer) => answer.counts);

  let kills = 0;
  let inFlight = 0;
  /** Kills that left an op marked sending: its request may or may not have reached the server. */
  let midWrite = 0;
  const clockSkewMs = options.clockSkewMs ?? 0;
  const proxy = await startInFlightProxy(sim.baseUrl);
  try {
    const rounds = batches(options.edits, Math.max(1, options.restarts));
    for (const [round, size] of rounds.entries()) {
      const before = await withStore(async (ctx) => {
        await resolveConflicts(ctx);
        await generate(ctx, SCENARIOS, size);
        return counts(ctx);
      });
      if (round >= options.restarts) break; // no restarts: the one batch goes straight to the drain
      sim.control.setFaults(faultsFor(options.faultRate, seed * 1_000 + round));
      const child = startWorker({ dir: storeDir, baseUrl: proxy.baseUrl, apiKey, logFile, clockSkewMs });
      const spawned = Date.now();
      const work = before.queued + before.sending + before.uncertain + before.blocked;
      const kill = await killRound({ child, proxy, choices, round, work, capMs: killCapMs });
      const exit = await child.kill();
      sim.control.setFaults({});
      if (exit.signal !== 'SIGKILL')
        throw new Error(`The worker exited by itself (code ${exit.code}); see ${logFile}`);
      kills += 1;
      if (kill.inFlight) inFlight += 1;
      const now = await withStore(counts);
      if (now.sending > 0) midWrite += 1;
      log(
        `round ${round + 1}/${options.restarts}: killed ${kill.moment}${kill.inFlight ? '' : ' (nothing in flight)'}, ` +
          `${Date.now() - spawned} ms after the spawn; ${now.done} done, ${now.queued} queued, ` +
          `${now.sending} sending, ${now.uncertain} uncertain, ${now.conflicted} conflicted, ${now.failed} failed`,
      );
    }
  } finally {
    await proxy.close();
  }

  sim.control.resetFaults();
  const drainTimeoutMs = options.drainTimeoutMs ?? 60_000;
  const drainStart = Date.now();
  const drained = await drain({
    storeDir,
    baseUrl: sim.baseUrl,
    apiKey,
    logFile,
    deadline: drainStart + drainTimeoutMs,
    clockSkewMs,
    resolve: (db) => resolveConflicts(context(db)),
  });
  const drainedInMs = Date.now() - drainStart;
  log(
    drained
      ? `drained in ${(drainedInMs / 1_000).toFixed(1)} s`
      : `not drained after ${drainTimeoutMs / 1_000} s`,
  );

  const check = () =>
    withStore((ctx) =>
      verify({
        db: ctx.db,
        ledger,
        world,
        server: new ServerView(client, seed),
        baseline,
        final: sim.control.snapshot(),
      }),
    );
  const verdict = await check();

  // Only a drained store is pulled and compared: an engine on a store with ops left would send them too.
  const pullStart = Date.now();
  const pulled =
    drained &&
    (await finalPull({
      storeDir,
      baseUrl: sim.baseUrl,
      apiKey,
      logFile,
      deadline: pullStart + drainTimeoutMs,
      clockSkewMs,
    }));
  if (drained)
    log(
      `${pulled ? 'whole pull done' : 'no whole pull completed'} in ${((Date.now() - pullStart) / 1_000).toFixed(1)} s`,
    );
  const checkTheCache = () =>
    withStore(async (ctx) =>
      checkCache({
        db: ctx.db,
        client,
        random: seededRandom(seed ^ 0x2545f491),
        since: runStart,
        ...(await touchedByRun(ctx.db, ledger)),
        ...(options.cacheSample === undefined ? {} : { sample: options.cacheSample }),
      }),
    );
  const cache = pulled
    ? await checkTheCache()
    : { checked: {}, heldByFailedOps: 0, mismatches: 0, problems: ['cache: not checked (no whole pull)'] };
  return {
    ...verdict,
    recheck: check,
    recheckCache: checkTheCache,
    kinds: [...ledger.entries.values()].reduce<Partial<Record<OpKind, number>>>(
      (kinds, { kind }) => ({ ...kinds, [kind]: (kinds[kind] ?? 0) + 1 }),
      {},
    ),
    conflicts: ledger.conflictsResolved,
    conflictsForced: ledger.conflictsForced,
    drained,
    drainedInMs,
    kills,
    killsInFlight: inFlight,
    killsMidWrite: midWrite,
    pulled,
    cache,
    clockSkewMs,
    dir,
  };
}

export function reportLine(report: ChaosReport): string {
  const drainedIn = report.drained ? `${(report.drainedInMs / 1_000).toFixed(1)}s` : 'never';
  return (
    `edits=${report.edits} applied=${report.applied} duplicates=${report.duplicates} lost=${report.lost} ` +
    `failed=${report.failed} conflicts=${report.conflicts} drained_in=${drainedIn} ` +
    `unchecked=${report.unchecked} cache_mismatches=${report.cache.mismatches}`
  );
}

/**
 * Passed: drained, nothing lost or duplicated, no op failed or blocked that was not meant to, every done op
 * checked, and a whole pull left the cache equal to the server.
 */
export const reportPassed = (report: ChaosReport) =>
  report.drained &&
  report.lost === 0 &&
  report.duplicates === 0 &&
  report.unexpected === 0 &&
  report.unchecked === 0 &&
  report.pulled &&
  report.cache.mismatches === 0;
