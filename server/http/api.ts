/**
 * The API's request listener: assigns the request id, applies the injected faults, reads the body, runs
 * `dispatch` and writes the answer. Nothing a client sends may escape as an exception: ApiErrors become their
 * problem responses, anything else is a simulator bug, logged to stderr and answered 500.
 *
 * Fault order per request: reset (socket destroyed before anything) → latency → 503 → 429 burst → credential
 * echo (writes only) → normal processing → drop-after-commit (the handler ran, the response is never written).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultInjector } from '../control/faults';
import { ApiError } from '../errors';
import { dispatch, MethodNotAllowed, RateLimited, type DispatchDeps } from './dispatch';
import { parseTarget, readBody } from './request';
import { discard, JSON_TYPE, send, sendProblem, type ExtraHeaders } from './respond';

export interface ApiDeps extends DispatchDeps {
  faults: FaultInjector;
  /** Called after every request that changed the state (persistence schedules a save). */
  onMutation: () => void;
}

/** A client-chosen request id is echoed when it is short and plain, so its logs and ours line up. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function problemHeaders(error: ApiError): ExtraHeaders {
  if (error instanceof RateLimited) return { 'retry-after': String(error.retryAfterSeconds) };
  if (error instanceof MethodNotAllowed) return { allow: error.allow.join(', ') };
  return {};
}

/** The echo fault (control/faults.ts): a gateway's 400 repeating the request's credentials, in every field. */
function credentialEcho(req: IncomingMessage): ApiError {
  const apiKey = headerOf(req, 'x-api-key') ?? '';
  const authorization = headerOf(req, 'authorization') ?? '';
  return new ApiError(
    400,
    `Rejected by the gateway for x-api-key ${apiKey}`,
    `Injected fault: the gateway refused the request with x-api-key: ${apiKey} and Authorization: ${authorization}`,
    { 'x-api-key': [apiKey], authorization: [authorization] },
  );
}

function logBug(requestId: string, req: IncomingMessage, error: unknown): void {
  const what = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`[simulator] 500 on ${req.method ?? '?'} ${req.url ?? '?'} (${requestId}): ${what}\n`);
}

async function handle(deps: ApiDeps, req: IncomingMessage, res: ServerResponse, requestId: string) {
  const plan = deps.faults.plan();
  if (plan.reset) {
    req.socket.destroy();
    return;
  }
  const bodyRead = readBody(req);
  if (plan.delayMs > 0) await sleep(plan.delayMs);
  const body = await bodyRead;
  if (body.kind === 'aborted') return;
  // An oversized body was not drained to its end: answer, then close, since the stream is out of step.
  const closeAfter: ExtraHeaders = body.kind === 'tooLarge' ? { connection: 'close' } : {};
  if (body.kind === 'tooLarge') res.on('finish', () => req.socket.destroy());

  let instance = '/';
  try {
    const target = parseTarget(req.url);
    instance = target.path;
    if (plan.error5xx) {
      throw new ApiError(503, 'Service Unavailable', 'Injected fault: the service is unavailable');
    }
    if (plan.burst429 !== null) throw new RateLimited(plan.burst429, 'Injected fault: a burst of 429s');
    if (plan.echoCredentials && req.method !== 'GET' && req.method !== 'HEAD') throw credentialEcho(req);
    const outcome = dispatch(deps, {
      method: req.method ?? '',
      target,
      headers: {
        apiKey: headerOf(req, 'x-api-key'),
        authorization: headerOf(req, 'authorization'),
        contentType: headerOf(req, 'content-type'),
      },
      body,
    });
    if (outcome.mutated && outcome.status < 300) deps.onMutation();
    if (plan.dropAfterCommit) {
      discard(outcome.payload);
      req.socket.destroy();
      return;
    }
    send(res, requestId, outcome.status, JSON_TYPE, outcome.payload, closeAfter);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status < 400 || error.status > 599) {
      logBug(requestId, req, error);
      sendProblem(
        res,
        requestId,
        instance,
        { status: 500, detail: 'An unexpected simulator error' },
        closeAfter,
      );
      return;
    }
    if (error.status === 500) logBug(requestId, req, error); // injected 503s and 501s are not bugs
    const { status, title, detail, errors } = error;
    sendProblem(
      res,
      requestId,
      instance,
      { status, title, detail, errors },
      { ...closeAfter, ...problemHeaders(error) },
    );
  }
}

export function createApiListener(deps: ApiDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    // A client that vanishes mid-request must not surface as an unhandled 'error' event.
    req.on('error', () => {});
    res.on('error', () => {});
    const requestId = requestIdOf(req);
    handle(deps, req, res, requestId).catch((error: unknown) => {
      logBug(requestId, req, error);
      sendProblem(res, requestId, '/', { status: 500, detail: 'An unexpected simulator error' });
    });
  };
}
