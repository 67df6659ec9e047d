/**
 * The control API over HTTP, on its own loopback port so it stays reachable while the API port is offline.
 * It has no auth (it listens on 127.0.0.1 only and exists only with `control: true`) and no faults.
 *
 *   GET    /__sim/state     → 200 snapshot (record counts, POs by external id, invoices by number)
 *   GET    /__sim/faults    → 200 the current faults
 *   PUT    /__sim/faults    → 200 the faults now in force (the body replaces them all)
 *   DELETE /__sim/faults    → 204 faults off, PRNG reset
 *   GET    /__sim/offline   → 200 {offline}
 *   PUT    /__sim/offline   {offline: boolean} → 200 {offline}
 *   GET    /__sim/rules     → 200 the injected business rules
 *   PUT    /__sim/rules     [{operation, field, min?, max?, message?}] → 200 the rules now in force
 *   DELETE /__sim/rules     → 204 no injected rules
 *   POST   /__sim/order-view {id} → 200 one purchase order with its receipts (server/control/orderView.ts)
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { fieldErrors } from '../../src/api/fieldErrors';
import { ApiError } from '../errors';
import { SwitchableServer } from '../http/listener';
import { checkJsonContentType, parseJsonBody, parseTarget, readBody } from '../http/request';
import { JSON_TYPE, send, sendProblem } from '../http/respond';
import { FaultsSchema } from './faults';
import { BodyRulesSchema } from './rules';
import type { SimulatorControl } from './index';

export const CONTROL_PREFIX = '/__sim';

const OfflineSchema = z.strictObject({ offline: z.boolean() });
const OrderViewRequestSchema = z.strictObject({ id: z.number().int() });

type Route = (body: () => unknown) => Promise<{ status: number; body?: unknown }>;

function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ApiError(400, 'Bad Request', 'Invalid control request', fieldErrors(result.error));
  return result.data;
}

function routes(control: SimulatorControl): Record<string, Partial<Record<string, Route>>> {
  return {
    '/state': { GET: async () => ({ status: 200, body: control.snapshot() }) },
    '/faults': {
      GET: async () => ({ status: 200, body: control.getFaults() }),
      PUT: async (body) => ({ status: 200, body: control.setFaults(validated(FaultsSchema, body())) }),
      DELETE: async () => {
        control.resetFaults();
        return { status: 204 };
      },
    },
    '/rules': {
      GET: async () => ({ status: 200, body: control.getRules() }),
      PUT: async (body) => ({ status: 200, body: control.setRules(validated(BodyRulesSchema, body())) }),
      DELETE: async () => {
        control.setRules([]);
        return { status: 204 };
      },
    },
    '/order-view': {
      POST: async (body) => {
        const view = control.orderView(validated(OrderViewRequestSchema, body()).id);
        if (!view) throw new ApiError(404, 'Not Found', 'No purchase order with that id');
        return { status: 200, body: view };
      },
    },
    '/offline': {
      GET: async () => ({ status: 200, body: { offline: control.isOffline() } }),
      PUT: async (body) => {
        await control.setOffline(validated(OfflineSchema, body()).offline);
        return { status: 200, body: { offline: control.isOffline() } };
      },
    },
  };
}

async function handle(
  table: ReturnType<typeof routes>,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
) {
  const read = await readBody(req);
  if (read.kind === 'aborted') return;
  let instance = '/';
  try {
    const target = parseTarget(req.url);
    instance = target.path;
    const name = target.path.slice(CONTROL_PREFIX.length);
    const methods =
      target.path.startsWith(`${CONTROL_PREFIX}/`) && Object.hasOwn(table, name) ? table[name] : undefined;
    if (!methods) throw new ApiError(404, 'Not Found', `No control operation at ${target.path}`);
    const method = req.method ?? '';
    const route = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!route) {
      const allow = Object.keys(methods).join(', ');
      sendProblem(res, requestId, instance, { status: 405, detail: `Allowed: ${allow}` }, { allow });
      return;
    }
    if (read.kind === 'tooLarge')
      throw new ApiError(413, 'Content Too Large', 'The body is larger than 5 MB');
    const body = () => {
      checkJsonContentType(req.headers['content-type']);
      return parseJsonBody(read.bytes);
    };
    const answer = await route(body);
    send(
      res,
      requestId,
      answer.status,
      JSON_TYPE,
      answer.body === undefined ? null : JSON.stringify(answer.body),
    );
  } catch (error) {
    if (error instanceof ApiError) {
      const { status, title, detail, errors } = error;
      sendProblem(res, requestId, instance, { status, title, detail, errors });
      return;
    }
    process.stderr.write(`[simulator control] ${error instanceof Error ? error.stack : String(error)}\n`);
    sendProblem(res, requestId, instance, { status: 500, detail: String(error) });
  }
}

/** Starts the control server on 127.0.0.1 (port 0: a free one). */
export async function startControlServer(control: SimulatorControl, port = 0): Promise<SwitchableServer> {
  const table = routes(control);
  const server = new SwitchableServer((req, res) => {
    req.on('error', () => {});
    res.on('error', () => {});
    const requestId = randomUUID();
    void handle(table, req, res, requestId).catch((error: unknown) => {
      sendProblem(res, requestId, '/', { status: 500, detail: String(error) });
    });
  });
  await server.listen(port);
  return server;
}
