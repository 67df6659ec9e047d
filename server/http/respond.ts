/**
 * Writing responses: JSON bodies, 204s and problem bodies (src/api/resources/problem.ts). Every response
 * carries the request id and `Cache-Control: no-store` (a simulator's answers are never cacheable).
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { ProblemSchema, type Problem } from '../../src/api/resources/problem';
import type { FieldErrorMap } from '../errors';
import type { Payload } from './responseBody';

export const JSON_TYPE = 'application/json';
export const PROBLEM_TYPE = 'application/problem+json';

export interface ProblemInput {
  status: number;
  title?: string;
  detail?: string;
  errors?: FieldErrorMap;
}

export type ExtraHeaders = Record<string, string | number>;

/**
 * `type` is `about:blank` (RFC 9457: the status code says it all), `instance` is the request path and the
 * request id rides along as an extension member so a user-visible problem can be matched to a server log.
 */
export function problemBody(input: ProblemInput, instance: string, requestId: string): Problem {
  const body: Problem = {
    type: 'about:blank',
    title: input.title ?? STATUS_CODES[input.status] ?? 'Error',
    status: input.status,
    detail: input.detail ?? null,
    instance,
    request_id: requestId,
  };
  if (input.errors && Object.keys(input.errors).length > 0) body.errors = input.errors;
  // Our own problem bodies must satisfy the contract too; a failure here is a bug in this file. The body itself
  // is returned, not zod's copy, which would turn an error keyed "__proto__" into a prototype.
  ProblemSchema.parse(body);
  return body;
}

function baseHeaders(requestId: string): Record<string, string> {
  return { 'x-request-id': requestId, 'cache-control': 'no-store' };
}

/** Gives a payload's pooled chunks back when it will not be sent after all. */
export function discard(payload: Payload): void {
  if (payload !== null && typeof payload !== 'string') payload.release();
}

/** Writes a complete response, unless the client has gone (a destroyed socket makes writes no-ops). */
export function send(
  res: ServerResponse,
  requestId: string,
  status: number,
  contentType: string | null,
  payload: Payload,
  extra: ExtraHeaders = {},
): void {
  if (res.headersSent || res.destroyed) {
    discard(payload);
    return;
  }
  const headers: ExtraHeaders = { ...baseHeaders(requestId), ...extra };
  if (contentType && payload !== null) {
    headers['content-type'] = contentType;
    headers['content-length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  } else if (status !== 204 && status !== 304) {
    headers['content-length'] = 0;
  }
  res.writeHead(status, headers);
  if (payload === null || typeof payload === 'string') {
    res.end(payload ?? undefined);
    return;
  }
  // The chunks go to the socket as they are (no concatenation, no copy) in one writev. They return to the
  // pool only once the response has finished, i.e. the socket has taken every byte; after an abort they are
  // left to the garbage collector, since a cancelled write may still hold them.
  res.once('finish', () => payload.release());
  res.cork();
  for (const part of payload.parts) res.write(part);
  res.end();
}

export function sendProblem(
  res: ServerResponse,
  requestId: string,
  instance: string,
  input: ProblemInput,
  extra: ExtraHeaders = {},
): void {
  const body = problemBody(input, instance, requestId);
  send(res, requestId, input.status, PROBLEM_TYPE, JSON.stringify(body), extra);
}
