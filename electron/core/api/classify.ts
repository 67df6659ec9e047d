/**
 * Turning what came back (an HTTP error response, or no response at all) into an ApiCallError the sync engine
 * can act on (docs/architecture.md, "Sync state machine"):
 *
 *   no response, refused before sending   → transient, delivery 'no'
 *   no response, broke after sending      → transient, delivery 'maybe' (also timeouts and unknown errors)
 *   408, 429, 5xx                         → transient (Retry-After → retryAfterMs)
 *   401                                   → auth
 *   404                                   → not-found
 *   409                                   → conflict
 *   3xx (redirects are not followed), 400, 403, 422, any other 4xx → permanent
 *
 * Messages name the operation, the status and the server's title/detail; they are built only from the status,
 * the problem body and error codes, never from headers we send. A server may still repeat our key or token
 * in what it answers (a gateway echoing the request's headers in a 400): every server text (the problem body,
 * the status text, the echoed request id) is passed through the caller's redactor here, before the error
 * exists, so the outbox record, the sync centre, logs and CLI output downstream only ever see it redacted.
 */
import { ProblemSchema, type Problem } from '../../../src/api/resources/problem';
import { redactStrings } from '../log/redact';
import { ApiCallError, CREDENTIALS_REJECTED, type ApiErrorKind } from './errors';

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/**
 * Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP-date, read against the injected clock. A date in the
 * past is 0; anything unreadable is ignored (undefined) rather than guessed.
 */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only real HTTP-dates ("Wed, 21 Oct 2015 07:28:00 GMT"): Date.parse alone would accept "1.5" and such.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * The problem body, or one made up from the status when the body is not a problem (a proxy's HTML page, an
 * empty 502), so the engine always has something to show the user.
 */
export function problemOf(status: number, statusText: string, text: string): Problem {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ProblemSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  return {
    type: 'about:blank',
    title: statusText || `HTTP ${status}`,
    status,
    detail: `The server answered ${status} without a problem body`,
  };
}

export interface ResponseFacts {
  operation: string;
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  requestId: string;
  now: Date;
  /** Replaces every known secret (the key, every token issued) in a server text: the client's redactor. */
  redact: (text: string) => string;
}

export function errorFromResponse(facts: ResponseFacts): ApiCallError {
  const { operation, status, redact } = facts;
  const kind = kindOfStatus(status);
  // Parsed first, redacted after: redacting the raw text could turn a secret written as a JSON number into
  // invalid JSON, and the made-up problem would lose the server's words.
  const problem = redactStrings(problemOf(status, redact(facts.statusText), facts.text), redact);
  const retryAfterMs = parseRetryAfter(facts.headers.get('retry-after'), facts.now);
  const what = [problem.title, problem.detail].filter(Boolean).join(': ');
  const prefix = kind === 'auth' ? `${CREDENTIALS_REJECTED}: ` : '';
  return new ApiCallError(kind, `${prefix}${operation} answered ${status}${what ? ` (${what})` : ''}`, {
    delivery: 'yes',
    status,
    problem,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    requestId: redact(facts.requestId),
    operation,
  });
}

/** Failures that happen before any byte of the request can have left: safe to send again. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The first error code found along `cause` chains and inside AggregateErrors (undici nests them). */
export function networkCode(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  const nested = [cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  for (const inner of nested) {
    const found = networkCode(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * No response: refused/unresolvable before connecting → 'no'; anything else (reset, hang-up, timeout, an error
 * we do not recognise) → 'maybe', because for a write the only safe assumption is that it may have arrived.
 */
export function errorFromNetwork(operation: string, requestId: string, code: string): ApiCallError {
  const delivery = NOT_SENT.has(code) ? 'no' : 'maybe';
  const what =
    code === 'TIMEOUT'
      ? 'timed out waiting for the server'
      : delivery === 'no'
        ? `could not reach the server (${code})`
        : `lost the connection (${code})`;
  return new ApiCallError('transient', `${operation} ${what}`, { delivery, requestId, operation });
}
