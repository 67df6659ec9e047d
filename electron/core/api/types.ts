/**
 * The typed API client's surface: one call per operation of the endpoint table, inputs and outputs inferred
 * from the contract's schemas. The implementation is electron/core/api/client.ts.
 */
import type { z } from 'zod';
import type { Endpoints, OperationId } from '../../../src/api/endpoints';

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type HasKeys<T> = keyof T extends never ? false : true;

/** `params` is required when the path has placeholders, `body` when the operation takes one. */
export type CallInput<Id extends OperationId> = (HasKeys<Input<Endpoints[Id]['params']>> extends true
  ? { params: Input<Endpoints[Id]['params']> }
  : { params?: Record<string, never> }) &
  (Endpoints[Id]['query'] extends z.ZodType ? { query?: Input<Endpoints[Id]['query']> } : { query?: never }) &
  (Endpoints[Id]['body'] extends z.ZodType ? { body: Input<Endpoints[Id]['body']> } : { body?: never });

/** The parsed response; `undefined` for 204 operations. */
export type CallOutput<Id extends OperationId> = Endpoints[Id]['response'] extends z.ZodType
  ? z.output<Endpoints[Id]['response']>
  : undefined;

export interface CallOptions {
  signal?: AbortSignal;
  /** Per-call timeout; the client's default otherwise. */
  timeoutMs?: number;
  /** Reads (GET) are retried on network errors, 5xx and 429 by default; writes never are. */
  retry?: boolean;
  /** `Cache-Control` request header (the seed's optional header). */
  cacheControl?: string;
}

export interface ApiClient {
  readonly baseUrl: string;
  call<Id extends OperationId>(id: Id, input: CallInput<Id>, options?: CallOptions): Promise<CallOutput<Id>>;
}
