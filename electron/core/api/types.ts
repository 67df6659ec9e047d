/**
 * The typed API client's surface: one call per operation of the endpoint table, inputs and outputs inferred
 * from the contract's schemas. The implementation is electron/core/api/client.ts.
 */
import type { z } from 'zod';
import type { Endpoints, OperationId } from '../../../src/api/endpoints';
import type { ApiCallError } from './errors';

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/**
 * The `{name}` placeholders of a path literal. Read from the path, not the params schema: the table's
 * generated params schemas are typed as a generic ZodObject, whose keys would make every operation look like
 * it had path parameters.
 */
type Placeholders<P> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** `params` is required when the path has placeholders, `body` when the operation takes one. */
export type CallInput<Id extends OperationId> = ([Placeholders<Endpoints[Id]['path']>] extends [never]
  ? { params?: Record<string, never> }
  : { params: Input<Endpoints[Id]['params']> }) &
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
  /** `Cache-Control` request header (the API's one optional header). */
  cacheControl?: string;
  /**
   * Told of every attempt the server refused with 429, a read's retries included, before the client decides
   * whether to retry: the sync engine's pacing pauses all its requests at once (sync/pacedClient.ts).
   */
  onRefused?: (error: ApiCallError) => void;
  /**
   * The 2xx body is checked with this schema in place of the endpoint's: one that still checks everything
   * the caller keeps (the pull's order pages, sync/pull/knownProducts.ts). Never used to check less than that.
   */
  responseSchema?: z.ZodType;
}

/** The server's clock, from its responses' `Date` headers (serverClock.ts). */
export interface ServerTime {
  /**
   * `pcMs`, a time this PC's clock gave, as the server's time: never later than the truth, whatever the PC's
   * clock did since. Fetches the token first when nothing was heard from the server yet in this run;
   * undefined when the server sends no `Date`.
   */
  at(pcMs: number, signal?: AbortSignal): Promise<number | undefined>;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Absent on clients that cannot tell (test doubles): a reconciliation then trusts the PC's clock. */
  readonly serverTime?: ServerTime;
  /**
   * Replaces every secret this client has sent (its key, every token it was issued) in a text, for what
   * records or shows a failure (electron/core/sync/push.ts). Absent on test doubles, which hold no secret.
   */
  redact?(text: string): string;
  call<Id extends OperationId>(id: Id, input: CallInput<Id>, options?: CallOptions): Promise<CallOutput<Id>>;
}
