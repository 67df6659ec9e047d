/**
 * Turns a handler's result into the response payload, checking it against the endpoint's response schema when
 * response validation is on. A mismatch is a simulator bug, answered 500 with the offending fields named, so
 * the client's tests fail loudly instead of learning a shape the real API never sends.
 */
import type { z } from 'zod';
import { selectionPageSchema, type EndpointEntry } from '../../src/api/endpoints';
import { fieldErrors } from '../../src/api/fieldErrors';
import { parseSelect } from '../../src/api/query';
import type { HandlerResult } from '../domain/context';
import { ApiError } from '../errors';

const bug = (detail: string, errors?: Record<string, string[]>) =>
  new ApiError(500, 'Internal Server Error', detail, errors);

/** With `select`, a search answers rows of exactly the selected fields (src/api/endpoints/selection.ts). */
function schemaFor(endpoint: EndpointEntry, query: Record<string, unknown>): z.ZodType | null {
  const selectText = query['select'];
  if (endpoint.search && typeof selectText === 'string') {
    const selected = parseSelect(endpoint.search, selectText);
    if (selected.ok) return selectionPageSchema(endpoint.search, selected.value);
  }
  return endpoint.response;
}

function check(endpoint: EndpointEntry, schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw bug(`The simulator built an invalid ${endpoint.id} response`, fieldErrors(result.error));
  }
}

/** The JSON text to send, or null for a 204. */
export function responsePayload(
  endpoint: EndpointEntry,
  query: Record<string, unknown>,
  result: HandlerResult,
  validate: boolean,
): string | null {
  const schema = schemaFor(endpoint, query);
  if (schema === null) {
    if (validate && !('empty' in result))
      throw bug(`${endpoint.id} answers 204 but its handler returned a body`);
    return null;
  }
  if ('empty' in result) throw bug(`${endpoint.id} must answer a body but its handler returned none`);
  if ('json' in result) {
    if (validate) check(endpoint, schema, JSON.parse(result.json));
    return result.json;
  }
  if (validate) check(endpoint, schema, result.body);
  const payload = JSON.stringify(result.body) as string | undefined;
  if (payload === undefined) throw bug(`${endpoint.id}: the handler returned a body that is not JSON`);
  return payload;
}
