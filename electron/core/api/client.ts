/**
 * The typed API client: one call per operation of the endpoint table (src/api/endpoints), each checked
 * against the contract on the way out and on the way back.
 *
 * Per call: validate the input (refused → permanent, nothing sent) → for each attempt: key + token → one HTTP
 * exchange (transport.ts) → 2xx: validate the body (ContractError) | error: classify (classify.ts).
 * Policy between attempts:
 *  - 401 with a bearer token: forget that token, fetch one (single flight, tokens.ts) and send again without
 *    counting an attempt; a second 401 is final ('auth', "credentials rejected"). Safe for writes too: the
 *    server checks credentials before it runs anything.
 *  - transient failures of reads (GET) are retried up to readRetries times with full-jitter backoff,
 *    honouring Retry-After; writes are never retried here, their failure goes back to the sync engine, which
 *    knows how to find out whether an uncertain write took effect (docs/architecture.md, "Sync state
 *    machine").
 *  - the caller's AbortSignal rejects at once with CallAbortedError (name 'AbortError', not an ApiCallError),
 *    whether it fires while waiting for a token, on the wire or during a backoff wait.
 * Any 2xx is accepted (a server answering 200 to a create must not turn a done write into a failure); the body
 * is what is checked. With `select`, the body is checked with selectionPageSchema, but the static type of the
 * result is still the full page: read selected rows as Record<string, string | number | boolean | null>.
 */
import { randomUUID } from 'node:crypto';
import { ENDPOINT_LIST, type OperationId } from '../../../src/api/endpoints';
import type { AuthToken } from '../../../src/api/resources/token';
import { redactStrings } from '../log/redact';
import { retryDelay, sleep } from './backoff';
import { errorFromResponse, kindOfStatus } from './classify';
import { ApiCallError, CallAbortedError, CREDENTIALS_REJECTED, ContractError } from './errors';
import { resolveOptions, type ClientOptions } from './options';
import { parseResponse, prepareRequest, type PreparedRequest } from './request';
import { createServerClock } from './serverClock';
import { createTokenManager } from './tokens';
import { sendAttempt, type AttemptFailure, type AttemptResponse } from './transport';
import type { ApiClient, CallInput, CallOptions, CallOutput, ServerTime } from './types';

/** `client.ops.getPurchaseOrder(input, options)`: the same as `client.call('getPurchaseOrder', …)`. */
type OpArgs<Id extends OperationId> =
  Partial<CallInput<Id>> extends CallInput<Id>
    ? [input?: CallInput<Id>, options?: CallOptions]
    : [input: CallInput<Id>, options?: CallOptions];

export type Operations = {
  readonly [Id in OperationId]: (...args: OpArgs<Id>) => Promise<CallOutput<Id>>;
};

export interface DockhandApiClient extends ApiClient {
  readonly ops: Operations;
  readonly serverTime: ServerTime;
  /** Forgets the cached token, e.g. after the user entered another API key. */
  invalidateToken(): void;
}

interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: ApiCallError; refusedToken?: string };

