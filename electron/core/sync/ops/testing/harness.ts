/**
 * Test support for the op specs (imported only by *.test.ts): the real API client against a simulator the
 * test starts, ops built the way the outbox writer builds them, the engine's send (write-ahead, then the
 * request), and the two ways an attempt becomes uncertain. It takes the simulator's URL and fault switch
 * rather than the simulator, so this file stays inside the core layer's import rules.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { z } from 'zod';
import { OpRecordSchema, type OpKind, type OpRecord } from '../../../../../src/db/ops';
import type { CacheWrite } from '../../../../../src/db/cacheWrites';
import type { CacheTable } from '../../../../../src/db/schema';
import { createApiClient } from '../../../api/client';
import { ApiCallError } from '../../../api/errors';
import type { ApiClient } from '../../../api/types';
import type { OpRunContext } from '../../opKind';
import { specFor } from '../index';

/** The part of the simulator the helpers use (server/index.ts `Simulator`). */
export interface SimulatorHandle {
  baseUrl: string;
  control: {
    setFaults(faults: { dropAfterCommitRate?: number; resetRate?: number }): unknown;
    resetFaults(): void;
  };
}

export interface OpsHarness {
  client: ApiClient;
  context: OpRunContext;
  /** An op as the outbox writer enqueues it: validated, with aggregate, temp ids and label from the spec. */
  op<K extends OpKind>(kind: K, input: OpInput): OpRecord;
  /** The engine's send: mark the attempt (write-ahead), then the request. */
  send(op: OpRecord): Promise<{ op: OpRecord; result: unknown }>;
  /** The request commits on the server, then its connection is cut: the response is lost. */
  sendDropped(op: OpRecord): Promise<OpRecord>;
  /** The connection is cut before the server runs anything: the attempt is just as uncertain. */
  sendReset(op: OpRecord): Promise<OpRecord>;
}

export interface OpInput {
  params?: Record<string, number | string>;
  body?: unknown;
  createsTempId?: number;
  baseVersion?: unknown;
}

export interface OpsHarnessOptions {
  /**
   * This PC's clock, for the client and for every time the harness writes down (the op's creation, the
   * attempt's write-ahead mark), as the app's one clock serves both. The real clock by default.
   */
  now?: () => Date;
  /** Skip the first read (the token): a client that has heard nothing from the server yet. */
  cold?: boolean;
}

export async function opsHarness(sim: SimulatorHandle, options: OpsHarnessOptions = {}): Promise<OpsHarness> {
  const now = options.now ?? (() => new Date());
  const client = createApiClient({
    baseUrl: sim.baseUrl,
    getApiKey: () => Promise.resolve('demo-key'),
    now,
  });
  // Fetch the token now: under a drop fault the token request would be the one whose answer is lost.
  if (!options.cold) await client.call('getShippingPort', { params: { id: 1 } });
  const context: OpRunContext = { client, now };

  function op<K extends OpKind>(kind: K, input: OpInput): OpRecord {
    const spec = specFor(kind);
    const shape = { params: input.params ?? {}, body: input.body };
    spec.payload.parse(shape);
    return OpRecordSchema.parse({
      id: randomUUID(),
      kind,
      aggregate: spec.aggregateOf({ ...shape, createsTempId: input.createsTempId }),
      ...shape,
      dependsOnTempIds: spec.tempIdsOf(shape),
      ...(input.createsTempId === undefined ? {} : { createsTempId: input.createsTempId }),
      ...(input.baseVersion === undefined ? {} : { baseVersion: input.baseVersion }),
      state: 'queued',
      attempts: 0,
      createdAt: now().toISOString(),
      label: spec.describe(shape),
    });
  }

  async function send(queued: OpRecord) {
    const sending: OpRecord = {
      ...queued,
      state: 'sending',
      attempts: queued.attempts + 1,
      lastAttemptAt: now().toISOString(),
    };
    const { operation } = specFor(queued.kind);
    const input = { params: queued.params, body: queued.body };
    const result = await client.call(operation, input as never);
    return { op: sending, result };
  }

  async function sendFaulty(queued: OpRecord, faults: { dropAfterCommitRate?: number; resetRate?: number }) {
    const before = now().toISOString();
    sim.control.setFaults(faults);
    try {
      const error = await send(queued).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiCallError);
      expect((error as ApiCallError).details.delivery).toBe('maybe');
    } finally {
      sim.control.resetFaults();
    }
    return {
      ...queued,
      state: 'uncertain',
      attempts: queued.attempts + 1,
      lastAttemptAt: before,
    } as OpRecord;
  }

  return {
    client,
    context,
    op,
    send,
    sendDropped: (queued) => sendFaulty(queued, { dropAfterCommitRate: 1 }),
    sendReset: (queued) => sendFaulty(queued, { resetRate: 1 }),
  };
}

/** The rows a spec puts into `table`, each checked against the table's cached shape. */
export function rowsFor<T>(writes: CacheWrite[], table: CacheTable, shape: z.ZodType<T>): T[] {
  const rows = writes.filter((write) => write.table === table).flatMap((write) => write.put ?? []);
  return rows.map((row) => shape.parse(row));
}

/** The keys a spec deletes from `table`. */
export const deletedFrom = (writes: CacheWrite[], table: CacheTable) =>
  writes.filter((write) => write.table === table).flatMap((write) => write.delete ?? []);

/** A unique suffix per run, so names and keys never collide across tests of one simulator. */
export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/**
 * An edit as the engine runs it: the spec reads the record's current version (it must equal `current`), the
 * update is sent, and a replay of it is safe. Resolves with the row the spec caches in `cached.table`.
 */
export async function sendEdit<T>(
  h: OpsHarness,
  edit: OpRecord,
  current: unknown,
  cached: { table: CacheTable; shape: z.ZodType<T> },
): Promise<T | undefined> {
  const spec = specFor(edit.kind);
  expect(await spec.readCurrent?.(h.context, edit)).toEqual(current);
  const { op, result } = await h.send(edit);
  expect(await spec.reconcile(h.context, op)).toEqual({ outcome: 'replay' });
  return rowsFor(spec.cacheWrites(op, result), cached.table, cached.shape)[0];
}
