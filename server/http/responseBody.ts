/**
 * Turns a handler's result into the response payload, checking it against the endpoint's response schema when
 * response validation is on. A mismatch is a simulator bug, answered 500 with the offending fields named, so
 * the client's tests fail loudly instead of learning a shape the real API never sends.
 */
import type { z } from 'zod';
import { selectionPageSchema, type EndpointEntry } from '../../src/api/endpoints';
import { fieldErrors } from '../../src/api/fieldErrors';
import { parseSelect } from '../../src/api/query';
import type { HandlerResult, WrittenResult } from '../domain/context';
import { ApiError } from '../errors';
import { bytesToText, JsonOut, type JsonBytes } from '../jsonOut';

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

/** What to send: JSON text, JSON already written as bytes, or nothing (204). */
export type Payload = string | JsonBytes | null;

/**
 * A written body is validated as the bytes that will be sent, and must equal `JSON.stringify` of the
 * handler's objects: the byte writers are hand-written templates, and this is what keeps them honest in
 * every test that talks to the simulator.
 */
function checkWritten(endpoint: EndpointEntry, schema: z.ZodType, result: WrittenResult, bytes: JsonBytes) {
  const sent = bytesToText(bytes);
  if (sent !== JSON.stringify(result.body)) {
    throw bug(`${endpoint.id}: the written body differs from JSON.stringify of the handler's body`);
  }
  check(endpoint, schema, JSON.parse(sent));
}

/** The payload to send, or null for a 204. */
export function responsePayload(
  endpoint: EndpointEntry,
  query: Record<string, unknown>,
  result: HandlerResult,
  validate: boolean,
): Payload {
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
  if ('write' in result) {
    const out = new JsonOut();
    let bytes: JsonBytes | null = null;
    try {
      result.write(out);
      bytes = out.finish();
      if (validate) checkWritten(endpoint, schema, result, bytes);
      return bytes;
    } catch (error) {
      // Nothing will send these chunks, so the pool may have them back at once.
      (bytes ?? out.finish()).release();
      throw error;
    }
  }
  if (validate) check(endpoint, schema, result.body);
  const payload = JSON.stringify(result.body) as string | undefined;
  if (payload === undefined) throw bug(`${endpoint.id}: the handler returned a body that is not JSON`);
  return payload;
}
