/**
 * The `customer.loyaltyHistory` command: one page of a customer's loyalty history, newest first, read from
 * the API when someone looks (the engine does not pull it). Failures are said in a clerk's words, never as
 * the request: no answer from the server, a customer it does not have, credentials it refused.
 */
import type { BridgeResponse } from '../../../src/bridge/contract';
import { BridgeFailure } from '../../../src/bridge/contract';
import { ApiCallError } from '../api/errors';
import type { ApiClient } from '../api/types';

/** Entries per page: a year of a regular's purchases, and one small request. */
export const LOYALTY_PAGE_SIZE = 100;

function failureWords(error: unknown, customerId: number): string {
  if (error instanceof ApiCallError) {
    if (error.details.delivery !== 'yes')
      return 'The server does not answer, so the loyalty history cannot be read now: what was read before is shown.';
    if (error.kind === 'not-found') return `The server has no customer ${customerId}.`;
    if (error.kind === 'auth')
      return 'The server refused the saved credentials: check the connection in Settings.';
    if (error.kind === 'transient') return 'The server is busy: try again in a moment.';
  }
  return 'The loyalty history could not be read: try again, or see the log.';
}

export async function readLoyaltyHistory(
  client: ApiClient,
  customerId: number,
  page: number,
): Promise<BridgeResponse<'customer.loyaltyHistory'>> {
  try {
    return await client.call('searchLoyaltyHistory', {
      params: { id: customerId },
      query: { order_by: 'created_on desc,id desc', page_number: page, page_size: LOYALTY_PAGE_SIZE },
    });
  } catch (error) {
    throw new BridgeFailure('failed', failureWords(error, customerId));
  }
}
