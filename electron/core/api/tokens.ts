/**
 * The bearer token: fetched with the API key through GET /auth/token, reused until shortly before its
 * expires_on (by the injected clock), and refreshed by at most one request at a time however many calls need
 * it (single flight). The token lives only in this closure: never in a field, a log or an error message.
 *
 * The HTTP side (headers, timeout, classification, logging) is the caller's `acquire`, so this file is only the
 * caching and sharing policy and can be reasoned about without a network.
 */
import type { AuthToken } from '../../../src/api/resources/token';
import { ContractError } from './errors';

export interface TokenManager {
  /** A usable token: the cached one, or the result of the one shared request. */
  get(signal?: AbortSignal): Promise<string>;
  /**
   * Forgets the token after a 401. With the token that was refused, only that one is forgotten: when several
   * calls are refused at once, the first refresh serves them all instead of each forcing another.
   */
  invalidate(refused?: string): void;
}

export interface TokenManagerOptions {
  /** Performs GET /auth/token once; rejects with an ApiCallError when it fails. */
  acquire: () => Promise<AuthToken>;
  now: () => Date;
  /** Replace the token this long before it expires (capped at half its lifetime, for short-lived tokens). */
  skewMs: number;
}

/** What may follow `Bearer ` in a header (visible ASCII): anything else would make fetch throw, quoting it. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

interface Cached {
  token: string;
  refreshAt: number;
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  let cached: Cached | null = null;
  let inflight: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const receivedAt = options.now().getTime();
    const issued = await options.acquire();
    if (!HEADER_SAFE.test(issued.access_token)) {
      throw new ContractError('getAuthToken', { access_token: ['The token cannot be sent in a header'] });
    }
    const expiresAt = Date.parse(issued.expires_on);
    const skew = Math.min(options.skewMs, Math.max(0, (expiresAt - receivedAt) / 2));
    // A token that already looks expired by our clock (a skewed PC clock) is still used by the calls that asked
    // for it; the next call asks again, and a 401 is what really decides.
    cached = { token: issued.access_token, refreshAt: expiresAt - skew };
    return issued.access_token;
  }

  function shared(): Promise<string> {
    // Deliberately without any caller's signal: one caller giving up must not fail the others waiting on it.
    inflight ??= refresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    async get(signal) {
      signal?.throwIfAborted();
      if (cached && options.now().getTime() < cached.refreshAt) return cached.token;
      const pending = shared();
      if (!signal) return pending;
      return new Promise<string>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    invalidate(refused) {
      if (refused === undefined || cached?.token === refused) cached = null;
    },
  };
}
