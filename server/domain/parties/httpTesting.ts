/**
 * Test support for calling party operations over real HTTP: a simulator started with the given state, and
 * `send(op, …)` that builds the URL from the endpoint table (method, `/v2` or `/v2.1` base, path parameters),
 * sends it with a fresh bearer token, and checks a success body against the operation's response schema on
 * the client side too. Only tests import this file.
 */
import { expect } from 'vitest';
import { ENDPOINTS, fillPath, selectionPageSchema } from '../../../src/api/endpoints';
import { encodeParams } from '../../../src/api/params';
import { ProblemSchema, type Problem } from '../../../src/api/resources/problem';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../index';
import type { PartyOperationId } from './index';

export interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
}

export interface PartyApi {
  sim: Simulator;
  send(op: PartyOperationId, request?: Request): Promise<Reply>;
  /** Sends and asserts a success: the endpoint's status (200/201/204) and a body that parses. */
  ok<T = unknown>(op: PartyOperationId, request?: Request): Promise<T>;
  /** Sends and asserts a problem with `status`; returns the problem body. */
  fails(op: PartyOperationId, status: number, request?: Request): Promise<Problem>;
  stop(): Promise<void>;
}

export async function startPartyApi(options: SimulatorOptions = {}): Promise<PartyApi> {
  const sim = await startSimulator({ port: 0, ...options });
  const key = { 'x-api-key': 'demo-key' };
  const token = (await (await fetch(`${sim.baseUrl}/auth/token`, { headers: key })).json()) as {
    access_token: string;
  };
  const headers = {
    ...key,
    authorization: `Bearer ${token.access_token}`,
    'content-type': 'application/json',
  };

  async function send(op: PartyOperationId, request: Request = {}): Promise<Reply> {
    const spec = ENDPOINTS[op];
    const query = new URLSearchParams(encodeParams(request.query ?? {})).toString();
    const url = `${sim.origin}/${spec.base}${fillPath(spec.path, request.params ?? {})}${query ? `?${query}` : ''}`;
    const init: RequestInit = { method: spec.method, headers };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    const response = await fetch(url, init);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  return {
    sim,
    send,
    async ok<T>(op: PartyOperationId, request: Request = {}) {
      const spec = ENDPOINTS[op];
      const reply = await send(op, request);
      expect(reply, `${op} answered ${JSON.stringify(reply.body)}`).toMatchObject({ status: spec.status });
      if (spec.response === null) expect(reply.body).toBeNull();
      else {
        const select = typeof request.query?.['select'] === 'string' ? request.query['select'] : undefined;
        const schema =
          select && 'search' in spec && spec.search
            ? selectionPageSchema(spec.search, select.split(','))
            : spec.response;
        schema.parse(reply.body);
      }
      return reply.body as T;
    },
    async fails(op: PartyOperationId, status: number, request: Request = {}) {
      const reply = await send(op, request);
      expect(reply.status, `${op} answered ${JSON.stringify(reply.body)}`).toBe(status);
      return ProblemSchema.parse(reply.body);
    },
    stop: () => sim.stop(),
  };
}
