/**
 * Test support (imported only by *.test.ts): a fetch that records every exchange with its timing, and may
 * stand in for the network on chosen requests (a gateway's 502 after the server committed, a 500 before it
 * ran), plus an API client wrapper that counts the engine's requests in flight.
 */
import type { ApiClient } from '../../api/types';

export interface Exchange {
  method: string;
  path: string;
  /** performance.now() when the request left and when its answer (or failure) came back. */
  startedAt: number;
  endedAt?: number;
  status?: number;
}

/** Decides one request: forward it (and maybe replace the answer), or answer it without the server. */
export type FetchHook = (
  request: Request,
  forward: () => Promise<Response>,
  exchange: Exchange,
) => Promise<Response>;

export function recordingFetch(hook?: FetchHook) {
  const log: Exchange[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const exchange: Exchange = {
      method: request.method,
      path: new URL(request.url).pathname,
      startedAt: performance.now(),
    };
    log.push(exchange);
    const forward = () => globalThis.fetch(request.clone());
    try {
      const response = await (hook ? hook(request, forward, exchange) : forward());
      exchange.status = response.status;
      return response;
    } finally {
      exchange.endedAt = performance.now();
    }
  };
  /** The exchanges other than token requests, in the order they left. */
  const calls = () => log.filter((exchange) => !exchange.path.endsWith('/auth/token'));
  return { fetch, log, calls };
}

/** A problem answer as a gateway or the server would send it. */
export function problemResponse(status: number, title: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail: `${title} (test)` }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

/** The client the engine is given, counting its calls in flight (sends, reads, lookups, probes). */
export function countingClient(inner: ApiClient) {
  const stats = { inFlight: 0, maxInFlight: 0, calls: 0 };
  const call = async (id: string, input: unknown, options?: unknown) => {
    stats.calls++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      return await (inner.call as (i: string, x: unknown, o?: unknown) => Promise<unknown>)(
        id,
        input,
        options,
      );
    } finally {
      stats.inFlight--;
    }
  };
  const client: ApiClient = { baseUrl: inner.baseUrl, call: call as ApiClient['call'] };
  return { client, stats };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await sleep(10);
  }
}
