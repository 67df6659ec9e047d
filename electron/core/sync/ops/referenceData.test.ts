import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FixedPriceGroupSchema,
  ShipmentTypeSchema,
  ShippingPortSchema,
  SupplierReturnReasonSchema,
} from '../../../../src/api/resources';
import type { OpKind } from '../../../../src/db/ops';
import type { CacheTable } from '../../../../src/db/schema';
import { startSimulator } from '../../../../server/index';
import { ApiCallError } from '../../api/errors';
import { specFor } from './index';
import { deletedFrom, rowsFor, unique } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

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
    const queued = suite.h.op(create, { body: { name }, createsTempId: -2 });
    expect(queued.label).toBe(`New ${noun} “${name}”`);
    const { op, result } = await suite.h.send(queued);
    const writes = spec.cacheWrites(op, result);
    expect(rowsFor(writes, table, row)).toMatchObject([{ name }]);
    expect(deletedFrom(writes, table)).toEqual([-2]);
    expect(spec.resultIdOf?.(result)).toBe((result as { id: number }).id);
    expect(spec.creates).toBe(table);
  });

  it('finds a create whose response was lost by its name, ignoring case', async () => {
    const name = unique('Ops');
    const uncertain = await suite.h.sendDropped(suite.h.op(create, { body: { name } }));
    const lookup = { ...uncertain, body: { name: name.toUpperCase() } };
    expect(await spec.reconcile(suite.h.context, lookup)).toMatchObject({
      outcome: 'applied',
      result: { name },
    });
  });
});

describe.each(CASES.filter((c) => c.create !== 'createShippingPort'))('$create, never sent', ({ create }) => {
  it('answers absent', async () => {
    const uncertain = await suite.h.sendReset(suite.h.op(create, { body: { name: unique('Ops') } }));
    expect(await specFor(create).reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
  });
});

describe('createShippingPort, never sent', () => {
  it('is created by the reconciliation itself, exactly once (ports cannot be searched)', async () => {
    const name = unique('Port');
    const uncertain = await suite.h.sendReset(suite.h.op('createShippingPort', { body: { name } }));
    const decision = await specFor('createShippingPort').reconcile(suite.h.context, uncertain);
    expect(decision).toMatchObject({ outcome: 'applied', result: { name } });
    const again = await specFor('createShippingPort').reconcile(suite.h.context, uncertain);
    expect(again).toEqual(decision);
    expect([...suite.sim.state.shippingPorts.values()].filter((port) => port.name === name)).toHaveLength(1);
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
    const edit = suite.h.op(kind, { params: { id }, body: { name } });
    expect(edit.label).toMatch(/^Rename .* 1 to “Renamed-/);
    expect(await spec.readCurrent?.(suite.h.context, edit)).toMatchObject({ id });
    const { op, result } = await suite.h.send(edit);
    expect(spec.cacheWrites(op, result)).toEqual([{ table, put: [{ ...(result as object), id }] }]);
    expect(await spec.reconcile(suite.h.context, op)).toEqual({ outcome: 'replay' });
  });
});

describe('deletes', () => {
  it('a deleted return reason stays, flagged; deleting it again is a 204', async () => {
    const created = await suite.h.send(
      suite.h.op('createSupplierReturnReason', { body: { name: unique('Gone') } }),
    );
    const reason = created.result as { id: number };
    const spec = specFor('deleteSupplierReturnReason');
    const queued = suite.h.op('deleteSupplierReturnReason', {
      params: { id: reason.id },
      baseVersion: reason,
    });
    const { op, result } = await suite.h.send(queued);
    const [row] = rowsFor(spec.cacheWrites(op, result), 'returnReasons', withId(SupplierReturnReasonSchema));
    expect(row).toMatchObject({ id: reason.id, deleted: true });
    expect(row?.deleted_on).toEqual(expect.any(String));
    await expect(suite.h.send(op)).resolves.toBeDefined();
    expect(spec.notFoundMeansDone).toBe(true);
  });

  it('a deleted shipping port is removed; a 404 on the replay counts as done', async () => {
    const created = await suite.h.send(suite.h.op('createShippingPort', { body: { name: unique('Port') } }));
    const port = created.result as { id: number };
    const spec = specFor('deleteShippingPort');
    const { op, result } = await suite.h.send(suite.h.op('deleteShippingPort', { params: { id: port.id } }));
    expect(spec.cacheWrites(op, result)).toEqual([{ table: 'shippingPorts', delete: [port.id] }]);
    expect(await spec.reconcile(suite.h.context, op)).toEqual({ outcome: 'replay' });
    const replayed = await suite.h.send(op).catch((error: unknown) => error);
    expect((replayed as ApiCallError).kind).toBe('not-found');
    expect(spec.notFoundMeansDone).toBe(true);
  });
});
