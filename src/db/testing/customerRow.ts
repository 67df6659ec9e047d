/**
 * A cached customer with only what the store tests read: Ada Lovelace, no custom reference, last changed on
 * the first of January 2025 (a pull's cursor starts there). One home for the pull and outbox tests' row.
 */
export const customerRow = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  custom_reference: null,
  modified_on: '2025-01-01T00:00:00Z',
  ...fields,
});
