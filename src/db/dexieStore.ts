/**
 * The store port (./storePort.ts) over the Dexie database: the op lifecycle and the user's actions. Each
 * method is one Dexie transaction, and each ends by recomputing which ops are blocked (./blocking.ts) so a
 * block never outlives its cause. Pull and housekeeping methods live in ./dexiePull.ts.
 */
import { applyCacheWrites, movePendingRefs, releaseRows, remapRows, undoRows } from './cacheRows';
import { createPullMethods, type PullApplyOptions } from './dexiePull';
import { opCatalog } from './opCatalog';
import type { OpRecord, OpState } from './ops';
import {
  liveOpsNaming,
  markedSending,
  nextOpsClaiming,
  refreshBlockingAround,
  storeBlocking,
} from './opIndex';
import { readPendingRows, type PendingRow } from './pendingRows';
import { CACHE_TABLES, type DockhandDb } from './schema';
import type { PortRequest, PortResponse, StorePort } from './storePort';
import { allTempIds, childTempIds } from './tempIds';
import { remapAggregate, remapTempIds } from './tempRefs';
import { arrayFromKeyed, keyedByField } from './keyedArrays';
import { setPath } from './paths';

type Changed = PortResponse<'completeOp'>;

/**
 * Recomputes blocking over the live ops and stores the changes; returns the ids whose state changed. Runs
 * inside the caller's transaction (outbox, tempIds). Reads the whole outbox: at start and after a discard;
 * an op's own transitions refresh only the part of the outbox they reach (./opIndex.ts).
 */
export async function refreshBlocking(db: DockhandDb): Promise<string[]> {
  const ops = await db.outbox.where('state').notEqual('done').toArray();
  return storeBlocking(db, ops, await allTempIds(db));
}

