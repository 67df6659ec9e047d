/**
 * Reading the raw request: the target (path segments and query pairs) and the body bytes. Everything here is
 * strict and total: malformed input becomes an ApiError (a 4xx problem), never an exception of another kind.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors';

/** The API leaves the maximum request size open; ours is 5 MB. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Past this much an oversized body is no longer drained (so the 413 can be read), the socket is dropped. */
const MAX_DRAIN_BYTES = 8 * MAX_BODY_BYTES;
/** JSON deeper than this is refused before validation, so no recursive walker can overflow the stack. */
export const MAX_JSON_DEPTH = 64;

export interface Target {
  /** The raw path, used as the problem `instance`. */
  path: string;
  /** Decoded segments after the leading `/`. */
  segments: string[];
  /** Decoded query parameters; a repeated name is rejected. */
  query: Record<string, string>;
}

const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new ApiError(400, 'Bad Request', detail, errors);

function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`Malformed percent-encoding in ${what}`, { [what]: ['Malformed percent-encoding'] });
  }
}

/** The origin-form target `/path?query`; an absolute-form target (`http://host/path`) is reduced to it. */
function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    throw badRequest('The request target is not a path');
  }
}

export function parseQuery(text: string): Record<string, string> {
  // Null prototype: a parameter named "__proto__" must be an ordinary (unknown) name, not a prototype write.
  const query = Object.create(null) as Record<string, string>;
  const errors: Record<string, string[]> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? '' : pair.slice(equals + 1);
    const name = decode(rawName.replace(/\+/g, ' '), 'query');
    const value = decode(rawValue.replace(/\+/g, ' '), name || 'query');
    // A repeated parameter has no single meaning (first? last? both?), so it is refused rather than guessed.
    if (Object.hasOwn(query, name)) errors[name] = ['The parameter is given more than once'];
    else query[name] = value;
  }
  if (Object.keys(errors).length > 0) throw badRequest('Repeated query parameters', errors);
  return query;
}

export function parseTarget(url: string | undefined): Target {
  const target = originForm(url ?? '/');
  const mark = target.indexOf('?');
  const path = mark < 0 ? target : target.slice(0, mark);
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => decode(segment, 'path'));
  return { path, segments, query: mark < 0 ? {} : parseQuery(target.slice(mark + 1)) };
}

export type BodyRead = { kind: 'ok'; bytes: Buffer } | { kind: 'tooLarge' } | { kind: 'aborted' };

/**
 * Reads the whole body, keeping at most MAX_BODY_BYTES. An oversized body is drained (not buffered) so the
 * client, still sending, can read the 413; a body past MAX_DRAIN_BYTES is cut off by destroying the request.
 */
export function readBody(req: IncomingMessage): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        settle({ kind: 'tooLarge' });
        req.pause();
      }
    });
    req.on('end', () =>
      settle(size > MAX_BODY_BYTES ? { kind: 'tooLarge' } : { kind: 'ok', bytes: Buffer.concat(chunks) }),
    );
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('close', () => settle({ kind: 'aborted' }));
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Refuses JSON nested past `limit` (walked iteratively: a recursive walk could overflow on hostile input) and
 * objects with a `__proto__` key, which `Object.assign` or a naive merge in a handler would turn into a
 * prototype write. Returns the reason, or null when the value is acceptable.
 */
function unsafeJson(value: unknown, limit: number): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return `JSON nested deeper than ${limit} levels`;
    if (Object.hasOwn(node, '__proto__')) return 'The key "__proto__" is not allowed';
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return null;
}

/** `application/json`, optionally with `charset=utf-8` (JSON is UTF-8 by definition, RFC 8259). */
export function checkJsonContentType(header: string | undefined): void {
  const unsupported = (detail: string) => new ApiError(415, 'Unsupported Media Type', detail);
  if (!header) throw unsupported('The body must be sent with Content-Type: application/json');
  const [mediaType, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') {
    throw unsupported(`Content-Type ${mediaType ?? ''} is not supported; send application/json`);
  }
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim().replace(/^"|"$/g, ''));
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') {
      throw unsupported(`charset ${value ?? ''} is not supported; JSON bodies are UTF-8`);
    }
  }
}

export function parseJsonBody(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest('The body is not valid UTF-8', { $: ['The body is not valid UTF-8'] });
  }
  if (text.trim() === '') throw badRequest('A JSON body is required', { $: ['A JSON body is required'] });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Malformed JSON';
    throw badRequest(`Malformed JSON: ${message}`, { $: ['Malformed JSON'] });
  }
  const unsafe = unsafeJson(value, MAX_JSON_DEPTH);
  if (unsafe) throw badRequest(unsafe, { $: [unsafe] });
  return value;
}
