/** The classification table, Retry-After parsing and network error codes, without a server. */
import { describe, expect, it } from 'vitest';
import {
  errorFromNetwork,
  errorFromResponse,
  kindOfStatus,
  networkCode,
  parseRetryAfter,
  problemOf,
} from './classify';
import { createRedactor } from '../log/redact';

const NOW = new Date('2026-02-01T00:00:00Z');

describe('classification', () => {
  it('maps statuses to kinds', () => {
    const table = Object.fromEntries(
      [302, 400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504].map((s) => [s, kindOfStatus(s)]),
    );
    expect(table).toEqual({
      302: 'permanent',
      400: 'permanent',
      401: 'auth',
      403: 'permanent',
      404: 'not-found',
      408: 'transient',
      409: 'conflict',
      413: 'permanent',
      422: 'permanent',
      429: 'transient',
      500: 'transient',
      502: 'transient',
      503: 'transient',
      504: 'transient',
    });
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores anything else', () => {
    expect(parseRetryAfter('2', NOW)).toBe(2000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Feb 2026 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sat, 31 Jan 2026 00:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('builds a typed error from any error body, with Retry-After and a message naming operation and status', () => {
    const error = errorFromResponse({
      operation: 'getOutlet',
      status: 503,
      statusText: 'Service Unavailable',
      headers: new Headers({ 'retry-after': '3' }),
      text: '<html>down</html>',
      requestId: 'r-1',
      now: NOW,
      redact: (text) => text,
    });
    expect(error.kind).toBe('transient');
    expect(error.details).toMatchObject({
      status: 503,
      retryAfterMs: 3000,
      delivery: 'yes',
      requestId: 'r-1',
    });
    expect(error.details.problem).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(error.message).toMatch(/^getOutlet answered 503/);
    expect(problemOf(400, '', '{"title":"Bad","errors":{"a":["x"]},"extra":1}')).toMatchObject({
      title: 'Bad',
      errors: { a: ['x'] },
    });
  });

  it('redacts every server text for the known secrets before the error exists', () => {
    const redactor = createRedactor();
    const key = 'echo-test-key-7Qz';
    const token = 'echo.token.9f8e7d';
    redactor.addSecret(key);
    redactor.addSecret(token);
    const body = {
      type: 'about:blank',
      title: `Rejected x-api-key ${key}`,
      status: 400,
      detail: `Gateway refused: x-api-key "${key}", Authorization "Bearer ${token}"`,
      instance: `/v2.1/suppliers?k=${encodeURIComponent(key)}`,
      errors: { [`authorization: Bearer ${token}`]: [`bad key ${key}`] },
      echoed: { headers: { 'x-api-key': key, authorization: `Bearer ${token}` } },
    };
    const error = errorFromResponse({
      operation: 'createSupplier',
      status: 400,
      statusText: `Bad ${key}`,
      headers: new Headers(),
      text: JSON.stringify(body),
      requestId: token,
      now: NOW,
      redact: redactor.redactText,
    });
    const everything = JSON.stringify({ message: error.message, details: error.details });
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(token);
    // Still says what went wrong, in the server's words around the secrets.
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(
      /^createSupplier answered 400 \(Rejected x-api-key \[redacted\]: Gateway refused/,
    );
    expect(error.details.problem?.errors).toEqual({
      'authorization: Bearer [redacted]': ['bad key [redacted]'],
    });
  });

  it('finds error codes in undici cause chains and AggregateErrors, and says whether anything was sent', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}),
    });
    expect(networkCode(refused)).toBe('ECONNREFUSED');
    const hangUp = new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(networkCode(hangUp)).toBe('UND_ERR_SOCKET');
    expect(networkCode(new Error('no code'))).toBeUndefined();
    const delivery = (code: string) => errorFromNetwork('op', 'r', code).details.delivery;
    expect(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].map(delivery)).toEqual([
      'no',
      'no',
      'no',
      'no',
    ]);
    expect(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'TIMEOUT', 'UNKNOWN'].map(delivery)).toEqual([
      'maybe',
      'maybe',
      'maybe',
      'maybe',
      'maybe',
    ]);
  });
});
