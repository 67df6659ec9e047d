/**
 * The API client as the engine uses it: every request first takes its turn at the engine's one rate limiter
 * (rateLimiter.ts), and a 429 on any attempt, a read's own retries included (the client reports them
 * through `onRefused`), pauses every caller for its Retry-After: the server's limit is per key, not per op.
 * Waiting for the limiter when the engine stops is reported as an abort before anything was sent.
 */
import { ApiCallError, CallAbortedError } from '../api/errors';
import type { ApiClient, CallOptions } from '../api/types';
import type { RateLimiter } from './rateLimiter';

export const DEFAULT_RETRY_AFTER_MS = 1_000;

export function pacedClient(raw: ApiClient, limiter: RateLimiter, options: { acquire: boolean }): ApiClient {
  const refused = (error: ApiCallError) => {
    if (error.details.status === 429) limiter.throttled(error.details.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
  };
  const call = async (id: string, input: unknown, callOptions?: CallOptions) => {
    if (options.acquire) {
      try {
        await limiter.acquire(callOptions?.signal);
      } catch {
        throw new CallAbortedError(id, 'no');
      }
    }
    try {
      return await (raw.call as (id: string, input: unknown, o?: CallOptions) => Promise<unknown>)(
        id,
        input,
        {
          ...callOptions,
          onRefused: (error) => {
            refused(error);
            callOptions?.onRefused?.(error);
          },
        },
      );
    } catch (error) {
      // A client without the onRefused hook (a test double) still pauses the limiter; a second report of
      // the same 429 only extends the same pause.
      if (error instanceof ApiCallError) refused(error);
      throw error;
    }
  };
  return {
    baseUrl: raw.baseUrl,
    call: call as ApiClient['call'],
    // The raw client's secrets redactor, for push.ts's failure records.
    ...(raw.redact ? { redact: (text: string) => raw.redact!(text) } : {}),
    // Read, not called: nothing to pace (a reconciliation's search window, ops/reconcile.ts).
    ...(raw.serverTime ? { serverTime: raw.serverTime } : {}),
  };
}
