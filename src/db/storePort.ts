/**
 * The store port: the narrow interface through which the sync engine (main process) reads and changes the
 * durable store (the renderer's Dexie database, docs/architecture.md "Runtimes"). Every request and response
 * is plain data described by a zod schema here, so the port can be carried over the bridge unchanged; in Node
 * tests the Dexie implementation (./dexieStore.ts) is wired directly.
 *
 * Every method that changes more than one thing does it in ONE transaction: an op's state, the cache rows its
 * result touches, the temp-id map and the rewrite of queued payloads land together or not at all.
 */
import { z } from 'zod';
import { FieldConflictSchema, OpProblemSchema, OpRecordSchema, OpStateSchema, OP_STATES } from './ops';
import { CACHE_TABLES } from './tables';

const isoDateTime = () => z.iso.datetime();
const opId = () => z.string().min(1);

export const CacheTableSchema = z.enum(CACHE_TABLES);
export const CacheKeySchema = z.union([z.number().int(), z.tuple([z.number().int(), z.string()])]);
export const CacheWriteSchema = z.strictObject({
  table: CacheTableSchema,
  put: z.array(z.unknown()).optional(),
  delete: z.array(CacheKeySchema).optional(),
});

/** The tables whose records the API serves only by id (the engine's by-id resources, ./byIdRequests.ts). */
export const BY_ID_TABLES = ['suppliers', 'outlets', 'supplierReturns', 'shippingPorts'] as const;
/** A record served only by id that a pulled record names (a PO's supplier, a customer's outlet). */
export const ByIdRefSchema = z.strictObject({ table: z.enum(BY_ID_TABLES), id: z.number().int().positive() });

export const TempIdMappingSchema = z.strictObject({
  tempId: z.number().int().negative(),
  serverId: z.number().int().positive(),
});
export type TempIdMapping = z.infer<typeof TempIdMappingSchema>;

/**
 * Server ids of child records a create made (a PO's items), in body order. The store maps them, in
 * allocation order, onto the temp ids allocated with the created record as parent (outbox.allocateTempId).
 */
export const ChildIdsSchema = z.strictObject({ entity: z.string().min(1), ids: z.array(z.number().int()) });
export type ChildIds = z.infer<typeof ChildIdsSchema>;

export const PullCursorSchema = z.strictObject({
  resource: z.string().min(1),
  modifiedOn: z.string(),
  id: z.number().int(),
  completedAt: z.string(),
  initial: z
    .strictObject({
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      finished: z.boolean(),
    })
    .optional(),
});

const ops = z.strictObject({ ops: z.array(OpRecordSchema) });
const maybeOp = z.strictObject({ op: OpRecordSchema.nullable() });
const changed = z.strictObject({ op: OpRecordSchema.nullable(), affected: z.array(opId()) });

/**
 * Which heads to list: at most `limit`, none of the aggregates in `exclude` (in flight), due at `now`.
 * With `claim`, up to `claim.max` of the listed heads that can be sent without a read first (queued, no
 * base version to merge against) are marked sending in the same transaction, as `markSending` would: the
 * caller holds a pool slot and a pacing turn for each, so their requests leave as soon as the answer is in.
 */
const nextOpsRequest = z.strictObject({
  limit: z.number().int().nonnegative(),
  exclude: z.array(z.string()),
  now: isoDateTime(),
  claim: z.strictObject({ max: z.number().int().nonnegative(), at: isoDateTime() }).optional(),
});
/**
 * The heads that may run now (claimed ones already `sending`), the ids of those this request claimed, and
 * when the earliest one backing off becomes due.
 */
const nextOpsResponse = z.strictObject({
  ops: z.array(OpRecordSchema),
  claimed: z.array(opId()).optional(),
  wakeAt: isoDateTime().optional(),
});

/**
 * Request and response schema of every port method. `op: null` in an answer means the op was not in a
 * state the method accepts (e.g. discarded by the user meanwhile): the caller must not act on it.
 */
