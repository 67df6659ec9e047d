/**
 * Indexed reads of the outbox (schema version 3), so that replaying an op costs the same whatever the queue
 * length: the ops naming a temp id, the ops whose blocking a change can alter, and the next runnable heads.
 * Callers own the transaction (outbox, tempIds).
 */
import { decideBlocking, type TempIdInfo } from './blocking';
import { OP_STATES, type OpRecord, type OpState } from './ops';
import type { DockhandDb, TempIdEntry } from './schema';

/** Every state but `done`: what blocking reads (a discarded creator explains an orphaned reference). */
const NOT_DONE: readonly OpState[] = OP_STATES.filter((state) => state !== 'done');
const LIVE: readonly OpState[] = ['queued', 'sending', 'uncertain', 'failed', 'blocked', 'conflicted'];

/** Live ops whose params or body name one of `tempIds` (their `dependsOnTempIds`, a multi-entry index). */
export async function liveOpsNaming(db: DockhandDb, tempIds: readonly number[]): Promise<OpRecord[]> {
  if (tempIds.length === 0) return [];
  const ops = await db.outbox
    .where('dependsOnTempIds')
    .anyOf([...tempIds])
    .distinct()
    .toArray();
  return ops.filter((op) => LIVE.includes(op.state));
}

export interface BlockingSeeds {
  /** Aggregates whose ops changed (state, payload or aggregate). */
  aggregates?: readonly string[];
  /** Temp ids whose creator or resolution changed. */
  tempIds?: readonly number[];
}

/**
 * Everything blocking needs to decide about the seeds: the connected part of the outbox reached through
 * shared aggregates and temp ids (an op, its aggregate's other ops, the creators of the temp ids it names and
 * the ops naming the temp ids it creates, transitively). Independent ops form parts of one op, so the read
 * does not grow with the queue. Done ops are left out, as the full refresh leaves them out.
 */
async function connectedOps(db: DockhandDb, seeds: BlockingSeeds) {
  const ops = new Map<string, OpRecord>();
  const temps = new Map<number, TempIdEntry>();
  const doneAggregates = new Set<string>();
  const doneTemps = new Set<number>();
  let aggregates = [...(seeds.aggregates ?? [])];
  let tempIds = [...(seeds.tempIds ?? [])];

  const rootOf = async (tempId: number): Promise<number> => {
    let current = tempId;
    for (let hops = 0; hops < 8; hops++) {
      if (!temps.has(current)) {
        const entry = await db.tempIds.get(current);
        if (!entry) return current;
        temps.set(current, entry);
      }
      const parent = temps.get(current)!.parentTempId;
      if (parent === undefined) return current;
      current = parent;
    }
    return current;
  };

  const add = async (found: readonly OpRecord[]) => {
    for (const op of found) {
      if (op.state === 'done' || ops.has(op.id)) continue;
      ops.set(op.id, op);
      aggregates.push(op.aggregate);
      for (const tempId of op.dependsOnTempIds) tempIds.push(await rootOf(tempId));
      if (op.createsTempId !== undefined) tempIds.push(op.createsTempId);
    }
  };

  while (aggregates.length || tempIds.length) {
    const nextAggregates = aggregates.filter((a) => !doneAggregates.has(a));
    const nextTemps = tempIds.filter((t) => !doneTemps.has(t));
    aggregates = [];
    tempIds = [];
    for (const aggregate of new Set(nextAggregates)) {
      doneAggregates.add(aggregate);
      await add(
        await db.outbox
          .where('[aggregate+state]')
          .anyOf(NOT_DONE.map((state) => [aggregate, state]))
          .toArray(),
      );
    }
    for (const tempId of new Set(nextTemps)) {
      doneTemps.add(tempId);
      const children = await db.tempIds.where('parentTempId').equals(tempId).toArray();
      for (const child of children) temps.set(child.tempId, child);
      const named = [tempId, ...children.map((c) => c.tempId)];
      await add(await db.outbox.where('createsTempId').equals(tempId).toArray());
      await add(await db.outbox.where('dependsOnTempIds').anyOf(named).distinct().toArray());
    }
  }
  // The temp-id entries every op names (resolved ones included: they are why an op is no longer blocked).
  const named = [...ops.values()].flatMap((op) => op.dependsOnTempIds).filter((t) => !temps.has(t));
  if (named.length) {
    for (const entry of await db.tempIds.bulkGet([...new Set(named)])) {
      if (entry) temps.set(entry.tempId, entry);
    }
  }
  return { ops: [...ops.values()], temps: [...temps.values()] };
}

/**
 * Blocking (./blocking.ts) recomputed for the part of the outbox the seeds reach, stored; returns the ids
 * whose state changed. Same decisions as the full refresh (dexieStore.refreshBlocking) for those ops, since
 * each decision reads only the op's aggregate and the creators of the temp ids it names.
 */
