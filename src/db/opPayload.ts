/**
 * The payload rules of a queued op, shared by the outbox writer (renderer) and the op specs (sync engine):
 * the `{params, body}` schema built from the op's endpoint row, and where the temp ids of a payload sit.
 * Both sides validating with the same schema means an op the outbox accepts is an op the engine can send.
 */
import { z } from 'zod';
import { ENDPOINTS, type EndpointSpec, type Endpoints, type OperationId } from '../api/endpoints';
import type { OpRecord } from './ops';
import { isIdKey } from './tempRefs';

/** The body an operation takes, as the contract's schema outputs it (undefined for bodiless operations). */
export type BodyOf<Id extends OperationId> = Endpoints[Id]['body'] extends z.ZodType
  ? z.output<Endpoints[Id]['body']>
  : undefined;

/** An op's payload: path parameters by name (every one an id) and the request body. */
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

function collectBody(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectBody(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    // Only id keys: amounts (rounding_adjustment, credits) may be negative, ids never are.
    if (isIdKey(key) && isTempId(child)) into.add(child);
    else collectBody(child, into);
  }
}

/**
 * Every temp id an op references, once each, ascending: negative path parameters (every path parameter is
 * an id) and negative numbers under id keys of the body. What keeps an op blocked until each is mapped.
 */
export function tempIdsOf(op: Pick<OpRecord, 'params' | 'body'>): number[] {
  const found = new Set<number>();
  for (const value of Object.values(op.params)) if (isTempId(value)) found.add(value);
  collectBody(op.body, found);
  return [...found].sort((a, b) => a - b);
}
