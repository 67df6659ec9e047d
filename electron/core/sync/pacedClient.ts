/**
 * The API client as the engine uses it: every request first takes a token from the shared rate limiter, and
 * a 429 anywhere pauses every caller for its Retry-After (the server's limit is per key, not per op). Waiting
 * for the limiter when the engine stops is reported as an abort before anything was sent.
 */
import { ApiCallError, CallAbortedError } from '../api/errors';
import type { ApiClient } from '../api/types';
import type { RateLimiter } from './rateLimiter';

export const DEFAULT_RETRY_AFTER_MS = 1_000;

export function pacedClient(raw: ApiClient, limiter: RateLimiter, options: { acquire: boolean }): ApiClient {
  const call = async (id: string, input: unknown, callOptions?: { signal?: AbortSignal }) => {
    if (options.acquire) {
      try {
        await limiter.acquire(callOptions?.signal);
      } catch {
        throw new CallAbortedError(id, 'no');
      }
    }
    try {
      return await (raw.call as (id: string, input: unknown, o?: unknown) => Promise<unknown>)(
        id,
        input,
        callOptions,
      );
    } catch (error) {
      if (error instanceof ApiCallError && error.details.status === 429) {
        limiter.pause(error.details.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
      }
      throw error;
    }
  };
  return { baseUrl: raw.baseUrl, call: call as ApiClient['call'] };
}
