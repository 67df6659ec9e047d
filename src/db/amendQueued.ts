/**
 * Changing an op that is still waiting to be sent, and the cache rows it shows, in ONE transaction (the rule
 * of ./outbox.ts): lines added to a draft order raised on this PC (./edits/queuedOrderLines.ts).
 *
 * Only an op that has not started leaves is changed: queued or blocked (waiting for a temp id). The engine
 * marks an op sending in a transaction of its own before its request leaves, and sends the op as that mark
 * read it (electron/core/sync/push.ts puts a body changed since its first read back in the queue), so an
 * amendment either lands before the mark and is sent, or finds the op sending and is refused: never shown
 * on this PC and lost on the way.
 */
import type { CacheWrite } from './cacheWrites';
import { opCatalog } from './opCatalog';
import { refreshBlockingAround } from './opIndex';
import { applyLocalEdit, editTables, validatePayload } from './outbox';
import type { OpRecord, OpState } from './ops';
import { readPendingRows, sameKey, writePendingRows } from './pendingRows';
import type { DockhandDb } from './schema';

/** States in which nothing of the op has left. */
export const AMENDABLE_STATES: readonly OpState[] = ['queued', 'blocked'];

export interface Amendment {
  body: unknown;
  label: string;
  /** Rows to put or delete, as an enqueue's: marked pending with the op, their earlier values kept for undo. */
  cacheChanges: readonly CacheWrite[];
}

/**
 * Replaces the waiting op's body and label and applies the cache changes. Null, writing nothing, when the op
 * is gone or no longer waiting. A body the contract refuses throws the outbox's OutboxValidationError.
 */
export function amendQueued(db: DockhandDb, opId: string, amendment: Amendment): Promise<OpRecord | null> {
  return db.transaction('rw', editTables(db), async () => {
    const op = await db.outbox.where('id').equals(opId).first();
    if (!op || !AMENDABLE_STATES.includes(op.state)) return null;
    validatePayload(op.kind, op.params, amendment.body);
    const touched = await applyLocalEdit(db, opId, amendment.cacheChanges);
    // What the op changed before stays as it was recorded (a row it created keeps `before: null`, so a
    // discard still removes it); a row it touches for the first time is added.
    const pending = await readPendingRows(db, opId);
    for (const row of touched) {
      const known = pending.find((p) => p.table === row.table && sameKey(p.key, row.key));
      if (known) known.fields = [...new Set([...known.fields, ...row.fields])];
      else pending.push(row);
    }
    await writePendingRows(db, opId, pending);
    const next: OpRecord = { ...op, body: amendment.body, label: amendment.label };
    next.dependsOnTempIds = opCatalog(op.kind)
      .tempIdsOf(next)
      .filter((t) => t !== op.createsTempId);
    await db.outbox.put(next);
    await refreshBlockingAround(db, { aggregates: [op.aggregate] });
    return (await db.outbox.where('id').equals(opId).first()) ?? null;
  });
}
