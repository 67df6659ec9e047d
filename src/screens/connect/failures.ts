/**
 * What to tell the user for each way a connection test can fail: the exact cause, so they know whether to
 * fix the URL, the key, the key's permissions or the network.
 */
import type { ConnectionFailure, ConnectionTestResult } from '../../bridge/contract';

export const FAILURE_TEXT: Record<ConnectionFailure, string> = {
  malformed_url:
    'That is not a valid API URL: it must start with https:// (http:// only for this computer) and end with /v2.1',
  unreachable: 'Cannot reach the server: check the address and the network connection.',
  unauthorized: 'The server rejected the API key (401)',
  forbidden: 'The key is valid but not allowed to use purchase orders (403)',
  not_an_api: 'The server answered, but it is not the Back-Office Retail API v2.1',
};

export function failureText(result: Extract<ConnectionTestResult, { ok: false }>): string {
  const text = FAILURE_TEXT[result.failure];
  // The status tells "wrong path" (404) from "server error" (5xx); 401/403 already carry theirs.
  return result.failure === 'not_an_api' && result.status !== undefined
    ? `${text} (HTTP ${result.status})`
    : text;
}