export const STORE_PORT = {
  /** Ops in the given states, ordered by seq (enqueue order). */
  listOps: { request: z.strictObject({ states: z.array(OpStateSchema).min(1) }), response: ops },
  getOp: { request: z.strictObject({ id: opId() }), response: maybeOp },
  /**
   * The next heads to run (the lowest-seq op of each aggregate, queued or uncertain and due, or found
   * sending), in seq order: an indexed read that stops once `limit` heads are found.
   */
  nextOps: { request: nextOpsRequest, response: nextOpsResponse },
  /** Write-ahead (queued|uncertain → sending, attempts + 1, lastAttemptAt): durable before the request leaves. */
  markSending: { request: z.strictObject({ id: opId(), at: isoDateTime() }), response: maybeOp },
  /**
   * sending|uncertain → done, with the spec's cache writes, the temp-id map and its rewrite of every queued
   * payload and cache row, and the unblocking of dependents; `affected` lists the ops whose state changed.
   * With `next`, the answer also lists the heads to run next (as nextOps, read in the same transaction), so
   * a completion and the start of the next op cost one round trip over the bridge, not two.
   */
  completeOp: {
    request: z.strictObject({
      id: opId(),
      at: isoDateTime(),
      resultId: z.number().int().optional(),
      cacheWrites: z.array(CacheWriteSchema),
      tempIds: z.array(TempIdMappingSchema),
      childIds: z.array(ChildIdsSchema).optional(),
      next: nextOpsRequest.optional(),
    }),
    response: changed.extend({ next: nextOpsResponse.optional() }),
  },
  /** Any live state → failed with the problem and a reason; dependents become blocked. */
  failOp: {
    request: z.strictObject({ id: opId(), reason: z.string(), problem: OpProblemSchema.optional() }),
    response: changed,
  },
  /**
   * sending|uncertain → queued, to be sent at nextAttemptAt (backoff); queued → queued delays it (a read
   * before the send failed). refundAttempt undoes the write-ahead attempt count when the request never
   * reached the server (offline, credentials, 429).
   */
  requeueOp: {
    request: z.strictObject({
      id: opId(),
      nextAttemptAt: isoDateTime().optional(),
      refundAttempt: z.boolean().optional(),
      reason: z.string().optional(),
    }),
    response: maybeOp,
  },
  /**
   * sending → uncertain: the outcome is unknown and must be looked up before any retry. Also uncertain →
   * uncertain with nextAttemptAt, when the lookup itself could not run.
   */
  markUncertain: {
    request: z.strictObject({ id: opId(), reason: z.string(), nextAttemptAt: isoDateTime().optional() }),
    response: maybeOp,
  },
  /** queued|sending → conflicted with the fields both sides changed; dependents become blocked. */
  markConflicted: {
    request: z.strictObject({ id: opId(), conflicts: z.array(FieldConflictSchema).min(1) }),
    response: changed,
  },
  /** Recomputes which live ops are blocked (temp ids unresolved, a failed parent or aggregate head). */
  refreshBlocking: { request: z.strictObject({}), response: z.strictObject({ affected: z.array(opId()) }) },

  // User actions (the sync centre).
  /** failed|queued → queued now (clears backoff and problem). */
  retryNow: { request: z.strictObject({ id: opId() }), response: changed },
  /** failed|conflicted|queued|blocked: replace the body (and params), clear the problem, requeue. */
  editAndRetry: {
    request: z.strictObject({
      id: opId(),
      body: z.unknown(),
      params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
    }),
    response: changed,
  },
  /** The ops a discard would take with it (the op, then every op that depends on a temp id it creates). */
  discardPreview: { request: z.strictObject({ id: opId() }), response: ops },
  /** Discards the op and its dependents (never one that is sending or uncertain) and undoes their cache edits. */
  discard: {
    request: z.strictObject({ id: opId() }),
    response: z.strictObject({ discarded: z.array(opId()), refused: z.string().optional() }),
  },
  /** conflicted → queued with the user's value per conflicting field (field path → value). */
  resolveConflict: {
    request: z.strictObject({ id: opId(), values: z.record(z.string(), z.unknown()) }),
    response: changed,
  },

  // Pull.
  getCursor: {
    request: z.strictObject({ resource: z.string().min(1) }),
    response: z.strictObject({ cursor: PullCursorSchema.nullable() }),
  },
  /**
   * A pulled page (rows for one or more tables: a PO page also carries its lines and products) and the cursor
   * that follows it, in one transaction. Rows with pending local edits are rebased (the fields the pending ops
   * changed keep their local values); rows whose stored copy has the same modified_on and no pending edit are
   * left alone (de-duplication of the overlap window); deletes skip rows with pending edits. `cursor: null`
   * writes rows only (records fetched by id).
   */
  applyPulledPage: {
    request: z.strictObject({
      writes: z.array(CacheWriteSchema),
      cursor: PullCursorSchema.nullable(),
      at: isoDateTime(),
      /**
       * The page's pass and its number in it, from 0, when the engine sends it before the page ahead of it
       * was answered: applied only right after that page was stored (./pageChains.ts).
       */
      chain: z.strictObject({ pass: z.string().min(1), seq: z.number().int().nonnegative() }).optional(),
      /**
       * The page lists these parents' children in full (a PO's lines with include_items): cached children of
       * theirs that its puts to `table` leave out were deleted on the server (./listedChildren.ts).
       */
      listedChildren: z
        .strictObject({
          table: CacheTableSchema,
          parentField: z.string().min(1),
          parents: z.array(z.number().int()),
        })
        .optional(),
      /**
       * Records the page's rows name that the API serves only by id (a PO's supplier, a customer's outlet):
       * kept with the page's cursor, in its transaction, for the by-id step to fetch (./byIdRequests.ts), so
       * a run killed after the page was stored does not lose them. Each at most once a run is enough.
       */
      refs: z.array(ByIdRefSchema).optional(),
    }),
    response: z.strictObject({
      written: z.number().int(),
      unchanged: z.number().int(),
      rebased: z.number().int(),
      deleted: z.number().int(),
    }),
  },
  /**
   * Of the given ids, those missing from the table or last fetched before `fetchedBefore`; without ids, up to
   * `limit` cached rows fetched before then (the refresh of by-id resources).
   */
  staleIds: {
    request: z.strictObject({
      table: CacheTableSchema,
      ids: z.array(z.number().int()).optional(),
      fetchedBefore: isoDateTime(),
      limit: z.number().int().positive().optional(),
    }),
    response: z.strictObject({ ids: z.array(z.number().int()) }),
  },
  /**
   * Records the user asked for by id that are not fetched yet (./byIdRequests.ts): the by-id pull fetches
   * them with the ones it found referenced. Storing the record, or its delete after a 404, settles them.
   * With `pulled`, also the references stored pages named (applyPulledPage `refs`) not yet dealt with.
   */
  requestedById: {
    request: z.strictObject({ pulled: z.boolean().optional() }),
    response: z.strictObject({
      refs: z.array(z.strictObject({ table: CacheTableSchema, id: z.number().int().positive() })),
    }),
  },
  /**
   * Clears pulled references the by-id step has dealt with: fetched (storing the record cleared them
   * already) or found fresh in the cache. The user's own requests are not touched.
   */
  forgetPulledRefs: {
    request: z.strictObject({ refs: z.array(ByIdRefSchema) }),
    response: z.strictObject({}),
  },
  /**
   * Primary keys of a table's rows whose `field` equals one of `values` (the children of a record), or of
   * every row without a field (reconciling a full list); without a field, `after` and `limit` page through
   * the keys in order (a sweep over the products that resumes where it stopped).
   */
  keysWhere: {
    request: z.strictObject({
      table: CacheTableSchema,
      field: z.string().optional(),
      values: z.array(z.number().int()).optional(),
      after: z.number().int().optional(),
      limit: z.number().int().positive().optional(),
    }),
    response: z.strictObject({ keys: z.array(CacheKeySchema) }),
  },

  // Status and housekeeping.
  countByState: {
    request: z.strictObject({}),
    response: z.strictObject({ counts: z.record(OpStateSchema, z.number().int()) }),
  },
  /**
   * Deletes done (and discarded) ops finished before `before`; with `tempIdsResolvedBefore`, also temp-id
   * entries resolved before then that no live op or its rows still names (`tempIds`: how many).
   */
  prune: {
    request: z.strictObject({ before: isoDateTime(), tempIdsResolvedBefore: isoDateTime().optional() }),
    response: z.strictObject({ pruned: z.number().int(), tempIds: z.number().int().optional() }),
  },
} as const;

