/**
 * What the sync engine needs to know about each kind of queued write. One spec per OpKind lives in
 * electron/core/sync/ops/; the engine is generic over them.
 */
import type { z } from 'zod';
import type { OperationId } from '../../../src/api/endpoints';
import type { CacheWrite } from '../../../src/db/cacheWrites';
import type { OpKind, OpRecord } from '../../../src/db/ops';
import type { ChildIds } from '../../../src/db/storePort';
import type { ApiClient } from '../api/types';

export interface OpRunContext {
  client: ApiClient;
  now: () => Date;
  signal?: AbortSignal;
}

/**
 * The answer to "did this uncertain attempt take effect?" (docs/architecture.md, "Sync state machine"):
 *  - applied: found on the server; `result` is the server record, handled as a success
 *  - absent: it certainly did not happen; safe to send again
 *  - replay: idempotent (PUT/DELETE); send again as is
 *  - ambiguous: more than one candidate or no safe key; the user decides, never a guess
 */
export type ReconcileOutcome =
  | { outcome: 'applied'; result: unknown }
  | { outcome: 'absent' }
  | { outcome: 'replay' }
  | { outcome: 'ambiguous'; reason: string; candidates: unknown[] };

export interface OpKindSpec<K extends OpKind = OpKind> {
  kind: K;
  /** The endpoint row the op is sent with (src/db/opCatalog.ts). */
  operation: OperationId;
  /**
   * The shape of `{params, body}` as stored in the outbox, validated on enqueue and before sending: the
   * catalog's schema (src/db/opCatalog.ts), the one the outbox validates with.
   */
  payload: z.ZodType<{ params: OpRecord['params']; body?: unknown }>;
  /**
   * The aggregate the op belongs to (FIFO within it), from its params/body: the catalog's function, the
   * one the outbox names the op's aggregate with.
   */
  aggregateOf(op: Pick<OpRecord, 'params' | 'body'> & { createsTempId?: number | undefined }): string;
  /** The resource table a create adds to (the temp id's entity), for creates. */
  creates?: string;
  /** Cache writes that follow a success, from the server's response (undefined for 204). */
  cacheWrites(op: OpRecord, result: unknown): CacheWrite[];
  /** The server id a create produced, from its response. */
  resultIdOf?(result: unknown): number | undefined;
  /**
   * Creates that make child records in the same request (a PO's lines): the children's server ids in body
   * order, so the store maps the temp ids allocated with the create's own as parent.
   */
  childIdsOf?(result: unknown): ChildIds[];
  /** Decide an uncertain attempt before any retry. */
  reconcile(context: OpRunContext, op: OpRecord): Promise<ReconcileOutcome>;
  /** Updates: read the current server record for the 3-way merge against op.baseVersion. */
  readCurrent?(context: OpRunContext, op: OpRecord): Promise<unknown>;
  /** A 404 on a replayed delete means it already happened. */
  notFoundMeansDone?: boolean;
  /** A short label for the sync centre. */
  describe(op: Pick<OpRecord, 'params' | 'body'>): string;
}
