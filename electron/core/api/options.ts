/**
 * The client's options, validated once at construction so a misconfiguration fails at start-up with a clear
 * message rather than on the first sync. Functions (key source, clock, logger, fetch) are checked only for
 * being functions: their behaviour is the caller's contract.
 */
import { z } from 'zod';
import { createRedactor, type Redactor } from '../log/redact';
import type { ApiErrorKind, Delivery } from './errors';

/** One structured line per HTTP attempt (and per scheduled retry). Never a key, token, query value or body. */
export interface ApiLogEntry {
  event: 'response' | 'failure' | 'retry' | 'contract';
  operation: string;
  method: string;
  /** The filled path from the host root, without the query string, e.g. `/v2.1/purchaseorders/100001`. */
  path: string;
  status?: number;
  /** The server's echo of x-request-id when it answered, else the id we sent. */
  requestId: string;
  durationMs: number;
  /** 1-based; a re-send after a token refresh keeps the attempt's number. */
  attempt: number;
  kind?: ApiErrorKind;
  delivery?: Delivery;
  /** Network error code (ECONNREFUSED, UND_ERR_SOCKET, TIMEOUT…), when no response arrived. */
  code?: string;
  retryInMs?: number;
  /** For `contract`: the names of the fields that did not match (never their values). */
  fields?: string[];
}

export interface ApiLogger {
  info(entry: ApiLogEntry): void;
  warn(entry: ApiLogEntry): void;
  error(entry: ApiLogEntry): void;
}

/** What ky calls: it always passes a Request, but the wider signature lets `globalThis.fetch` be passed as is. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const fn = <T>(what: string) =>
  z.custom<T>((value) => typeof value === 'function', `Expected ${what} to be a function`);

const V21_SUFFIX = '/v2.1';

/**
 * The v2.1 root exactly as the simulator prints it. A trailing slash is forgiven; anything else that does not end
 * in `/v2.1` is refused, because the `/v2` root (shipping ports, shipment types) is derived from it and guessing
 * would send those calls to the wrong place. Query, fragment and user:password are refused too: the first two
 * would corrupt every URL, the last would put a credential where logs and error messages show URLs.
 */
const baseUrlSchema = z
  .string()
  .transform((text) => text.replace(/\/+$/, ''))
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected an absolute URL such as http://host/v2.1' });
      return;
    }
    const problems: string[] = [];
    if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push('use http: or https:');
    if (url.username || url.password) problems.push('carry no user or password');
    if (url.search || url.hash || text.includes('?') || text.includes('#'))
      problems.push('have no query or fragment');
    if (!url.pathname.endsWith(V21_SUFFIX)) problems.push(`end in ${V21_SUFFIX}`);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: `The base URL must ${problem}` });
  });

export const ClientOptionsSchema = z.strictObject({
  baseUrl: baseUrlSchema,
  /** Asked before every attempt, so a key changed in the secret box is used at once; never stored. */
  getApiKey: fn<() => Promise<string>>('getApiKey'),
  timeoutMs: z.int().min(1).max(2_147_483_647).default(30_000),
  /** Retries after the first attempt, for reads only. */
  readRetries: z.int().min(0).max(20).default(3),
  backoff: z
    .strictObject({
      baseMs: z.int().min(0).default(500),
      capMs: z.int().min(0).default(60_000),
    })
    .default({ baseMs: 500, capMs: 60_000 }),
  /** A token is replaced this long before its expires_on. */
  tokenSkewMs: z.int().min(0).default(60_000),
  now: fn<() => Date>('now').optional(),
  random: fn<() => number>('random').optional(),
  logger: z
    .custom<ApiLogger>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        ['info', 'warn', 'error'].every(
          (level) => typeof (value as Record<string, unknown>)[level] === 'function',
        ),
      'Expected a logger with info, warn and error functions',
    )
    .optional(),
  fetch: fn<FetchLike>('fetch').optional(),
  /**
   * Told every access token the API issues, as it arrives and before any request carries it, so the host's
   * log redactor (electron/core/log/redact.ts) knows it before any line could quote it.
   */
  onToken: fn<(token: string) => void>('onToken').optional(),
  /**
   * Where the client registers the key (at every attempt) and every token issued, and which redacts every
   * server text before an error carries it (classify.ts). A host passes its own so its log and its printing
   * know the same secrets (headless/cli/headless.ts); otherwise the client keeps a private one.
   */
  redactor: z
    .custom<Redactor>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as Redactor).addSecret === 'function' &&
        typeof (value as Redactor).redactText === 'function',
      'Expected a redactor (electron/core/log/redact.ts)',
    )
    .optional(),
});

export type ClientOptions = z.input<typeof ClientOptionsSchema>;

export interface ResolvedOptions {
  roots: { 'v2.1': string; v2: string };
  getApiKey: () => Promise<string>;
  timeoutMs: number;
  readRetries: number;
  backoff: { baseMs: number; capMs: number };
  tokenSkewMs: number;
  now: () => Date;
  random: () => number;
  logger: ApiLogger;
  fetch: FetchLike;
  onToken: (token: string) => void;
  redactor: Redactor;
}

const SILENT: ApiLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Throws an Error listing every problem (zod's message names each field). */
export function resolveOptions(input: ClientOptions): ResolvedOptions {
  const parsed = ClientOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`,
    );
    throw new Error(`Invalid API client options: ${lines.join('; ')}`);
  }
  const options = parsed.data;
  const v21 = options.baseUrl;
  return {
    roots: { 'v2.1': v21, v2: `${v21.slice(0, -V21_SUFFIX.length)}/v2` },
    getApiKey: options.getApiKey,
    timeoutMs: options.timeoutMs,
    readRetries: options.readRetries,
    backoff: options.backoff,
    tokenSkewMs: options.tokenSkewMs,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    logger: options.logger ?? SILENT,
    // Bound late, so a test (or a proxy agent) that replaces globalThis.fetch after import is honoured.
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    onToken: options.onToken ?? (() => {}),
    redactor: options.redactor ?? createRedactor(),
  };
}
