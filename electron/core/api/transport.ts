/**
 * One HTTP attempt through ky, and nothing else: no retry, no token logic. It resolves with whatever status
 * arrived (classification is the caller's) or, when no complete response arrived, with the classified network
 * failure and its code (for the log). It rejects only with CallAbortedError, when the caller's signal fired.
 *
 * Why ky with `retry: 0`, `timeout: false`, `throwHttpErrors: false`: ky builds the request (JSON body,
 * headers, injected fetch) but its retry would also resend writes, cannot refresh a token between attempts and
 * would reuse one x-request-id, and its timeout stops at the response headers. Our own timeout signal covers
 * the body too, and tells a timeout (transient, 'maybe') from the caller's abort (CallAbortedError).
 */
import ky from 'ky';
import { errorFromNetwork, networkCode } from './classify';
import { CallAbortedError, type ApiCallError } from './errors';
import type { FetchLike } from './options';

export interface AttemptRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON-serialised by ky; absent for GET and DELETE. */
  json?: unknown;
  /** The x-request-id we send; the fallback when the server does not echo one. */
  requestId: string;
}

export interface AttemptResponse {
  received: true;
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The server's echo of x-request-id, else ours. */
  requestId: string;
}

export interface AttemptFailure {
  received: false;
  error: ApiCallError;
  /** ECONNREFUSED, UND_ERR_SOCKET, TIMEOUT, …; UNKNOWN when the error carried none. */
  code: string;
}

export interface AttemptSettings {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  fetch: FetchLike;
}

export async function sendAttempt(
  request: AttemptRequest,
  settings: AttemptSettings,
): Promise<AttemptResponse | AttemptFailure> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = settings.signal ? AbortSignal.any([settings.signal, timeout]) : timeout;
  let status: number | undefined;
  try {
    const response = await ky(request.url, {
      method: request.method,
      headers: { ...request.headers, 'x-request-id': request.requestId },
      ...(request.json === undefined ? {} : { json: request.json }),
      signal,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      // A redirect is answered, never followed: following it would carry the key to wherever it points.
      redirect: 'manual',
      fetch: settings.fetch,
    });
    status = response.status;
    const text = await response.text();
    return {
      received: true,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text,
      requestId: response.headers.get('x-request-id') ?? request.requestId,
    };
  } catch (error) {
    // Once headers have arrived the server has the request: only the body was cut short.
    if (settings.signal?.aborted) {
      throw new CallAbortedError(request.operation, status === undefined ? 'maybe' : 'yes');
    }
    const code = timeout.aborted ? 'TIMEOUT' : (networkCode(error) ?? 'UNKNOWN');
    return { received: false, error: errorFromNetwork(request.operation, request.requestId, code), code };
  }
}
