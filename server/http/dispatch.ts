/**
 * The synchronous core of one API request, after its body has been read: route, authenticate, rate-limit,
 * validate the input against the endpoint table, run the handler, build the payload. Every refusal is an
 * ApiError; the caller turns it into a problem response. The order of the checks is part of the contract
 * the client sees (server/README.md): route (404/405) → key (401) → rate limit (429) → token (401) →
 * permission (403) → path and query (400) → body (413/415/400) → handler.
 */
import { z } from 'zod';
import type { EndpointEntry } from '../../src/api/endpoints';
import { fieldErrors, type FieldErrors } from '../../src/api/fieldErrors';
import { decodeParams } from '../../src/api/params';
import type { BodyRules } from '../control/rules';
import type { Handler, HandlerResult, HandlerTable } from '../domain/context';
import { ApiError } from '../errors';
import type { SimState, User } from '../state';
import type { Authenticator, Caller } from './auth';
import type { RateLimiter } from './rateLimit';
import { withoutReadOnlyFields } from './readOnlyFields';
import { checkJsonContentType, parseJsonBody, type BodyRead, type Target } from './request';
import { responsePayload, type Payload } from './responseBody';
import type { Router } from './router';

export interface DispatchDeps {
  router: Router;
  auth: Authenticator;
  limiter: RateLimiter;
  state: SimState;
  handlers: Partial<HandlerTable>;
  now: () => Date;
  validateResponses: boolean;
  /** Injected business rules (server/control/rules.ts), checked after the contract's own validation. */
  rules?: BodyRules;
}

export interface RawRequest {
  method: string;
  target: Target;
  headers: { apiKey?: string; authorization?: string; contentType?: string };
  body: BodyRead & { kind: 'ok' | 'tooLarge' };
}

export interface Dispatched {
  status: number;
  payload: Payload;
  /** The request changed the state (a successful POST, PUT or DELETE): persistence saves after it. */
  mutated: boolean;
}

/** Thrown for 429 so the listener can add Retry-After. */
export class RateLimited extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    detail: string,
  ) {
    super(429, 'Too Many Requests', detail);
  }
}

/** 405 carries the methods the path does accept. */
export class MethodNotAllowed extends ApiError {
  constructor(readonly allow: readonly string[]) {
    super(405, 'Method Not Allowed', `This path accepts ${allow.join(', ')}`);
  }
}

/** Used when no state user exists, so a hand-built state without users still answers. */
const FALLBACK_USER: User = { id: 1, user_code: 'API', first_name: 'API', surname: 'User' };

const NO_QUERY = z.strictObject({});

function userOf(state: SimState, caller: Caller): User {
  const main = state.users[0] ?? FALLBACK_USER;
  return caller.role === 'restricted' ? (state.users[1] ?? main) : main;
}

function parseInput(schema: z.ZodObject, raw: Record<string, string>, prefix: string, errors: FieldErrors) {
  // Unknown names are reported here rather than by the strict schema, because a name like "__proto__" would
  // not survive the trip through a plain object.
  const known: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Object.hasOwn(schema.shape, name)) known[name] = value;
    else (errors[name] ??= []).push(`Unknown parameter "${name}"`);
  }
  const result = schema.safeParse(decodeParams(schema.shape, known));
  if (result.success) return result.data as Record<string, unknown>;
  for (const [field, messages] of Object.entries(fieldErrors(result.error))) {
    (errors[field === '$' ? prefix : field] ??= []).push(...messages);
  }
  return {};
}

function parseBody(endpoint: EndpointEntry, request: RawRequest): unknown {
  if (request.body.kind === 'tooLarge') {
    throw new ApiError(413, 'Content Too Large', 'The request body is larger than 5 MB');
  }
  if (!endpoint.body) return undefined; // a body sent to GET or DELETE is ignored
  checkJsonContentType(request.headers.contentType);
  const json = parseJsonBody(request.body.bytes);
  // A record read with GET and sent back with PUT is accepted: the response's read-only fields are ignored.
  // A create's body is never a record read back, so POST stays strict (a response-only name there is a mistake).
  const sent =
    endpoint.method === 'PUT' && endpoint.response
      ? withoutReadOnlyFields(endpoint.body, endpoint.response, json)
      : json;
  const result = endpoint.body.safeParse(sent);
  if (!result.success) {
    throw new ApiError(400, 'Bad Request', 'The request body is not valid', fieldErrors(result.error));
  }
  return result.data;
}

export function dispatch(deps: DispatchDeps, request: RawRequest): Dispatched {
  const route = deps.router.match(request.method, request.target.segments);
  if (route.kind === 'none') throw new ApiError(404, 'Not Found', `No operation at ${request.target.path}`);
  if (route.kind === 'method') throw new MethodNotAllowed(route.allow);
  const { endpoint } = route;

  const caller = deps.auth.identify(request.headers.apiKey);
  const admitted = deps.limiter.admit(caller.key);
  if (!admitted.ok) {
    throw new RateLimited(admitted.retryAfterSeconds, 'The rate limit of this API key is exceeded');
  }
  if (endpoint.auth === 'bearer') deps.auth.verify(caller, request.headers.authorization);
  if (caller.role === 'restricted' && endpoint.tag === 'Purchase orders') {
    throw new ApiError(403, 'Forbidden', 'This API key may not use purchase order operations');
  }

  // Null prototype: an unknown query parameter may be called "__proto__".
  const errors = Object.create(null) as FieldErrors;
  const params = parseInput(endpoint.params, route.params, 'path', errors);
  const query = parseInput(endpoint.query ?? NO_QUERY, request.target.query, 'query', errors);
  if (Object.keys(errors).length > 0) {
    throw new ApiError(400, 'Bad Request', 'Invalid path or query parameters', errors);
  }
  const body = parseBody(endpoint, request);
  const breaches = deps.rules?.check(endpoint.id, body) ?? {};
  if (Object.keys(breaches).length > 0) {
    throw new ApiError(
      400,
      'Bad Request',
      'The request breaks a business rule of this back office',
      breaches,
    );
  }

  const mutating = endpoint.method !== 'GET';
  const result: HandlerResult =
    endpoint.id === 'getAuthToken'
      ? { body: deps.auth.issue(caller) }
      : runHandler(deps, endpoint, { params, query, body, user: userOf(deps.state, caller) });
  const payload = responsePayload(endpoint, query, result, deps.validateResponses);
  return { status: endpoint.status, payload, mutated: mutating };
}

function runHandler(
  deps: DispatchDeps,
  endpoint: EndpointEntry,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown; user: User },
) {
  const handler = deps.handlers[endpoint.id as keyof HandlerTable] as Handler | undefined;
  if (!handler) throw new ApiError(501, 'Not Implemented', `${endpoint.id} has no handler`);
  return handler({ state: deps.state, now: deps.now, ...input } as Parameters<Handler>[0]);
}
