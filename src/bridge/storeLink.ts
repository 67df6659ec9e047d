/**
 * The store port carried over the bridge (design.md "Where data lives"): the main side's sync engine calls
 * `remoteStorePort(send)` as if it were the store; the renderer answers with `storeRequestHandler(port)`
 * over its Dexie database. Both ends validate with the port's schemas (src/db/storePort.ts), so a malformed
 * request changes nothing and a malformed answer never reaches the engine. Pure: the transport is passed in.
 */
import { fieldErrors } from '../api/fieldErrors';
import { STORE_PORT, type StorePort, type StorePortMethod } from '../db/storePort';
import {
  isStorePortMethod,
  StoreReplySchema,
  StoreRequestSchema,
  type StoreReply,
  type StoreRequest,
} from './contract';

/** The store could not answer (renderer gone, request refused, answer malformed). */
export class StoreLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreLinkError';
  }
}

function describeIssues(error: Parameters<typeof fieldErrors>[0]): string {
  return Object.entries(fieldErrors(error))
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}

/**
 * Main side: a StorePort whose every call is one request over `send`. `send` delivers the request and
 * resolves with the renderer's reply (or rejects when the renderer is gone).
 */
export function remoteStorePort(send: (request: StoreRequest) => Promise<unknown>): StorePort {
  let nextId = 0;
  const port: Partial<Record<StorePortMethod, unknown>> = {};
  for (const method of Object.keys(STORE_PORT) as StorePortMethod[]) {
    const { request: requestSchema, response: responseSchema } = STORE_PORT[method];
    port[method] = async (input: unknown) => {
      const request = requestSchema.parse(input);
      const id = nextId++;
      const raw = await send({ id, method, request });
      const reply = StoreReplySchema.safeParse(raw);
      if (!reply.success || reply.data.id !== id) {
        throw new StoreLinkError(`The store sent a malformed reply to ${method}`);
      }
      if (!reply.data.result.ok) throw new StoreLinkError(`${method}: ${reply.data.result.error.message}`);
      const value = responseSchema.safeParse(reply.data.result.value);
      if (!value.success) {
        throw new StoreLinkError(
          `The store's answer to ${method} is invalid: ${describeIssues(value.error)}`,
        );
      }
      return value.data;
    };
  }
  return port as StorePort;
}

/** Renderer side: answers one store request from main with `port`, validating both ways. Never throws. */
export function storeRequestHandler(port: StorePort): (raw: unknown) => Promise<StoreReply> {
  return async (raw) => {
    const parsed = StoreRequestSchema.safeParse(raw);
    const id = parsed.success ? parsed.data.id : 0;
    const fail = (message: string): StoreReply => ({ id, result: { ok: false, error: { message } } });
    if (!parsed.success) return fail('Malformed store request');
    const { method, request } = parsed.data;
    if (!isStorePortMethod(method)) return fail(`Unknown store method "${method}"`);
    const input = STORE_PORT[method].request.safeParse(request);
    if (!input.success) return fail(`Invalid ${method} request: ${describeIssues(input.error)}`);
    try {
      const answer = await (port[method] as (r: unknown) => Promise<unknown>)(input.data);
      const value = STORE_PORT[method].response.safeParse(answer);
      if (!value.success) return fail(`${method} produced an invalid answer: ${describeIssues(value.error)}`);
      return { id, result: { ok: true, value: value.data } };
    } catch (error) {
      return fail(error instanceof Error ? error.message : 'The store failed');
    }
  };
}
