/**
 * What the sync centre lists, read through the outbox's indexes so a long replay or a week of finished ops
 * never makes every commit re-read the whole table (the screen is a live query: it re-runs on each op
 * transition). Ops that need the user are always listed in full; the rest of the queue and the finished ops
 * are listed newest first up to a bound, with their counts.
 */
import Dexie from 'dexie';
import type { OpRecord, OpState } from './ops';
import type { DockhandDb } from './schema';

/** The user must act on these (or they are being looked into): never cut from the list. */
export const ATTENTION_STATES = ['failed', 'conflicted', 'blocked', 'uncertain'] as const satisfies OpState[];
/** How many ops of a bounded group (on their way, recently synced, discarded) the screen lists. */
export const SHOWN_PER_GROUP = 100;

export interface OpGroup {
  /** Newest first, at most SHOWN_PER_GROUP unless the group needs the user. */
  ops: OpRecord[];
  /** How many ops the group holds in all. */
  total: number;
}

export interface SyncCentreView {
  /** Failed, conflicted, blocked and uncertain ops, all of them, newest first. */
  attention: OpGroup;
  /** Queued and sending ops: on their way, nothing to do. */
  onTheirWay: OpGroup;
  synced: OpGroup;
  discarded: OpGroup;
}

function newestIn(db: DockhandDb, state: OpState, limit: number): Promise<OpRecord[]> {
  return db.outbox
    .where('[state+seq]')
    .between([state, Dexie.minKey], [state, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
}

async function boundedGroup(db: DockhandDb, states: readonly OpState[], limit: number): Promise<OpGroup> {
  const [lists, totals] = await Promise.all([
    Promise.all(states.map((state) => newestIn(db, state, limit))),
    Promise.all(states.map((state) => db.outbox.where('state').equals(state).count())),
  ]);
  const ops = lists
    .flat()
    .sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0))
    .slice(0, limit);
  return { ops, total: totals.reduce((sum, count) => sum + count, 0) };
}

/** One read transaction, so an op moving between two groups is never listed in both. */
export function syncCentreView(db: DockhandDb, limit = SHOWN_PER_GROUP): Promise<SyncCentreView> {
  return db.transaction('r', db.outbox, async () => {
    const [attentionOps, onTheirWay, synced, discarded] = await Promise.all([
      db.outbox.where('state').anyOf(ATTENTION_STATES).toArray(),
      boundedGroup(db, ['queued', 'sending'], limit),
      boundedGroup(db, ['done'], limit),
      boundedGroup(db, ['discarded'], limit),
    ]);
    attentionOps.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0));
    return {
      attention: { ops: attentionOps, total: attentionOps.length },
      onTheirWay,
      synced,
      discarded,
    };
  });
}
