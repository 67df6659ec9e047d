/**
 * A cached customer with only what the store tests read: Ada Lovelace, no custom reference, last changed on
 * the first of January 2025 (a pull's cursor starts there). One home for the pull and outbox tests' row, and
 * for an edit of it as the outbox queues one.
 */
import type { EnqueueInput } from '../outbox';

export const customerRow = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  custom_reference: null,
  modified_on: '2025-01-01T00:00:00Z',
  ...fields,
});

/**
 * `updateCustomer` of customer `id` sending `body`, its local edit the row with `body` on it; `more` sets
 * what a test cares about (a base version, another local edit, none).
 */
export const customerEdit = (
  id: number,
  body: Record<string, unknown>,
  more: Partial<EnqueueInput> = {},
): EnqueueInput => ({
  kind: 'updateCustomer',
  params: { id },
  body,
  label: 'Update customer',
  cacheChanges: [{ table: 'customers', put: [customerRow(id, body)] }],
  ...more,
});
