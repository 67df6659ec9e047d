/**
 * How every failed API call is described to the sync engine and the UI. The client classifies; the engine
 * decides (design.md, "Errors"): transient → backoff and retry; auth → pause "credentials rejected";
 * permanent / conflict / not-found → the op is failed with the server's problem, visible to the user.
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

/** The response did not match the contract: the server (or the contract) is wrong; never retried blindly. */
export class ContractError extends Error {
  constructor(
    readonly operation: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(`${operation}: the response does not match the v2.1 contract`);
    this.name = 'ContractError';
  }
}
