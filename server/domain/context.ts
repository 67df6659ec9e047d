/**
 * What every operation handler receives and returns. The HTTP layer (server/http) has already checked the
 * key and token and validated path parameters, query and body against the endpoint table, so a handler
 * sees typed, valid input and applies only the domain rules.
 */
import type { z } from 'zod';
import type { Endpoints, OperationId } from '../../src/api/endpoints';
import type { JsonOut } from '../jsonOut';
import type { SimState, User } from '../state';

type Infer<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface HandlerContext<Id extends OperationId = OperationId> {
  state: SimState;
  /** The user the API key belongs to: stamped on created_by / modified_by. */
  user: User;
  /** The simulator's clock (injectable, so tests can move time). */
  now: () => Date;
  params: Infer<Endpoints[Id]['params']>;
  query: Infer<Endpoints[Id]['query']>;
  body: Infer<Endpoints[Id]['body']>;
}

/**
 * A body the HTTP layer writes as bytes (server/jsonOut.ts) instead of stringifying: for responses too large
 * to build as objects and one string. `write` must produce exactly `JSON.stringify(body)`; `body` is built
 * only when read (by tests that call handlers directly, and by response validation, which also compares the
 * two serialisations).
 */
export interface WrittenResult {
  readonly body: unknown;
  write(out: JsonOut): void;
}

/**
 * A handler's answer. `body` is the response record (it must satisfy the endpoint's response schema; the
 * HTTP layer checks it when response validation is on). The status comes from the endpoint table.
 * `json` lets a hot path hand over an already serialised body; a WrittenResult writes one as bytes.
 */
export type HandlerResult = { body: unknown } | { json: string } | WrittenResult | { empty: true };

export type Handler<Id extends OperationId = OperationId> = (context: HandlerContext<Id>) => HandlerResult;

/** Every operation except the token, which the HTTP layer's auth answers itself. */
export type DomainOperationId = Exclude<OperationId, 'getAuthToken'>;

export type HandlerTable = { [Id in DomainOperationId]: Handler<Id> };

export const ok = (body: unknown): HandlerResult => ({ body });
export const noContent = (): HandlerResult => ({ empty: true });

/** A WrittenResult: `build` makes the body objects on demand, `write` writes the same JSON as bytes. */
export const written = (build: () => unknown, write: (out: JsonOut) => void): WrittenResult => ({
  get body() {
    return build();
  },
  write,
});
