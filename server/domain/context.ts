/**
 * What every operation handler receives and returns. The HTTP layer (server/http) has already checked the
 * key and token and validated path parameters, query and body against the endpoint table, so a handler
 * sees typed, valid input and applies only the domain rules.
 */
import type { z } from 'zod';
import type { Endpoints, OperationId } from '../../src/api/endpoints';
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
 * A handler's answer. `body` is the response record (it must satisfy the endpoint's response schema; the
 * HTTP layer checks it when response validation is on). The status comes from the endpoint table.
 * `json` lets a hot path hand over an already serialised body.
 */
export type HandlerResult = { body: unknown } | { json: string } | { empty: true };

export type Handler<Id extends OperationId = OperationId> = (context: HandlerContext<Id>) => HandlerResult;

/** Every operation except the token, which the HTTP layer's auth answers itself. */
export type DomainOperationId = Exclude<OperationId, 'getAuthToken'>;

export type HandlerTable = { [Id in DomainOperationId]: Handler<Id> };

export const ok = (body: unknown): HandlerResult => ({ body });
export const noContent = (): HandlerResult => ({ empty: true });