/** Header values we build from secrets must be visible ASCII, or fetch would throw a message quoting them. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;
const HEADER_TEXT = /^[\x20-\x7e]*$/;

export function createApiClient(input: ClientOptions): DockhandApiClient {
  const options = resolveOptions(input);
  const { logger, roots, redactor } = options;
  const redact = (text: string) => redactor.redactText(text);
  const tokens = createTokenManager({ acquire: fetchToken, now: options.now, skewMs: options.tokenSkewMs });
  const serverClock = createServerClock({ now: options.now });

  const serverTime: ServerTime = {
    async at(pcMs, signal) {
      const known = serverClock.toServerTime(pcMs);
      if (known !== undefined) return known;
      // Nothing heard from the server in this run yet: the token every call needs is its first answer.
      await tokens.get(signal);
      return serverClock.toServerTime(pcMs);
    },
  };

  /** The key, asked for each attempt and kept in a local only; never in a field, log or message. */
  async function apiKey(operation: string): Promise<string> {
    let key: string | undefined;
    try {
      key = await options.getApiKey();
    } catch {
      key = undefined;
    }
    // Before it is sent: a server may repeat it in any answer (classify.ts redacts with this redactor).
    redactor.addSecret(key);
    if (typeof key === 'string' && HEADER_SAFE.test(key)) return key;
    throw new ApiCallError('auth', `${CREDENTIALS_REJECTED}: no usable API key for ${operation}`, {
      delivery: 'no',
      operation,
    });
  }

  /** One attempt on the wire, logged; rejects only on the caller's abort. */
  async function exchange(
    prepared: PreparedRequest,
    attempt: number,
    settings: CallOptions,
    token: string | undefined,
  ): Promise<AttemptResponse | AttemptFailure> {
    const key = await apiKey(prepared.operation);
    const requestId = randomUUID();
    const base = {
      operation: prepared.operation,
      method: prepared.spec.method,
      path: prepared.logPath,
      attempt,
    };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let result: AttemptResponse | AttemptFailure;
    serverClock.sending();
    try {
      result = await sendAttempt(
        {
          operation: prepared.operation,
          method: prepared.spec.method,
          url: prepared.url,
          headers: {
            accept: 'application/json, application/problem+json',
            'x-api-key': key,
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
            ...(settings.cacheControl === undefined ? {} : { 'cache-control': settings.cacheControl }),
          },
          ...('body' in prepared ? { json: prepared.body } : {}),
          requestId,
        },
        { timeoutMs: settings.timeoutMs ?? options.timeoutMs, signal: settings.signal, fetch: options.fetch },
      );
    } catch (error) {
      if (error instanceof CallAbortedError) {
        logger.info({ event: 'failure', ...base, requestId, durationMs: elapsed(), code: 'ABORTED' });
      }
      throw error;
    }
    // The request id is the server's echo, a text like any other it sends.
    if (result.received) result = { ...result, requestId: redact(result.requestId) };
    if (!result.received) {
      const { kind, details } = result.error;
      const entry = { ...base, requestId, durationMs: elapsed(), code: result.code };
      logger.warn({ event: 'failure', ...entry, kind, delivery: details.delivery });
      return result;
    }
    serverClock.observe(result.headers.get('date'));
    const entry = { ...base, status: result.status, requestId: result.requestId, durationMs: elapsed() };
    if (result.status < 300) logger.info({ event: 'response', ...entry });
    else logger.warn({ event: 'failure', ...entry, kind: kindOfStatus(result.status), delivery: 'yes' });
    return result;
  }

  /** The 2xx body validated, or the classified error of any other status. */
  function settle(prepared: PreparedRequest, attempt: number, response: AttemptResponse): Outcome {
    if (response.status >= 200 && response.status < 300) {
      try {
        const value = parseResponse(prepared, response.text, response.requestId);
        // Every issued token, whoever asked (the token manager, or a caller such as Test connection).
        if (prepared.operation === 'getAuthToken') {
          // Kept for good: a server may still repeat a token after it was replaced.
          redactor.addSecret((value as AuthToken).access_token);
          options.onToken((value as AuthToken).access_token);
        }
        return { ok: true, value };
      } catch (caught) {
        // Field names can be the server's keys: what it echoed must not ride out on them.
        const error =
          caught instanceof ContractError
            ? new ContractError(caught.operation, redactStrings(caught.fields, redact), caught.requestId)
            : caught;
        if (error instanceof ContractError) {
          logger.error({
            event: 'contract',
            operation: prepared.operation,
            method: prepared.spec.method,
            path: prepared.logPath,
            status: response.status,
            requestId: response.requestId,
            durationMs: 0,
            attempt,
            fields: Object.keys(error.fields),
          });
        }
        throw error;
      }
    }
    const error = errorFromResponse({
      operation: prepared.operation,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text: response.text,
      requestId: response.requestId,
      now: options.now(),
      redact,
    });
    return { ok: false, error };
  }

  /** GET /auth/token, once: retrying is the business of the call that needed the token. */
  async function fetchToken(): Promise<AuthToken> {
    const prepared = prepareRequest('getAuthToken', {}, roots);
    const result = await exchange(prepared, 1, {}, undefined);
    if (!result.received) throw result.error;
    const outcome = settle(prepared, 1, result);
    if (!outcome.ok) throw outcome.error;
    return outcome.value as AuthToken;
  }

  /** A token failure seen by the operation that needed it: that operation was never sent. */
  function tokenFailure(operation: OperationId, error: ApiCallError): ApiCallError {
    const auth = error.kind === 'auth';
    const reason = auth ? error.message.replace(`${CREDENTIALS_REJECTED}: `, '') : error.message;
    return new ApiCallError(
      error.kind,
      `${auth ? `${CREDENTIALS_REJECTED}: ` : ''}${operation} could not get a token: ${reason}`,
      { ...error.details, delivery: 'no', operation },
    );
  }

  async function attemptOnce(
    prepared: PreparedRequest,
    attempt: number,
    settings: CallOptions,
  ): Promise<Outcome> {
    let token: string | undefined;
    try {
      if (prepared.spec.auth === 'bearer') token = await tokens.get(settings.signal);
      const result = await exchange(prepared, attempt, settings, token);
      if (!result.received) return { ok: false, error: result.error };
      const outcome = settle(prepared, attempt, result);
      if (!outcome.ok && result.status === 401 && token !== undefined)
        return { ...outcome, refusedToken: token };
      return outcome;
    } catch (error) {
      if (error instanceof CallAbortedError || error instanceof ContractError) throw error;
      // The token wait rejects with the signal's own reason: the operation itself was not sent.
      if (settings.signal?.aborted) throw new CallAbortedError(prepared.operation, 'no');
      if (!(error instanceof ApiCallError)) throw error;
      // Thrown before anything was sent: by the key source (this operation) or by the token request.
      const own = error.details.operation === prepared.operation;
      return { ok: false, error: own ? error : tokenFailure(prepared.operation, error) };
    }
  }

  async function call(operation: OperationId, raw: RawInput, settings: CallOptions = {}): Promise<unknown> {
    if (settings.signal?.aborted) throw new CallAbortedError(operation, 'no');
    if (settings.cacheControl !== undefined && !HEADER_TEXT.test(settings.cacheControl)) {
      throw new ApiCallError('permanent', `${operation}: the cache-control value is not a valid header`, {
        delivery: 'no',
        operation,
      });
    }
    const asked = prepareRequest(operation, raw, roots);
    const prepared =
      settings.responseSchema && asked.responseSchema
        ? { ...asked, responseSchema: settings.responseSchema }
        : asked;
    // Only reads: a write's transient failure goes back to the engine, which knows whether it may resend.
    const retries = prepared.spec.method === 'GET' && settings.retry !== false ? options.readRetries : 0;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(prepared, attempt, settings);
      if (outcome.ok) return outcome.value;
      const { error } = outcome;
      if (error.details.status === 429) settings.onRefused?.(error);
      if (outcome.refusedToken !== undefined && !refreshed) {
        refreshed = true;
        tokens.invalidate(outcome.refusedToken);
        attempt--; // a refused token is our state, not the server's failure: no attempt spent
        continue;
      }
      if (error.kind !== 'transient' || attempt > retries) throw error;
      const wait = retryDelay(error, attempt, options.backoff, options.random);
      if (wait === null) throw error;
      logger.info({
        event: 'retry',
        operation,
        method: prepared.spec.method,
        path: prepared.logPath,
        ...(error.details.status === undefined ? {} : { status: error.details.status }),
        requestId: error.details.requestId ?? '',
        durationMs: 0,
        attempt,
        kind: error.kind,
        retryInMs: wait,
      });
      try {
        await sleep(wait, settings.signal);
      } catch {
        throw new CallAbortedError(operation, 'no');
      }
    }
  }

  const ops = Object.fromEntries(
    ENDPOINT_LIST.map((entry) => [
      entry.id,
      (input?: RawInput, settings?: CallOptions) => call(entry.id, input ?? {}, settings),
    ]),
  ) as unknown as Operations;

  return {
    baseUrl: roots['v2.1'],
    call: call as ApiClient['call'],
    ops,
    serverTime,
    invalidateToken: () => tokens.invalidate(),
    redact,
  };
}
