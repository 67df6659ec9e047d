/**
 * What every op spec of this folder shares: the OpKindSpec the engine consumes, plus the temp ids an op
 * references (what keeps it blocked until each is mapped) and the child ids a create made, and the payload
 * schema built from the endpoint row.
 */
import { z } from 'zod';
import {
  ENDPOINTS,
  type EndpointSpec,
  type Endpoints,
  type OperationId,
} from '../../../../src/api/endpoints';
import type { OpKind, OpRecord } from '../../../../src/db/ops';
import type { ChildIds } from '../../../../src/db/storePort';
import type { OpKindSpec } from '../opKind';

/**
 * The op as aggregateOf sees it. `createsTempId` is optional so callers holding only params/body (the
 * interface's shape) still get an answer; creates that know their temp id join the aggregate that their
 * dependent updates name (`supplierInvoice:-4`), which keeps create → update FIFO.
 */
export type OpShape = Pick<OpRecord, 'params' | 'body'> & { createsTempId?: number | undefined };

export interface OpSpec<K extends OpKind = OpKind> extends OpKindSpec<K> {
  aggregateOf(op: OpShape): string;
  /** Negative ids the op's params or body reference: it cannot be sent until each is mapped. */
  tempIdsOf(op: Pick<OpRecord, 'params' | 'body'>): number[];
  /** Creates that make children too (a PO's lines): their server ids in body order, for the temp id map. */
  childIdsOf?(result: unknown): ChildIds[];
}

/** The body an operation takes, as the contract's schema outputs it (undefined for bodiless operations). */
export type BodyOf<Id extends OperationId> = Endpoints[Id]['body'] extends z.ZodType
  ? z.output<Endpoints[Id]['body']>
  : undefined;

export interface Payload<N extends string, B> {
  params: Record<N, number>;
  body: B;
}

/**
 * `{params, body}` from the endpoint row: its path-parameter schema (int32, so negative temp ids pass) and
 * its body schema, or `body` when an op is stricter than the contract. The row's params are typed loosely by
 * the table, so the names are passed in and checked against the row once, when the module loads.
 */
export function payloadOf<
  Id extends OperationId,
  N extends string = never,
  B extends BodyOf<Id> = BodyOf<Id>,
>(id: Id, names: readonly N[] = [], body?: z.ZodType<B>): z.ZodType<Payload<N, B>> {
  const row = ENDPOINTS[id] as EndpointSpec;
  const declared = Object.keys(row.params.shape).sort().join(',');
  if (declared !== [...names].sort().join(','))
    throw new Error(`${id}: path parameters are [${declared}], not [${names.join(',')}]`);
  const bodySchema = body ?? row.body ?? z.undefined().optional();
  return z.strictObject({ params: row.params, body: bodySchema }) as unknown as z.ZodType<Payload<N, B>>;
}

const isTempId = (value: unknown): value is number => Number.isInteger(value) && (value as number) < 0;
/** Body keys that hold ids: `{id}` references and `…_id` fields. Amounts may be negative, ids never are. */
const isIdKey = (key: string) => key === 'id' || key.endsWith('_id');

function collectBody(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectBody(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    if (isIdKey(key) && isTempId(child)) into.add(child);
    else collectBody(child, into);
  }
}

/** Every temp id in path parameters and in id fields of the body, once each, ascending. */
export function tempIdsIn(op: Pick<OpRecord, 'params' | 'body'>): number[] {
  const found = new Set<number>();
  for (const value of Object.values(op.params)) if (isTempId(value)) found.add(value);
  collectBody(op.body, found);
  return [...found].sort((a, b) => a - b);
}
