import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FixedPriceGroupSchema,
  ShipmentTypeSchema,
  ShippingPortSchema,
  SupplierReturnReasonSchema,
} from '../../../../src/api/resources';
import type { OpKind } from '../../../../src/db/ops';
import type { CacheTable } from '../../../../src/db/schema';
import { startSimulator, type Simulator } from '../../../../server/index';
import { ApiCallError } from '../../api/errors';
import { specFor } from './index';
import { deletedFrom, opsHarness, rowsFor, unique, type OpsHarness } from './testing/harness';

let sim: Simulator;
let h: OpsHarness;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, control: true, rateLimit: 100_000 });
  h = await opsHarness(sim);
});
afterAll(() => sim.stop());

const withId = <S extends z.ZodObject>(schema: S) => schema.extend({ id: z.int() });

interface Case {
  create: OpKind;
  table: CacheTable;
  row: z.ZodType;
  noun: string;
}

const CASES: Case[] = [
  {
    create: 'createSupplierReturnReason',
    table: 'returnReasons',
    row: withId(SupplierReturnReasonSchema),
    noun: 'return reason',
  },
  { create: 'createShippingPort', table: 'shippingPorts', row: ShippingPortSchema, noun: 'shipping port' },
  {
    create: 'createShipmentType',
    table: 'shipmentTypes',
    row: withId(ShipmentTypeSchema),
    noun: 'shipment type',
  },
  {
    create: 'createFixedPriceGroup',
    table: 'fixedPriceGroups',
    row: FixedPriceGroupSchema,
    noun: 'fixed price group',
  },
];

describe.each(CASES)('$create', ({ create, table, row, noun }) => {
  const spec = specFor(create);

  it('puts the created record and drops its temp row', async () => {
    const name = unique('Ops');
    const queued = h.op(create, { body: { name }, createsTempId: -2 });
    expect(queued.label).toBe(`New ${noun} “${name}”`);
    const { op, result } = await h.send(queued);
    const writes = spec.cacheWrites(op, result);
    expect(rowsFor(writes, table, row)).toMatchObject([{ name }]);
    expect(deletedFrom(writes, table)).toEqual([-2]);
    expect(spec.resultIdOf?.(result)).toBe((result as { id: number }).id);
    expect(spec.creates).toBe(table);
  });

  it('finds a create whose response was lost by its name, ignoring case', async () => {
    const name = unique('Ops');
    const uncertain = await h.sendDropped(h.op(create, { body: { name } }));
    const lookup = { ...uncertain, body: { name: name.toUpperCase() } };
    expect(await spec.reconcile(h.context, lookup)).toMatchObject({ outcome: 'applied', result: { name } });
  });
});

describe.each(CASES.filter((c) => c.create !== 'createShippingPort'))('$create, never sent', ({ create }) => {
  it('answers absent', async () => {
    const uncertain = await h.sendReset(h.op(create, { body: { name: unique('Ops') } }));
    expect(await specFor(create).reconcile(h.context, uncertain)).toEqual({ outcome: 'absent' });
  });
});

describe('createShippingPort, never sent', () => {
  it('is created by the reconciliation itself, exactly once (ports cannot be searched)', async () => {
    const name = unique('Port');
    const uncertain = await h.sendReset(h.op('createShippingPort', { body: { name } }));
    const decision = await specFor('createShippingPort').reconcile(h.context, uncertain);
    expect(decision).toMatchObject({ outcome: 'applied', result: { name } });
    const again = await specFor('createShippingPort').reconcile(h.context, uncertain);
    expect(again).toEqual(decision);
    expect([...sim.state.shippingPorts.values()].filter((port) => port.name === name)).toHaveLength(1);
  });
});

describe('renames', () => {
  it.each([
    ['updateSupplierReturnReason', 'returnReasons', 1],
    ['updateShippingPort', 'shippingPorts', 1],
    ['updateShipmentType', 'shipmentTypes', 1],
  ] as const)('%s reads the current record and puts the renamed one', async (kind, table, id) => {
    const spec = specFor(kind);
    const name = unique('Renamed');
    const edit = h.op(kind, { params: { id }, body: { name } });
    expect(edit.label).toMatch(/^Rename .* 1 to “Renamed-/);
    expect(await spec.readCurrent?.(h.context, edit)).toMatchObject({ id });
    const { op, result } = await h.send(edit);
    expect(spec.cacheWrites(op, result)).toEqual([{ table, put: [{ ...(result as object), id }] }]);
    expect(await spec.reconcile(h.context, op)).toEqual({ outcome: 'replay' });
  });
});

describe('deletes', () => {
  it('a deleted return reason stays, flagged; deleting it again is a 204', async () => {
    const created = await h.send(h.op('createSupplierReturnReason', { body: { name: unique('Gone') } }));
    const reason = created.result as { id: number };
    const spec = specFor('deleteSupplierReturnReason');
    const queued = h.op('deleteSupplierReturnReason', { params: { id: reason.id }, baseVersion: reason });
    const { op, result } = await h.send(queued);
    const [row] = rowsFor(spec.cacheWrites(op, result), 'returnReasons', withId(SupplierReturnReasonSchema));
    expect(row).toMatchObject({ id: reason.id, deleted: true });
    expect(row?.deleted_on).toEqual(expect.any(String));
    await expect(h.send(op)).resolves.toBeDefined();
    expect(spec.notFoundMeansDone).toBe(true);
  });

  it('a deleted shipping port is removed; a 404 on the replay counts as done', async () => {
    const created = await h.send(h.op('createShippingPort', { body: { name: unique('Port') } }));
    const port = created.result as { id: number };
    const spec = specFor('deleteShippingPort');
    const { op, result } = await h.send(h.op('deleteShippingPort', { params: { id: port.id } }));
    expect(spec.cacheWrites(op, result)).toEqual([{ table: 'shippingPorts', delete: [port.id] }]);
    expect(await spec.reconcile(h.context, op)).toEqual({ outcome: 'replay' });
    const replayed = await h.send(op).catch((error: unknown) => error);
    expect((replayed as ApiCallError).kind).toBe('not-found');
    expect(spec.notFoundMeansDone).toBe(true);
  });
});
