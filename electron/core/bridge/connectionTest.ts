/**
 * `connection.test`: tries a base URL and key without saving them and says exactly what is wrong, so the
 * connect form can tell the user what to fix. Two requests through the real API client: the token (proves
 * the URL is the API and the key is known), then a one-row purchase order search, because a key restricted
 * away from purchase orders still gets a token and is refused (403) only there.
 *
 * Messages are written here, never copied from an error: they are shown to the user and logged, and must
 * not echo anything the user typed as a key.
 */
import { createHash } from 'node:crypto';
import { INSECURE_API_URL_MESSAGE, isInsecureRemoteUrl } from '../../../src/api/secureUrl';
import type { ConnectionFailure, ConnectionTestResult, DemoDataset } from '../../../src/bridge/contract';
import { ApiCallError, ContractError } from '../api/errors';
import { createApiClient, type DockhandApiClient } from '../api/client';
import type { FetchLike } from '../api/options';

/** Long enough for a slow VPN, short enough that the form does not seem to hang. */
export const CONNECTION_TEST_TIMEOUT_MS = 8_000;

const V21_SUFFIX = '/v2.1';

/**
 * The canonical form of a v2.1 base URL (trailing slashes dropped, scheme and host lower-cased), or
 * undefined when it is not one: not http(s), a user or password in it (a credential where URLs are logged),
 * a query or fragment, or a path not ending in /v2.1. Says nothing about https (normaliseBaseUrl does): a
 * store's name must not change with that rule.
 */
function canonicalBaseUrl(raw: string): string | undefined {
  const text = raw.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(text)) return undefined;
  if (!url.pathname.endsWith(V21_SUFFIX)) return undefined;
  return url.href.replace(/\/+$/, '');
}

/**
 * A v2.1 base URL the key may be sent to: canonical (above) and https, or http only to this computer
 * (src/api/secureUrl.ts); otherwise undefined. Nothing is tested, saved or synced against any other URL.
 */
export function normaliseBaseUrl(raw: string): string | undefined {
  const canonical = canonicalBaseUrl(raw);
  return canonical && !isInsecureRemoteUrl(canonical) ? canonical : undefined;
}

/**
 * The renderer's database name for a connection: stable across runs and restarts, never secret. A real API
 * is named by a short hash of its base URL (so two back offices never share a database); the demo by its
 * dataset, because its port, and so its URL, changes on every run.
 */
export function storeNameFor(baseUrl: string, demo?: DemoDataset): string {
  if (demo) return `dockhand-demo-${demo}`;
  const canonical = canonicalBaseUrl(baseUrl) ?? baseUrl;
  return `dockhand-${createHash('sha256').update(canonical).digest('hex').slice(0, 16)}`;
}

/**
 * The https:// address of an http:// connection saved before the https rule (src/api/secureUrl.ts), which
 * the connect screen offers in its place; undefined when it is not an API address at all.
 */
export function httpsVersionOf(insecureBaseUrl: string): string | undefined {
  const canonical = canonicalBaseUrl(insecureBaseUrl);
  return canonical?.startsWith('http://') ? `https://${canonical.slice('http://'.length)}` : undefined;
}

/**
 * The database a new connection keeps: the refused http:// connection's, when the new one is the same API
 * over https (its cache and queued edits carry over, none is left in a database nothing opens); otherwise
 * none, and the new connection's own (storeNameFor) is used.
 */
export function storeCarriedOver(insecureBaseUrl: string | undefined, baseUrl: string): string | undefined {
  if (!insecureBaseUrl) return undefined;
  const https = httpsVersionOf(insecureBaseUrl);
  return https !== undefined && https === canonicalBaseUrl(baseUrl)
    ? storeNameFor(insecureBaseUrl)
    : undefined;
}

const fail = (failure: ConnectionFailure, message: string, status?: number): ConnectionTestResult => ({
  ok: false,
  failure,
  message,
  ...(status === undefined ? {} : { status }),
});

/** What a failed step means for the user. `step` names the request in words. */
function classify(error: unknown, step: 'token' | 'purchase orders'): ConnectionTestResult {
  if (error instanceof ContractError) {
    return fail('not_an_api', `The server answered the ${step} request, but not as the v2.1 API does.`);
  }
  if (!(error instanceof ApiCallError)) {
    return fail('not_an_api', `The ${step} request failed unexpectedly.`);
  }
  const { status } = error.details;
  if (status === undefined && error.kind === 'auth') {
    // Refused before sending: the key has characters no header can carry.
    return fail('unauthorized', 'The API key contains characters an API key cannot have.');
  }
  if (status === undefined) {
    const timedOut = error.message.includes('timed out');
    return fail(
      'unreachable',
      timedOut
        ? `The server did not answer within ${CONNECTION_TEST_TIMEOUT_MS / 1000} seconds.`
        : 'The server could not be reached. Check the address and the network.',
    );
  }
  if (status === 401) return fail('unauthorized', 'The API key was not accepted.', status);
  if (status === 403) {
    return fail('forbidden', 'The API key is valid but may not use purchase orders.', status);
  }
  if (status === 429) {
    // The API itself, only busy: not "not an API", and the user can do nothing but wait.
    return fail('unreachable', 'The API is limiting requests right now. Try again in a minute.', status);
  }
  return fail('not_an_api', `The server answered ${status}: this address is not the v2.1 API.`, status);
}

export interface ConnectionTestOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  /**
   * Told the key being tried and every token issued for it, before any request: a key that is only tried is
   * never saved, so the SecretBox never registers it with the log redactor.
   */
  onSecret?: (secret: string) => void;
}

/** Never throws: every outcome is a ConnectionTestResult. */
export async function testConnection(
  input: { baseUrl: string; apiKey: string },
  options: ConnectionTestOptions = {},
): Promise<ConnectionTestResult> {
  // Before the key goes anywhere: an http:// address to another machine would carry it in clear.
  if (isInsecureRemoteUrl(input.baseUrl)) return fail('malformed_url', INSECURE_API_URL_MESSAGE);
  const baseUrl = normaliseBaseUrl(input.baseUrl);
  if (!baseUrl) {
    return fail(
      'malformed_url',
      'Enter the API base URL as https://host/…/v2.1, without a user, password, query or fragment.',
    );
  }
  const apiKey = input.apiKey;
  options.onSecret?.(apiKey);
  let client: DockhandApiClient;
  try {
    client = createApiClient({
      baseUrl,
      getApiKey: () => Promise.resolve(apiKey),
      timeoutMs: options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS,
      readRetries: 0,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.onSecret ? { onToken: options.onSecret } : {}),
    });
  } catch {
    return fail('malformed_url', 'The API base URL is not valid.');
  }
  const settings = { retry: false } as const;
  try {
    await client.call('getAuthToken', {}, settings);
  } catch (error) {
    return classify(error, 'token');
  }
  try {
    await client.call('searchPurchaseOrders', { query: { page_size: 1 } }, settings);
  } catch (error) {
    return classify(error, 'purchase orders');
  }
  return { ok: true, message: 'Connected to the v2.1 API.' };
}
