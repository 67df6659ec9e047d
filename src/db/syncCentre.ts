/**
 * What the sync centre lists, read through the outbox's indexes so a long replay or a week of finished ops
 * never makes every commit re-read the whole table (the screen is a live query: it re-runs on each op
 * transition). Ops that need the user are always listed in full; the rest of the queue up to a bound, with
 * its count. Waiting ops are listed oldest first, the order the engine sends them in (FIFO by seq), so the
 * list reads as the queue it is; the finished ops newest first (what just happened on top).
 */
import Dexie from 'dexie';
import { loadLineNames, type LineNames } from './lineNames';
import type { OpRecord, OpState } from './ops';
import type { DockhandDb } from './schema';

/** The user must act on these (or they are being looked into): never cut from the list. */
export const ATTENTION_STATES = ['failed', 'conflicted', 'blocked', 'uncertain'] as const satisfies OpState[];
/** How many ops of a bounded group (on their way, recently synced, discarded) the screen lists. */
export const SHOWN_PER_GROUP = 100;

export interface OpGroup {
  /** Waiting: oldest first (send order); finished: newest first. At most SHOWN_PER_GROUP unless the group needs the user. */
  ops: OpRecord[];
  /** How many ops the group holds in all. */
  total: number;
}

export interface SyncCentreView {
  /** Failed, conflicted, blocked and uncertain ops, all of them, oldest first (send order). */
  attention: OpGroup;
  /** Queued and sending ops: on their way, nothing to do; the next to be sent first. */
  onTheirWay: OpGroup;
  synced: OpGroup;
  discarded: OpGroup;
  /** The products the refused ops' lines name (src/lib/rejectionWords.ts: "Line 1 — Ember dome tent"). */
  names: LineNames;
}

type Order = 'oldestFirst' | 'newestFirst';

function firstIn(db: DockhandDb, state: OpState, limit: number, order: Order): Promise<OpRecord[]> {
  const range = db.outbox.where('[state+seq]').between([state, Dexie.minKey], [state, Dexie.maxKey]);
  return (order === 'newestFirst' ? range.reverse() : range).limit(limit).toArray();
}

const bySeq = (order: Order) => (a: OpRecord, b: OpRecord) =>
  order === 'newestFirst' ? (b.seq ?? 0) - (a.seq ?? 0) : (a.seq ?? 0) - (b.seq ?? 0);

async function boundedGroup(
  db: DockhandDb,
  states: readonly OpState[],
  limit: number,
  order: Order,
): Promise<OpGroup> {
  const [lists, totals] = await Promise.all([
    Promise.all(states.map((state) => firstIn(db, state, limit, order))),
    Promise.all(states.map((state) => db.outbox.where('state').equals(state).count())),
  ]);
  const ops = lists.flat().sort(bySeq(order)).slice(0, limit);
  return { ops, total: totals.reduce((sum, count) => sum + count, 0) };
}

/** One read transaction, so an op moving between two groups is never listed in both. */
export function syncCentreView(db: DockhandDb, limit = SHOWN_PER_GROUP): Promise<SyncCentreView> {
  return db.transaction('r', [db.outbox, db.products, db.purchaseOrderItems], async () => {
    const [attentionOps, onTheirWay, synced, discarded] = await Promise.all([
      db.outbox.where('state').anyOf(ATTENTION_STATES).toArray(),
      boundedGroup(db, ['queued', 'sending'], limit, 'oldestFirst'),
      boundedGroup(db, ['done'], limit, 'newestFirst'),
      boundedGroup(db, ['discarded'], limit, 'newestFirst'),
    ]);
    attentionOps.sort(bySeq('oldestFirst'));
    const names = await loadLineNames(db, attentionOps);
    return {
      names,
      attention: { ops: attentionOps, total: attentionOps.length },
      onTheirWay,
      synced,
      discarded,
    };
  });
}