export async function refreshBlockingAround(db: DockhandDb, seeds: BlockingSeeds): Promise<string[]> {
  const { ops, temps } = await connectedOps(db, seeds);
  return ops.length === 0 ? [] : storeBlocking(db, ops, temps);
}

/**
 * Blocking decided for `ops` and stored: every op whose state or reason changes is written; returns the ids
 * whose state changed. Both refreshes, this partial one and the full one (dexieStore.refreshBlocking), store
 * through here.
 */
export async function storeBlocking(
  db: DockhandDb,
  ops: readonly OpRecord[],
  temps: readonly TempIdInfo[],
): Promise<string[]> {
  const changes = decideBlocking(ops, temps);
  const byId = new Map(ops.map((op) => [op.id, op]));
  const changed: string[] = [];
  for (const change of changes) {
    const op = byId.get(change.id)!;
    const next: OpRecord = { ...op, state: change.state };
    if (change.reason === undefined) delete next.reason;
    else next.reason = change.reason;
    await db.outbox.put(next);
    if (op.state !== change.state) changed.push(op.id);
  }
  return changed;
}

export interface NextOps {
  /** Heads that may run now, in seq order: queued or uncertain and due, or sending (found orphaned). */
  ops: OpRecord[];
  /** The earliest nextAttemptAt of a head that is not due yet. */
  wakeAt?: string;
  /** With a claim: the heads this read marked sending (in `ops` with their new state). */
  claimed?: string[];
}

/** The write-ahead mark (queued|uncertain → sending): what `markSending` and a claim both write. */
export function markedSending(op: OpRecord, at: string): OpRecord {
  const sending: OpRecord = { ...op, state: 'sending', attempts: op.attempts + 1, lastAttemptAt: at };
  delete sending.nextAttemptAt;
  return sending;
}

/**
 * `nextOps`, then, with `request.claim`, the write-ahead mark on up to `claim.max` of the heads that are
 * sent without a read first: queued (an uncertain op is looked up first) with no base version (an update
 * with one is merged against the server's record first, ../../electron/core/sync/push.ts). Runs inside the
 * caller's transaction, read-write on the outbox when it claims.
 */
export async function nextOpsClaiming(
  db: DockhandDb,
  request: { limit: number; exclude: readonly string[]; now: string; claim?: { max: number; at: string } },
): Promise<NextOps> {
  const next = await nextOps(db, request);
  const claim = request.claim;
  if (!claim) return next;
  const claimed: string[] = [];
  const ops: OpRecord[] = [];
  for (const op of next.ops) {
    if (claimed.length < claim.max && op.state === 'queued' && op.baseVersion === undefined) {
      const sending = markedSending(op, claim.at);
      await db.outbox.put(sending);
      claimed.push(op.id);
      ops.push(sending);
    } else {
      ops.push(op);
    }
  }
  return { ...next, ops, claimed };
}

/**
 * The next heads to run: the first op (lowest seq) of each aggregate among the sendable states, read in seq
 * order through the `[state+seq]` index and stopped once `limit` heads are found. An earlier op of the same
 * aggregate in a stopped state (failed, conflicted, blocked) keeps every later queued op blocked (blocking
 * is refreshed by every transition), so the sendable states alone decide the head.
 */
export async function nextOps(
  db: DockhandDb,
  request: { limit: number; exclude: readonly string[]; now: string },
): Promise<NextOps> {
  const exclude = new Set(request.exclude);
  // Few ops are uncertain or sending at a time: read whole. Queued ops are many: read until enough heads.
  const few = await db.outbox.where('state').anyOf(['uncertain', 'sending']).toArray();
  const fewAggregates = new Set(few.map((op) => op.aggregate));
  const seen = new Set<string>();
  const wanted = request.limit + fewAggregates.size;
  const nowMs = Date.parse(request.now);
  const due = (op: OpRecord) =>
    op.state === 'sending' || !op.nextAttemptAt || Date.parse(op.nextAttemptAt) <= nowMs;
  let found = 0;
  const queued = await db.outbox
    .where('[state+seq]')
    .between(['queued', -Infinity], ['queued', Infinity])
    .filter((op) => {
      if (seen.has(op.aggregate)) return false;
      seen.add(op.aggregate);
      if (!exclude.has(op.aggregate) && due(op)) found++;
      return true;
    })
    // The filter runs first: the head that makes the count is kept, and the read stops there.
    .until(() => found >= wanted, true)
    .toArray();
  const heads = new Map<string, OpRecord>();
  for (const op of [...few, ...queued].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (!heads.has(op.aggregate)) heads.set(op.aggregate, op);
  }
  const ops: OpRecord[] = [];
  let wakeMs = Infinity;
  for (const head of heads.values()) {
    if (exclude.has(head.aggregate)) continue;
    if (!due(head)) wakeMs = Math.min(wakeMs, Date.parse(head.nextAttemptAt!));
    else if (ops.length < request.limit) ops.push(head);
  }
  return Number.isFinite(wakeMs) ? { ops, wakeAt: new Date(wakeMs).toISOString() } : { ops };
}
