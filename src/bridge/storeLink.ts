/**
 * The store port carried over the bridge (docs/architecture.md, "Bridge"): the main side's sync engine calls
 * `remoteStorePort(send)` as if it were the store; the renderer answers with `storeRequestHandler(port)`
 * over its Dexie database. Both ends validate with the port's schemas (src/db/storePort.ts), so a malformed
 * request changes nothing and a malformed answer never reaches the engine. Pure: the transport is passed in.
 */
import { z } from 'zod';
import { fieldErrors } from '../api/fieldErrors';
import {
  STORE_PORT,
  type PortRequest,
  type PortResponse,
  type StorePort,
  type StorePortMethod,
} from '../db/storePort';
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
 * A pulled page as it crosses the bridge: its rows as one JSON text. A page of orders with their lines is
 * megabytes of rows; as a string it is parsed (and copied to a worker) without the renderer's main thread
 * walking every row, and the worker that stores it parses and validates it there (src/lib/pullWorker.ts).
 */
const PulledPageHead = STORE_PORT.applyPulledPage.request.omit({ writes: true });
export const PackedPulledPageSchema = z.union([
  PulledPageHead.extend({ writesJson: z.string() }),
  // The same text as UTF-8 bytes in parts, as the browser host's WebSocket delivers it (./bulkFrame.ts).
  PulledPageHead.extend({ writesBytes: z.array(z.instanceof(Uint8Array)) }),
]);
export type PackedPulledPage = z.infer<typeof PackedPulledPageSchema>;

export function packPulledPage({ writes, ...rest }: PortRequest<'applyPulledPage'>): PackedPulledPage {
  return { ...rest, writesJson: JSON.stringify(writes) };
}

/** The page a packed one carries, validated with the port's own schema; an error says what is wrong. */
export function unpackPulledPage(
  packed: PackedPulledPage,
): { ok: true; value: PortRequest<'applyPulledPage'> } | { ok: false; error: string } {
  let writes: unknown;
  try {
    const text = 'writesJson' in packed ? packed.writesJson : decodeParts(packed.writesBytes);
    writes = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Invalid applyPulledPage request: its rows are not JSON' };
  }
  const request = STORE_PORT.applyPulledPage.request.safeParse({
    cursor: packed.cursor,
    at: packed.at,
    ...(packed.chain ? { chain: packed.chain } : {}),
    ...(packed.listedChildren ? { listedChildren: packed.listedChildren } : {}),
    ...(packed.refs ? { refs: packed.refs } : {}),
    writes,
  });
  if (!request.success)
    return { ok: false, error: `Invalid applyPulledPage request: ${describeIssues(request.error)}` };
  return { ok: true, value: request.data };
}

/** UTF-8 text cut at any byte (a character may span two parts). */
function decodeParts(parts: readonly Uint8Array[]): string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return parts.map((part, i) => decoder.decode(part, { stream: i < parts.length - 1 })).join('');
}

/** Stores a packed page somewhere other than the port's own method (a worker); the answer is validated. */
export type PulledPageOffload = (packed: PackedPulledPage) => Promise<PortResponse<'applyPulledPage'>>;

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
      const wire =
        method === 'applyPulledPage' ? packPulledPage(request as PortRequest<'applyPulledPage'>) : request;
      const raw = await send({ id, method, request: wire });
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

/**
 * Renderer side: answers one store request from main with `port`, validating both ways. Never throws. A
 * pulled page goes to `offload` when given (still checked here for its shape; its rows are checked where
 * they are parsed), otherwise it is unpacked here and stored by the port.
 */
export function storeRequestHandler(
  port: StorePort,
  options: { offload?: PulledPageOffload } = {},
): (raw: unknown) => Promise<StoreReply> {
  return async (raw) => {
    const parsed = StoreRequestSchema.safeParse(raw);
    const id = parsed.success ? parsed.data.id : 0;
    const fail = (message: string): StoreReply => ({ id, result: { ok: false, error: { message } } });
    if (!parsed.success) return fail('Malformed store request');
    const { method, request } = parsed.data;
    if (!isStorePortMethod(method)) return fail(`Unknown store method "${method}"`);
    let call: () => Promise<unknown>;
    if (method === 'applyPulledPage') {
      const packed = PackedPulledPageSchema.safeParse(request);
      if (!packed.success) return fail(`Invalid ${method} request: ${describeIssues(packed.error)}`);
      if (options.offload) call = () => options.offload!(packed.data);
      else {
        const page = unpackPulledPage(packed.data);
        if (!page.ok) return fail(page.error);
        call = () => port.applyPulledPage(page.value);
      }
    } else {
      const input = STORE_PORT[method].request.safeParse(request);
      if (!input.success) return fail(`Invalid ${method} request: ${describeIssues(input.error)}`);
      call = () => (port[method] as (r: unknown) => Promise<unknown>)(input.data);
    }
    try {
      const answer = await call();
      const value = STORE_PORT[method].response.safeParse(answer);
      if (!value.success) return fail(`${method} produced an invalid answer: ${describeIssues(value.error)}`);
      return { id, result: { ok: true, value: value.data } };
    } catch (error) {
      return fail(error instanceof Error ? error.message : 'The store failed');
    }
  };
}
