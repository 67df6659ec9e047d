/**
 * Helpers for the client's tests (imported only by *.test.ts): a logger that keeps every entry, a fetch that
 * records what went on the wire (and can react to answers, to end a fault at the right moment), and a client
 * factory with fast backoff. They take the simulator's URL, not the simulator, so this file stays inside the
 * core layer's import rules.
 */
import { createApiClient, type DockhandApiClient } from './client';
import { ApiCallError } from './errors';
import type { ApiLogEntry, ApiLogger, ClientOptions } from './options';

export interface CapturedLogger extends ApiLogger {
  entries: (ApiLogEntry & { level: 'info' | 'warn' | 'error' })[];
}

export function captureLogger(): CapturedLogger {
  const entries: CapturedLogger['entries'] = [];
  return {
    entries,
    info: (entry) => entries.push({ level: 'info', ...entry }),
    warn: (entry) => entries.push({ level: 'warn', ...entry }),
    error: (entry) => entries.push({ level: 'error', ...entry }),
  };
}

export interface Sent {
  method: string;
  /** Path and query, from the host root. */
  target: string;
  headers: Record<string, string>;
  status?: number;
}

export interface RecordingFetch {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  sent: Sent[];
  /** Every access token the server handed out, so tests can look for them where they must not be. */
  tokens: string[];
  /** Called with each answer before the client sees it. */
  onResponse?: (response: Response, sent: Sent) => void | Promise<void>;
  count(method: string, pathEnd: string): number;
}

export function recordingFetch(): RecordingFetch {
  const recorder: RecordingFetch = {
    sent: [],
    tokens: [],
    count: (method, pathEnd) =>
      recorder.sent.filter((s) => s.method === method && s.target.split('?')[0]!.endsWith(pathEnd)).length,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const sent: Sent = {
        method: request.method,
        target: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
      };
      recorder.sent.push(sent);
      const response = await globalThis.fetch(request);
      sent.status = response.status;
      if (url.pathname.endsWith('/auth/token') && response.ok) {
        const body = (await response.clone().json()) as { access_token: string };
        recorder.tokens.push(body.access_token);
      }
      await recorder.onResponse?.(response, sent);
      return response;
    },
  };
  return recorder;
}

export const TEST_KEY = 'dockhand-test-key-7f3e91';

/** A client for `baseUrl` with the test key and a backoff short enough for tests. */
export function testClient(baseUrl: string, overrides: Partial<ClientOptions> = {}): DockhandApiClient {
  return createApiClient({
    baseUrl,
    getApiKey: () => Promise.resolve(TEST_KEY),
    backoff: { baseMs: 5, capMs: 5_000 },
    random: () => 0.5,
    ...overrides,
  });
}

/** What a call failed with; throws when it succeeded. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const succeeded = Symbol('succeeded');
  const outcome = await promise.then(
    () => succeeded,
    (error: unknown) => error,
  );
  if (outcome === succeeded) throw new Error('expected a failure');
  return outcome as Error;
}

/**
 * The ApiCallError a call failed with (`seen` is handed whatever it ended with, e.g. to check later that no
 * error carries a secret); throws when it succeeded or failed with anything else.
 */
export async function callFailure(
  promise: Promise<unknown>,
  seen: (outcome: unknown) => void = () => {},
): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  seen(error);
  if (!(error instanceof ApiCallError)) throw new Error(`expected an ApiCallError, got ${String(error)}`);
  return error;
}
