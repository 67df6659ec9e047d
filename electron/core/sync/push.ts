/**
 * Replaying one op (docs/architecture.md, "Sync state machine"). The order of steps is what makes it exactly
 * once:
 *   uncertain? → reconcile first (never a blind retry)
 *   update?    → read the server's record, 3-way merge (conflict → the user)
 *   write-ahead: mark sending (durable) → send → complete | classify the error
 * An op is only ever left in a state the store records; a crash at any point leaves it queued (nothing
 * sent), sending (→ uncertain at the next start) or finished.
 */
import { ENDPOINTS, type EndpointSpec } from '../../../src/api/endpoints';
import { opCatalog } from '../../../src/db/opCatalog';
import type { OpProblem, OpRecord } from '../../../src/db/ops';
import type { ChildIds, PortRequest, PortResponse, StorePort } from '../../../src/db/storePort';
import { ApiCallError, CallAbortedError, ContractError } from '../api/errors';
import { redactShapes, redactStrings } from '../log/redact';
import type { ApiClient } from '../api/types';
import { backoffDelay } from './backoff';
import type { Connectivity } from './connectivity';
import { keyedArrayMerge, threeWayMerge } from './merge';
import { DEFAULT_RETRY_AFTER_MS } from './pacedClient';
import type { OpKindSpec, OpRunContext } from './opKind';
import type { RateLimiter } from './rateLimiter';
import type { BackoffOptions, SyncLogger } from './types';

export interface PushContext {
  store: StorePort;
  /** For reads and lookups: paced by the rate limiter. */
  client: ApiClient;
  /** For the write itself: the caller has taken its limiter turn before the write-ahead mark. */
  sendClient: ApiClient;
  specFor(kind: OpRecord['kind']): OpKindSpec;
  now(): Date;
  random(): number;
  backoff: BackoffOptions;
  signal: AbortSignal;
  connectivity: Connectivity;
  limiter: RateLimiter;
  logger: SyncLogger;
  /**
   * Records a completion. The engine's adds the read (and claim) of what runs next to the same store
   * request and starts it, so in steady replay an op costs one round trip; without it, the store's own.
   */
  completeOp?(op: OpRecord, request: PortRequest<'completeOp'>): Promise<PortResponse<'completeOp'>>;
  /** The client says the credentials were refused: pause everything, spend nothing. */
  onAuthRejected(message: string): void;
  onError(message: string): void;
}

/** What became of the op: `done`, `failed` and `conflicted` are progress; the rest wait for a later pump. */
export type PushOutcome =
  'done' | 'failed' | 'conflicted' | 'requeued' | 'uncertain' | 'offline' | 'auth' | 'skipped';

const iso = (ctx: PushContext, plusMs = 0) => new Date(ctx.now().getTime() + plusMs).toISOString();

function problemOf(error: ApiCallError): OpProblem {
  const p = error.details.problem;
  const problem: OpProblem = {
    status: error.details.status ?? p?.status ?? null,
    title: p?.title ?? null,
    detail: p?.detail ?? error.message,
  };
  const errors = (p as { errors?: Record<string, string[]> } | undefined)?.errors;
  if (errors) problem.errors = errors;
  if (error.details.requestId) problem.requestId = error.details.requestId;
  return problem;
}

/**
 * The context with every text a failure records or reports (an op's reason and problem, the status's error)
 * passed through the client's secrets redactor, whatever produced it: the API errors are already redacted
 * where they are built (electron/core/api/classify.ts), but a reason can also quote a String(error) or a
 * reconcile candidate. This is the last step before the outbox record, which the renderer's sync centre
 * shows. A client without a redactor (a test double) still gets the well-known shapes redacted.
 */
