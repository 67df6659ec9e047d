/**
 * Which live ops are blocked, derived from the outbox rather than remembered: an op is blocked when
 *  - it references a temp id not yet resolved (its creating op has not succeeded), or
 *  - an earlier op of its aggregate is failed, conflicted or blocked (FIFO: it cannot overtake it).
 * Deriving it means every state change (fail, success, discard, retry, edit, enqueue) only has to call
 * `decideBlocking` in the same transaction, and a block can never outlive its cause.
 */
import type { OpRecord, OpState } from './ops';

/** States an op can still leave without the user: what "pending" means for blocking. */
const LIVE: readonly OpState[] = ['queued', 'sending', 'uncertain', 'failed', 'blocked', 'conflicted'];
const STOPPED: readonly OpState[] = ['failed', 'conflicted', 'blocked'];

export interface TempIdInfo {
  tempId: number;
  serverId?: number;
  /** A child temp id (a PO item of an offline PO) resolves with its parent's create. */
  parentTempId?: number;
}

export interface BlockingChange {
  id: string;
  state: 'queued' | 'blocked';
  reason: string | undefined;
}

export function isLive(state: OpState): boolean {
  return LIVE.includes(state);
}

/**
 * @param ops every op that is not done (any order); discarded ones explain orphaned references
 * @param tempIds the temp-id table
 * @returns the queued/blocked ops whose state or reason must change
 */
export function decideBlocking(ops: readonly OpRecord[], tempIds: readonly TempIdInfo[]): BlockingChange[] {
  const sorted = [...ops].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const infoOf = new Map(tempIds.map((entry) => [entry.tempId, entry]));
  const creatorOf = new Map<number, OpRecord>();
  for (const op of sorted) if (op.createsTempId !== undefined) creatorOf.set(op.createsTempId, op);
  const rootOf = (tempId: number): number => {
    let current = tempId;
    for (let hops = 0; hops < 8; hops++) {
      const parent = infoOf.get(current)?.parentTempId;
      if (parent === undefined) return current;
      current = parent;
    }
    return current;
  };

  // States as decided so far, so a block propagates down a chain in one pass (parents sort first).
  const state = new Map(sorted.map((op) => [op.id, op.state]));
  const stoppedHead = new Map<string, OpRecord>();
  const changes: BlockingChange[] = [];

  for (const op of sorted) {
    if (!isLive(op.state)) continue;
    let reason: string | undefined;
    if (op.state === 'queued' || op.state === 'blocked') {
      reason = waitingOn(op) ?? behind(op);
      const next = reason === undefined ? 'queued' : 'blocked';
      // A queued op's reason (the last transient error) is not ours; only a block's reason is.
      if (next !== op.state || (next === 'blocked' && reason !== op.reason)) {
        changes.push({ id: op.id, state: next, reason });
      }
      state.set(op.id, next);
    }
    const now = state.get(op.id)!;
    if (STOPPED.includes(now) && !stoppedHead.has(op.aggregate)) stoppedHead.set(op.aggregate, op);
  }
  return changes;

  function waitingOn(op: OpRecord): string | undefined {
    for (const tempId of op.dependsOnTempIds) {
      if (infoOf.get(tempId)?.serverId !== undefined) continue;
      const creator = creatorOf.get(rootOf(tempId));
      if (!creator) return `It refers to a record created offline (${tempId}) that no longer exists.`;
      const creatorState = state.get(creator.id)!;
      if (creatorState === 'discarded') return `It refers to "${creator.label}", which was discarded.`;
      if (creatorState === 'done') continue;
      if (STOPPED.includes(creatorState)) return `Waiting for "${creator.label}", which needs attention.`;
      return `Waiting for "${creator.label}" to be sent.`;
    }
    return undefined;
  }

  function behind(op: OpRecord): string | undefined {
    const head = stoppedHead.get(op.aggregate);
    if (!head) return undefined;
    return state.get(head.id) === 'blocked'
      ? `Waiting behind "${head.label}" (blocked).`
      : `Waiting behind "${head.label}", which needs attention.`;
  }
}