/** `pull`: how pulled pages are applied (slices sized for a window by default; see ./dexiePull.ts). */
export function createDexieStore(db: DockhandDb, pull: PullApplyOptions = {}): StorePort {
  const everything = () => [db.outbox, db.tempIds, db.meta, ...CACHE_TABLES.map((name) => db.table(name))];
  const opTables = () => [db.outbox, db.tempIds, db.meta];

  const findOp = (id: string) => db.outbox.where('id').equals(id).first();

  const refresh = () => refreshBlocking(db);
  /** Blocking around one op: from its aggregate, which reaches the ops naming the temp id it creates. */
  const refreshAround = (op: OpRecord) => refreshBlockingAround(db, { aggregates: [op.aggregate] });

  /** Moves one op between states inside a transaction, if it is in one of `from`. */
  async function transition(
    id: string,
    from: readonly OpState[],
    change: (op: OpRecord) => OpRecord,
  ): Promise<OpRecord | null> {
    const op = await findOp(id);
    if (!op || !from.includes(op.state)) return null;
    const next = change(structuredClone(op));
    await db.outbox.put(next);
    return next;
  }

  /** A transition followed by a blocking refresh, answered as `{op, affected}`. */
  function changing(
    tables: () => unknown[],
    id: string,
    from: readonly OpState[],
    change: (op: OpRecord) => OpRecord,
  ): Promise<Changed> {
    return db.transaction('rw', tables() as never, async () => {
      const op = await transition(id, from, change);
      if (!op) return { op: null, affected: [] };
      const affected = await refreshAround(op);
      return { op: (await findOp(id)) ?? op, affected: [id, ...affected.filter((a) => a !== id)] };
    });
  }

  const clearOutcome = (op: OpRecord): OpRecord => {
    delete op.problem;
    delete op.reason;
    delete op.conflicts;
    delete op.nextAttemptAt;
    return op;
  };

  /** Temp id → server id for a finished create: its own id, then its children matched by position. */
  async function mappingFor(op: OpRecord, request: PortRequest<'completeOp'>): Promise<Map<number, number>> {
    const map = new Map(request.tempIds.map((m) => [m.tempId, m.serverId]));
    if (op.createsTempId !== undefined && request.resultId !== undefined && !map.has(op.createsTempId)) {
      map.set(op.createsTempId, request.resultId);
    }
    if (op.createsTempId === undefined) return map;
    for (const child of request.childIds ?? []) {
      const temps = await childTempIds(db, op.createsTempId, child.entity);
      // Matching by position is only safe when both lists have the same length; otherwise the children stay
      // unresolved and whatever references them is shown as blocked with the reason.
      if (temps.length !== child.ids.length) continue;
      temps.forEach((tempId, i) => map.set(tempId, child.ids[i]!));
    }
    return map;
  }

  /**
   * Rewrites the payload, aggregate and cache rows of every live op naming a mapped temp id (found through
   * the `dependsOnTempIds` index: the other ops are not read) from temp ids to server ids. Returns the
   * rewritten ops.
   */
  async function applyMapping(
    map: Map<number, number>,
    ownRows: PendingRow[],
    at: string,
  ): Promise<OpRecord[]> {
    const entries = await db.tempIds.bulkGet([...map.keys()]);
    await db.tempIds.bulkPut(
      entries.flatMap((entry) =>
        entry ? [{ ...entry, serverId: map.get(entry.tempId)!, resolvedAt: at }] : [],
      ),
    );
    const live = await liveOpsNaming(db, [...map.keys()]);
    const remapped: OpRecord[] = [];
    const refs = [...ownRows];
    for (const op of live) {
      const next: OpRecord = {
        ...op,
        params: remapTempIds(op.params, map).value,
        aggregate: remapAggregate(op.aggregate, map),
        dependsOnTempIds: op.dependsOnTempIds.filter((t) => !map.has(t)),
      };
      if (op.body !== undefined) next.body = remapTempIds(op.body, map).value;
      if (op.baseVersion !== undefined) next.baseVersion = remapTempIds(op.baseVersion, map).value;
      await db.outbox.put(next);
      remapped.push(next);
      refs.push(...(await readPendingRows(db, op.id)));
    }
    const moved = await remapRows(db, refs, map);
    await movePendingRefs(
      db,
      live.map((op) => op.id),
      moved,
      map,
    );
    return remapped;
  }

  /** The op, then (transitively) every op referencing a temp id it or its dependents create. */
  async function cascadeOf(id: string): Promise<OpRecord[]> {
    const root = await findOp(id);
    if (!root) return [];
    const ops = await db.outbox.where('state').noneOf(['done', 'discarded']).sortBy('seq');
    const temps = await allTempIds(db);
    const rootOf = (t: number): number => temps.find((e) => e.tempId === t)?.parentTempId ?? t;
    const taken = [root];
    const created = new Set<number>(root.createsTempId === undefined ? [] : [root.createsTempId]);
    for (const op of ops) {
      if (op.id === root.id || !op.dependsOnTempIds.some((t) => created.has(rootOf(t)))) continue;
      taken.push(op);
      if (op.createsTempId !== undefined) created.add(op.createsTempId);
    }
    return taken;
  }

  return {
    async listOps({ states }) {
      const ops = await db.outbox.where('state').anyOf(states).sortBy('seq');
      return { ops };
    },

    async getOp({ id }) {
      return { op: (await findOp(id)) ?? null };
    },

    nextOps: (request) =>
      db.transaction(request.claim ? 'rw' : 'r', db.outbox, () => nextOpsClaiming(db, request)),

    markSending: ({ id, at }) =>
      db.transaction('rw', db.outbox, async () => {
        const op = await transition(id, ['queued', 'uncertain'], (op) => markedSending(op, at));
        return { op };
      }),

    completeOp: (request) =>
      db.transaction('rw', everything() as never, async () => {
        const op = await findOp(request.id);
        if (!op || !['sending', 'uncertain'].includes(op.state)) return { op: null, affected: [] };
        const done: OpRecord = { ...clearOutcome({ ...op }), state: 'done' };
        if (request.resultId !== undefined) done.resultId = request.resultId;
        await db.outbox.put(done);
        const map = await mappingFor(op, request);
        const ownRows = await releaseRows(db, op.id);
        const remapped = map.size > 0 ? await applyMapping(map, ownRows, request.at) : [];
        await applyCacheWrites(db, request.cacheWrites, request.at);
        // Every op that named a mapped temp id was just rewritten: their aggregates reach all that can change.
        const affected = await refreshBlockingAround(db, {
          aggregates: [op.aggregate, ...remapped.map((r) => r.aggregate)],
        });
        const answer = { op: done, affected: [op.id, ...affected] };
        return request.next ? { ...answer, next: await nextOpsClaiming(db, request.next) } : answer;
      }),

    failOp: ({ id, reason, problem }) =>
      changing(opTables, id, ['queued', 'sending', 'uncertain', 'blocked', 'conflicted'], (op) => {
        clearOutcome(op);
        op.state = 'failed';
        op.reason = reason;
        if (problem) op.problem = problem;
        return op;
      }),

    requeueOp: ({ id, nextAttemptAt, refundAttempt, reason }) =>
      db.transaction('rw', db.outbox, async () => {
        const op = await transition(id, ['sending', 'uncertain', 'queued'], (op) => {
          op.state = 'queued';
          if (refundAttempt && op.attempts > 0) op.attempts -= 1;
          if (nextAttemptAt) op.nextAttemptAt = nextAttemptAt;
          else delete op.nextAttemptAt;
          if (reason) op.reason = reason;
          else delete op.reason;
          return op;
        });
        return { op };
      }),

    markUncertain: ({ id, reason, nextAttemptAt }) =>
      db.transaction('rw', db.outbox, async () => ({
        op: await transition(id, ['sending', 'uncertain'], (op) => {
          const next: OpRecord = { ...op, state: 'uncertain', reason };
          if (nextAttemptAt) next.nextAttemptAt = nextAttemptAt;
          else delete next.nextAttemptAt;
          return next;
        }),
      })),

    markConflicted: ({ id, conflicts }) =>
      changing(opTables, id, ['queued', 'sending'], (op) => {
        clearOutcome(op);
        op.state = 'conflicted';
        op.conflicts = conflicts;
        op.reason = `Changed on the server too: ${conflicts.map((c) => c.field).join(', ')}`;
        return op;
      }),

    refreshBlocking: () =>
      db.transaction('rw', opTables() as never, async () => ({ affected: await refresh() })),

    retryNow: ({ id }) =>
      changing(opTables, id, ['failed', 'queued'], (op) => ({ ...clearOutcome(op), state: 'queued' })),

    editAndRetry: ({ id, body, params }) =>
      changing(opTables, id, ['failed', 'conflicted', 'queued', 'blocked'], (op) => {
        // A conflicted op is edited with the server's values in view: they become its base, as a resolved
        // conflict's do, so the next merge sends the edit instead of finding the same conflict again.
        const itemKey = opCatalog(op.kind).itemKey;
        for (const conflict of op.state === 'conflicted' ? (op.conflicts ?? []) : []) {
          const base = itemKey ? keyedByField(op.baseVersion, itemKey) : (op.baseVersion ?? {});
          op.baseVersion = setPath(base, conflict.field, conflict.server);
        }
        clearOutcome(op);
        op.state = 'queued';
        op.body = body;
        if (params) op.params = params;
        op.dependsOnTempIds = opCatalog(op.kind)
          .tempIdsOf(op)
          .filter((t) => t !== op.createsTempId);
        return op;
      }),

    discardPreview: async ({ id }) => ({ ops: await cascadeOf(id) }),

    discard: ({ id }) =>
      db.transaction('rw', everything() as never, async () => {
        const cascade = await cascadeOf(id);
        const busy = cascade.find((op) => op.state === 'sending' || op.state === 'uncertain');
        if (busy) return { discarded: [], refused: `"${busy.label}" is being sent; try again in a moment.` };
        for (const op of [...cascade].reverse()) {
          await undoRows(db, op.id);
          await db.outbox.put({ ...clearOutcome({ ...op }), state: 'discarded' });
        }
        await refresh();
        return { discarded: cascade.map((op) => op.id) };
      }),

    resolveConflict: ({ id, values }) =>
      db.transaction('rw', opTables() as never, async () => {
        const op = await findOp(id);
        if (!op || op.state !== 'conflicted') return { op: null, affected: [] };
        const conflicts = op.conflicts ?? [];
        const missing = conflicts.filter((c) => !(c.field in values)).map((c) => c.field);
        if (missing.length)
          throw new Error(`A value is needed for every conflicting field: ${missing.join(', ')}`);
        // The chosen values go into the body; the server's values become the base, so the next 3-way merge
        // sees "changed locally only" (send the choice) unless the server moved again meanwhile.
        // An array body keyed by item (a product's supplier links) is resolved item by item, as it was merged.
        const itemKey = opCatalog(op.kind).itemKey;
        let body = itemKey ? keyedByField(op.body, itemKey) : (op.body ?? {});
        let base = itemKey ? keyedByField(op.baseVersion, itemKey) : (op.baseVersion ?? {});
        for (const conflict of conflicts) {
          body = setPath(body, conflict.field, values[conflict.field]);
          base = setPath(base, conflict.field, conflict.server);
        }
        if (itemKey) body = arrayFromKeyed(body, itemKey);
        await db.outbox.put({ ...clearOutcome({ ...op }), state: 'queued', body, baseVersion: base });
        const affected = await refreshAround(op);
        return { op: (await findOp(id)) ?? null, affected: [id, ...affected] };
      }),

    ...createPullMethods(db, pull),
  };
}
