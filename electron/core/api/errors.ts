/**
 * How every failed API call is described to the sync engine and the UI. The client classifies; the engine
 * decides (docs/architecture.md, "Sync state machine"): transient → backoff and retry; auth → pause
 * "credentials rejected"; permanent / conflict / not-found → the op is failed with the server's problem,
 * visible to the user.
 */
import type { Problem } from '../../../src/api/resources';

export type ApiErrorKind = 'transient' | 'auth' | 'permanent' | 'conflict' | 'not-found';

/**
 * Whether the request may have reached the server. A write whose delivery is `maybe` is uncertain: the engine
 * must look up whether it took effect before retrying it.
 *  - `no`: refused or failed before a connection (nothing was sent)
 *  - `maybe`: the connection broke or timed out after the request may have been sent
 *  - `yes`: an HTTP response arrived
 */
export type Delivery = 'no' | 'maybe' | 'yes';

export class ApiCallError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      readonly delivery: Delivery;
      readonly status?: number;
      readonly problem?: Problem;
      /** From Retry-After on 429/503, in milliseconds. */
      readonly retryAfterMs?: number;
      readonly requestId?: string;
      /** The operation and path (no query values, no credentials), for logs and the sync centre. */
      readonly operation: string;
    },
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * The response did not match the contract: the server (or the contract) is wrong; never retried blindly.
 * The request did reach the server (a 2xx arrived), so a write it answers has taken effect.
 */
export class ContractError extends Error {
  constructor(
    readonly operation: string,
    readonly fields: Record<string, string[]>,
    /** The server's echo of x-request-id, so the failure can be found in the server's logs. */
    readonly requestId?: string,
  ) {
    super(`${operation}: the response does not match the v2.1 contract`);
    this.name = 'ContractError';
  }
}

/**
 * The caller's AbortSignal fired. Deliberately not an ApiCallError: nothing failed, the caller gave up, so it
 * must never be counted as an attempt or shown as a failure. `name` is 'AbortError' like the platform's own, so
 * generic `error.name === 'AbortError'` checks keep working. `delivery` says whether a write may have left.
 */
export class CallAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor(
    readonly operation: string,
    readonly delivery: Delivery,
  ) {
    super(`${operation}: aborted by the caller`);
  }
}

/** How every 'auth' failure's message begins, whatever operation or status caused it. */
export const CREDENTIALS_REJECTED = 'credentials rejected';