function redactingFailures(ctx: PushContext): PushContext {
  const clean = ctx.sendClient.redact ?? ctx.client.redact ?? redactShapes;
  const { store } = ctx;
  const overrides: Partial<StorePort> = {
    failOp: (request) =>
      store.failOp({
        ...request,
        reason: clean(request.reason),
        ...(request.problem ? { problem: redactStrings(request.problem, clean) } : {}),
      }),
    requeueOp: (request) =>
      store.requeueOp(request.reason === undefined ? request : { ...request, reason: clean(request.reason) }),
    markUncertain: (request) => store.markUncertain({ ...request, reason: clean(request.reason) }),
  };
  const redacting = new Proxy(store, {
    get(target, name) {
      const own = overrides[name as keyof StorePort];
      if (own) return own;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    ...ctx,
    store: redacting,
    onAuthRejected: (message) => ctx.onAuthRejected(clean(message)),
    onError: (message) => ctx.onError(clean(message)),
  };
}

function runContext(ctx: PushContext): OpRunContext {
  return { client: ctx.client, now: ctx.now, signal: ctx.signal };
}

/** `op.params` holds path parameters (and, for any op that needs one, query parameters). */
function callInput(spec: OpKindSpec, op: OpRecord, body: unknown) {
  const endpoint = ENDPOINTS[spec.operation] as EndpointSpec;
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = Object.fromEntries(Object.entries(op.params).filter(([k]) => names.includes(k)));
  const query = Object.fromEntries(Object.entries(op.params).filter(([k]) => !names.includes(k)));
  return {
    input: {
      params,
      ...(Object.keys(query).length ? { query } : {}),
      ...(endpoint.body ? { body } : {}),
    },
    isWrite: endpoint.method !== 'GET',
    isCreate: endpoint.method === 'POST',
  };
}

/**
 * `claimed`: the op was marked sending by the store request that listed it (`nextOps` with a claim), with
 * its pacing turn taken: it is sent at once, with no read and no write-ahead of its own.
 */
export async function pushOp(context: PushContext, op: OpRecord, claimed = false): Promise<PushOutcome> {
  const ctx = redactingFailures(context);
  const spec = ctx.specFor(op.kind);
  if (claimed) {
    if (!(await payloadValid(ctx, spec, op))) return 'failed';
    return send(ctx, spec, op, op.body);
  }
  return op.state === 'uncertain' ? reconcileOp(ctx, spec, op) : sendOp(ctx, spec, op);
}

/** A queued payload the API's schema no longer accepts fails with the reason, never sent. */
async function payloadValid(ctx: PushContext, spec: OpKindSpec, op: OpRecord): Promise<boolean> {
  const valid = spec.payload.safeParse({ params: op.params, body: op.body });
  if (valid.success) return true;
  const issues = valid.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  await ctx.store.failOp({ id: op.id, reason: `The queued change no longer matches the API: ${issues}` });
  return false;
}

async function sendOp(ctx: PushContext, spec: OpKindSpec, op: OpRecord): Promise<PushOutcome> {
  if (!(await payloadValid(ctx, spec, op))) return 'failed';
  let body = op.body;
  // The merge is field by field: an object body key by key, an array body whose items are keyed (a
  // product's supplier links, by code: the catalog's itemKey) item by item. Any other array is replayed
  // as it is.
  const itemKey = opCatalog(op.kind).itemKey;
  const isObject = op.body !== null && typeof op.body === 'object' && !Array.isArray(op.body);
  const mergeable = isObject || (itemKey !== undefined && Array.isArray(op.body));
  if (spec.readCurrent && op.baseVersion !== undefined && mergeable) {
    let current: unknown;
    try {
      current = await spec.readCurrent(runContext(ctx), op);
    } catch (error) {
      return beforeSendError(ctx, op, error);
    }
    const merged =
      itemKey !== undefined
        ? keyedArrayMerge(itemKey, op.baseVersion, op.body, current)
        : threeWayMerge(op.baseVersion, op.body, current);
    if (merged.conflicts.length) {
      await ctx.store.markConflicted({ id: op.id, conflicts: merged.conflicts });
      return 'conflicted';
    }
    if (Object.keys(merged.body).length === 0) {
      // Every local change is already on the server (our earlier attempt landed but its response was lost,
      // or someone made the same change): sending `{}` could be refused (a finalised invoice answers 409), so
      // the op is done, with the record just read as its result. Marked sending first: only sending or
      // uncertain ops complete, and a crash here is reconciled like any other.
      const { op: sending } = await ctx.store.markSending({ id: op.id, at: iso(ctx) });
      if (!sending) return 'skipped';
      return complete(ctx, spec, sending, current);
    }
    body = merged.body;
  }
  // The limiter's turn first, so an op is never left `sending` while it only waited for pacing.
  try {
    await ctx.limiter.acquire(ctx.signal);
  } catch {
    return 'skipped';
  }
  // Write-ahead: from here on a crash leaves the op `sending`, which the next start treats as uncertain.
  const { op: sending } = await ctx.store.markSending({ id: op.id, at: iso(ctx) });
  if (!sending) return 'skipped';
  // The clerk changed the waiting op between its read above and the mark (the sync centre's editor, lines
  // added to a draft order waiting to go: src/db/edits/queuedOrderLines.ts). The body in hand is stale and
  // nothing has left: back to the queue, refunded, so the next pump sends the op as it now stands.
  if (changedSince(op, sending)) {
    await ctx.store.requeueOp({ id: op.id, refundAttempt: true });
    return 'skipped';
  }
  return send(ctx, spec, sending, body);
}

/** Whether the op's request changed between two reads of it (only a clerk's edit changes it while queued). */
function changedSince(read: OpRecord, marked: OpRecord): boolean {
  return JSON.stringify([read.params, read.body]) !== JSON.stringify([marked.params, marked.body]);
}

/** The request of an op marked sending, whose pacing turn is taken: it leaves now. */
async function send(
  ctx: PushContext,
  spec: OpKindSpec,
  sending: OpRecord,
  body: unknown,
): Promise<PushOutcome> {
  const { input } = callInput(spec, sending, body);
  let result: unknown;
  try {
    result = await ctx.sendClient.call(spec.operation, input as never, { signal: ctx.signal });
  } catch (error) {
    return sendError(ctx, spec, sending, error);
  }
  return complete(ctx, spec, sending, result);
}

/** The server applied the op: record it with its cache writes and temp-id mapping, in one transaction. */
async function complete(
  ctx: PushContext,
  spec: OpKindSpec,
  op: OpRecord,
  result: unknown,
): Promise<PushOutcome> {
  let cacheWrites: ReturnType<OpKindSpec['cacheWrites']> = [];
  let resultId: number | undefined;
  let childIds: ChildIds[] = [];
  try {
    cacheWrites = spec.cacheWrites(op, result);
    resultId = spec.resultIdOf?.(result);
    childIds = spec.childIdsOf?.(result) ?? [];
  } catch (error) {
    // It happened on the server whatever we make of the answer: never retry it; the next pull fills the cache.
    ctx.logger.error({ event: 'result-unreadable', opId: op.id, kind: op.kind, detail: String(error) });
  }
  const request: PortRequest<'completeOp'> = {
    id: op.id,
    at: iso(ctx),
    ...(resultId === undefined ? {} : { resultId }),
    cacheWrites,
    tempIds: [],
    childIds,
  };
  await (ctx.completeOp ? ctx.completeOp(op, request) : ctx.store.completeOp(request));
  return 'done';
}

/** A read before the send failed: nothing was sent, so no attempt is spent. */
async function beforeSendError(ctx: PushContext, op: OpRecord, error: unknown): Promise<PushOutcome> {
  if (error instanceof CallAbortedError || ctx.signal.aborted) return 'skipped';
  if (error instanceof ApiCallError) {
    if (error.kind === 'auth') {
      ctx.onAuthRejected(error.message);
      return 'auth';
    }
    if (error.kind === 'transient') {
      ctx.onError(error.message);
      if (error.details.delivery === 'no' && !(await ctx.connectivity.check())) {
        ctx.connectivity.lost();
        return 'offline';
      }
      const wait = backoffDelay(op.attempts + 1, ctx.backoff, ctx.random, error.details.retryAfterMs);
      await ctx.store.requeueOp({ id: op.id, nextAttemptAt: iso(ctx, wait), reason: error.message });
      return 'requeued';
    }
    // Gone on the server: a PUT would answer 404 too, and retrying cannot bring the record back.
    const reason =
      error.kind === 'not-found'
        ? `The record no longer exists on the server (deleted elsewhere?), so this change cannot be ` +
          `applied. Discard it, or recreate the record and make the change again. (${error.message})`
        : `Could not read the record before updating it: ${error.message}`;
    await ctx.store.failOp({ id: op.id, reason, problem: problemOf(error) });
    return 'failed';
  }
  const reason = `Could not read the record before updating it: ${String(error)}`;
  await ctx.store.failOp({ id: op.id, reason });
  return 'failed';
}

/** The send failed: decide between uncertain, backoff, offline pause, auth pause and failed. */
async function sendError(
  ctx: PushContext,
  spec: OpKindSpec,
  op: OpRecord,
  error: unknown,
): Promise<PushOutcome> {
  const id = op.id;
  if (error instanceof CallAbortedError) {
    if (error.delivery === 'no') await ctx.store.requeueOp({ id, refundAttempt: true });
    else await ctx.store.markUncertain({ id, reason: 'Stopped while the request was in flight' });
    return error.delivery === 'no' ? 'requeued' : 'uncertain';
  }
  if (error instanceof ContractError) {
    await ctx.store.markUncertain({ id, reason: `The server answered, but unreadably: ${error.message}` });
    return 'uncertain';
  }
  if (!(error instanceof ApiCallError)) {
    ctx.logger.error({ event: 'send-crashed', opId: id, kind: op.kind, detail: String(error) });
    await ctx.store.markUncertain({ id, reason: `Sending failed unexpectedly: ${String(error)}` });
    return 'uncertain';
  }
  const { delivery, status, retryAfterMs } = error.details;
  if (error.kind === 'auth') {
    await ctx.store.requeueOp({ id, refundAttempt: true, reason: error.message });
    ctx.onAuthRejected(error.message);
    return 'auth';
  }
  if (error.kind === 'transient') {
    ctx.onError(error.message);
    const { isCreate } = callInput(spec, op, undefined);
    // 429, 503 and 408 say the request was not processed; any other 5xx on a create might have been.
    const refused = status === 429 || status === 503 || status === 408;
    if (delivery === 'maybe' || (isCreate && delivery === 'yes' && !refused)) {
      await ctx.store.markUncertain({ id, reason: error.message });
      return 'uncertain';
    }
    if (delivery === 'no' && !(await ctx.connectivity.check())) {
      // Offline is not the op's failure: the attempt is given back and nothing is scheduled.
      await ctx.store.requeueOp({ id, refundAttempt: true, reason: 'Offline' });
      ctx.connectivity.lost();
      return 'offline';
    }
    if (status === 429) {
      // Refused for pacing, not for the op: the attempt is given back (the limiter is already paused).
      const at = iso(ctx, retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
      await ctx.store.requeueOp({ id, refundAttempt: true, nextAttemptAt: at, reason: error.message });
      return 'requeued';
    }
    const wait = backoffDelay(op.attempts, ctx.backoff, ctx.random, retryAfterMs);
    await ctx.store.requeueOp({ id, nextAttemptAt: iso(ctx, wait), reason: error.message });
    return 'requeued';
  }
  if (error.kind === 'not-found' && spec.notFoundMeansDone) return complete(ctx, spec, op, undefined);
  await ctx.store.failOp({ id, reason: error.message, problem: problemOf(error) });
  return 'failed';
}

function describeCandidate(candidate: unknown): string {
  if (candidate && typeof candidate === 'object') {
    const record = candidate as Record<string, unknown>;
    const id = record.id ?? record.po_item_id;
    const created = record.created_on;
    if (id !== undefined) return `#${String(id)}${created ? ` (created ${String(created)})` : ''}`;
  }
  return JSON.stringify(candidate).slice(0, 120);
}

/** Before any retry of an uncertain op: did the lost attempt take effect? */
async function reconcileOp(ctx: PushContext, spec: OpKindSpec, op: OpRecord): Promise<PushOutcome> {
  let outcome;
  try {
    outcome = await spec.reconcile(runContext(ctx), op);
  } catch (error) {
    if (error instanceof CallAbortedError || ctx.signal.aborted) return 'skipped';
    if (error instanceof ApiCallError && error.kind === 'auth') {
      ctx.onAuthRejected(error.message);
      return 'auth';
    }
    if (error instanceof ApiCallError && error.kind === 'transient') {
      ctx.onError(error.message);
      if (error.details.delivery !== 'yes' && !(await ctx.connectivity.check())) {
        ctx.connectivity.lost();
        return 'offline';
      }
      const wait = backoffDelay(op.attempts, ctx.backoff, ctx.random, error.details.retryAfterMs);
      const reason = `Checking whether it was applied: ${error.message}`;
      await ctx.store.markUncertain({ id: op.id, reason, nextAttemptAt: iso(ctx, wait) });
      return 'uncertain';
    }
    // The check cannot be made (bad lookup, unreadable answer): the user decides, we never guess.
    const reason = `Could not check whether the change was applied (${String(error)}); check on the server before retrying.`;
    await ctx.store.failOp({
      id: op.id,
      reason,
      ...(error instanceof ApiCallError ? { problem: problemOf(error) } : {}),
    });
    return 'failed';
  }
  switch (outcome.outcome) {
    case 'applied':
      ctx.logger.info({ event: 'reconciled-applied', opId: op.id, kind: op.kind });
      return complete(ctx, spec, op, outcome.result);
    case 'absent':
    case 'replay':
      await ctx.store.requeueOp({
        id: op.id,
        reason: outcome.outcome === 'absent' ? 'Not applied; sending again' : 'Replaying',
      });
      return 'requeued';
    case 'ambiguous': {
      const candidates = outcome.candidates.map(describeCandidate).join(', ');
      await ctx.store.failOp({ id: op.id, reason: `${outcome.reason}. Candidates: ${candidates}` });
      return 'failed';
    }
  }
}
