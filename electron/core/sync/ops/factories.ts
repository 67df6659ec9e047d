/**
 * The three shapes every op kind takes (docs/architecture.md, "Sync state machine"):
 *  - create: an uncertain attempt is looked up before any retry (natural key, or records created since it);
 *  - update: PUT is idempotent, so it is replayed; the engine re-reads the record for the 3-way merge;
 *  - delete: replayed too, and a 404 on the replay means an earlier attempt already removed it.
 * Area files (purchaseOrders.ts, customers.ts…) only say what is particular to their op kinds.
 */
import type { z } from 'zod';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { opCatalog } from '../../../../src/db/opCatalog';
import type { OpKind, OpRecord } from '../../../../src/db/ops';
import type { ChildIds } from '../../../../src/db/storePort';
import type { OpRunContext, ReconcileOutcome } from '../opKind';
import { decide } from './reconcile';
import type { OpSpec } from './spec';

/**
 * What a spec says itself. The endpoint, aggregate, temp ids and created table come from the op catalog
 * (src/db/opCatalog.ts), so they cannot drift from what the outbox wrote.
 */
interface BaseOptions<K extends OpKind, T> {
  kind: K;
  /** The catalog's payload schema for the kind (`OP_CATALOG[kind].payload`), which types T. */
  payload: z.ZodType<T>;
  /** The sync centre's label, e.g. "Finalise invoice INV-1043". */
  label(payload: T): string;
}

export interface CreateOptions<K extends OpKind, T, R> extends BaseOptions<K, T> {
  /** The endpoint's response schema: the created record. */
  result: z.ZodType<R>;
  rows(record: R, op: OpRecord): CacheWrite[];
  /** The server id the create produced; absent when the entity has no numeric id. */
  idOf?(record: R): number | undefined;
  /** The children the create made alongside the record, in body order (see OpSpec.childIdsOf). */
  childIds?(record: R): ChildIds[];
  reconcile(context: OpRunContext, payload: T, op: OpRecord): Promise<ReconcileOutcome>;
}

export interface UpdateOptions<K extends OpKind, T, R> extends BaseOptions<K, T> {
  result: z.ZodType<R>;
  rows(record: R, op: OpRecord): CacheWrite[];
  /** The record as the server has it now, in the shape of the op's base version. */
  current(context: OpRunContext, payload: T): Promise<unknown>;
}

export interface DeleteOptions<K extends OpKind, T> extends BaseOptions<K, T> {
  /** A 204 has no body: what the cache loses follows from the op alone. */
  rows(op: OpRecord, payload: T): CacheWrite[];
}

/** A reconciliation that looks candidates up and applies the one rule of ./reconcile. */
export const byLookup =
  <T, R>(what: string, find: (context: OpRunContext, payload: T, op: OpRecord) => Promise<R[]>) =>
  async (context: OpRunContext, payload: T, op: OpRecord): Promise<ReconcileOutcome> =>
    decide(await find(context, payload, op), what);

const replay = (): Promise<ReconcileOutcome> => Promise.resolve({ outcome: 'replay' });

function base<K extends OpKind, T>(options: BaseOptions<K, T>) {
  const catalog = opCatalog(options.kind);
  // A spec validating with another schema than the outbox would accept ops it then cannot send.
  if ((options.payload as unknown) !== catalog.payload)
    throw new Error(`${options.kind}: the spec's payload schema must be the op catalog's`);
  // Payloads are validated on enqueue; a stored op that no longer parses is a bug, reported loudly.
  const read = (op: Pick<OpRecord, 'params' | 'body'>): T =>
    options.payload.parse({ params: op.params, body: op.body });
  return {
    read,
    spec: {
      kind: options.kind,
      operation: catalog.operation,
      payload: catalog.payload,
      aggregateOf: catalog.aggregateOf,
      tempIdsOf: catalog.tempIdsOf,
      describe(op: Pick<OpRecord, 'params' | 'body'>) {
        // A label is for display only: an op that fails validation must still be listed, so no throw here.
        const parsed = options.payload.safeParse({ params: op.params, body: op.body });
        return parsed.success ? options.label(parsed.data) : `${options.kind} (invalid payload)`;
      },
    },
  };
}

export function createSpec<K extends OpKind, T, R>(options: CreateOptions<K, T, R>): OpSpec<K> {
  const { read, spec } = base(options);
  const { idOf, childIds } = options;
  const creates = opCatalog(options.kind).creates;
  if (!creates) throw new Error(`${options.kind}: the op catalog names no table for this create`);
  return {
    ...spec,
    creates,
    cacheWrites: (op, result) => options.rows(options.result.parse(result), op),
    ...(idOf ? { resultIdOf: (result: unknown) => idOf(options.result.parse(result)) } : {}),
    ...(childIds ? { childIdsOf: (result: unknown) => childIds(options.result.parse(result)) } : {}),
    reconcile: (context, op) => options.reconcile(context, read(op), op),
  };
}

export function updateSpec<K extends OpKind, T, R>(options: UpdateOptions<K, T, R>): OpSpec<K> {
  const { read, spec } = base(options);
  return {
    ...spec,
    cacheWrites: (op, result) => options.rows(options.result.parse(result), op),
    reconcile: replay,
    readCurrent: (context, op) => options.current(context, read(op)),
  };
}

export function deleteSpec<K extends OpKind, T>(options: DeleteOptions<K, T>): OpSpec<K> {
  const { read, spec } = base(options);
  return {
    ...spec,
    cacheWrites: (op) => options.rows(op, read(op)),
    reconcile: replay,
    notFoundMeansDone: true,
  };
}