export type StorePortMethod = keyof typeof STORE_PORT;
export type PortRequest<M extends StorePortMethod> = z.input<(typeof STORE_PORT)[M]['request']>;
export type PortResponse<M extends StorePortMethod> = z.output<(typeof STORE_PORT)[M]['response']>;

/** The port as the engine sees it: one async function per method. */
export type StorePort = { [M in StorePortMethod]: (request: PortRequest<M>) => Promise<PortResponse<M>> };

export type OpCounts = Record<(typeof OP_STATES)[number], number>;

export function emptyCounts(): OpCounts {
  return Object.fromEntries(OP_STATES.map((state) => [state, 0])) as OpCounts;
}

/**
 * Wraps a port so every request and response is validated: what the bridge will do. Tests wire the Dexie
 * store through it so a non-serialisable value or a shape drift fails there, not later over IPC.
 */
export function validatedPort(inner: StorePort): StorePort {
  const wrapped: Partial<Record<StorePortMethod, unknown>> = {};
  for (const method of Object.keys(STORE_PORT) as StorePortMethod[]) {
    const { request, response } = STORE_PORT[method];
    wrapped[method] = async (input: unknown) => {
      const parsed = request.parse(input);
      const answer = await (inner[method] as (r: unknown) => Promise<unknown>)(parsed);
      return response.parse(structuredClone(answer));
    };
  }
  return wrapped as StorePort;
}
