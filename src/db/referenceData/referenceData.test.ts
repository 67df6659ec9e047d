import { beforeEach, describe, expect, it } from 'vitest';
import { opCatalog } from '../opCatalog';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { onlyOp } from '../testing/editedForm';
import { memoryDb } from '../testing/memoryStore';
import { listRows, loadRecord } from './listRows';
import { createNamed, NAMED_LISTS, nameMax, renameNamed, validateName } from './namedLists';
import { deleteReturnReason, filterReasons, type CachedReturnReason } from './returnReasons';
import { deleteShippingPort, portInUse, portUsed } from './shippingPorts';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');
const { returnReasons, shippingPorts, shipmentTypes, fixedPriceGroups } = NAMED_LISTS;

const reason = (id: number, name: string, deleted = false): CachedReturnReason => ({
  id,
  name,
  created_on: '2026-01-05T10:00:00Z',
  modified_on: '2026-01-05T10:00:00Z',
  deleted,
  deleted_on: deleted ? '2026-02-01T08:00:00Z' : null,
});

beforeEach(async () => {
  db = memoryDb('reference-data');
  await db.returnReasons.bulkPut([reason(1, 'Damaged'), reason(2, 'Wrong size'), reason(3, 'Late', true)]);
  await db.shippingPorts.bulkPut([
    { id: 4, name: 'Port of Melbourne' },
    { id: 5, name: 'Shanghai' },
  ]);
  await db.shipmentTypes.put({ id: 1, name: 'Sea freight' });
});

describe('validateName', () => {
  it("holds each list to the contract's bound, said at the field in words", () => {
    expect(nameMax(shippingPorts)).toBe(100);
    expect(nameMax(shipmentTypes)).toBe(50);
    expect(validateName(shipmentTypes, 'S'.repeat(51), [])).toEqual({
      ok: false,
      errors: { name: ['At most 50 characters (this has 51). Shorten the name.'] },
    });
    expect(validateName(shippingPorts, 'P'.repeat(100), [])).toEqual({ ok: true, name: 'P'.repeat(100) });
    expect(validateName(shippingPorts, 'P'.repeat(101), []).ok).toBe(false);
    expect(validateName(returnReasons, '   ', [])).toEqual({
      ok: false,
      errors: { name: ['Give the return reason a name.'] },
    });
  });

  it('refuses a live name the list already has, ignoring case; a deleted reason holds none', async () => {
    const rows = await db.returnReasons.toArray();
    expect(validateName(returnReasons, ' damaged ', rows)).toEqual({
      ok: false,
      errors: { name: ['There is already a return reason called “Damaged”. Choose another name.'] },
    });
    expect(validateName(returnReasons, 'late', rows)).toEqual({ ok: true, name: 'late' });
    expect(validateName(returnReasons, 'DAMAGED', rows, 1)).toEqual({ ok: true, name: 'DAMAGED' });
  });
});

describe('creating', () => {
  it('queues the create with a temp id and shows the new record at once, pending', async () => {
    const result = await createNamed(db, shipmentTypes, '  Air express ', { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.id).toBeLessThan(0);
    expect(await db.outbox.toArray()).toMatchObject([
      {
        kind: 'createShipmentType',
        aggregate: `shipmentType:${result.id}`,
        params: {},
        body: { name: 'Air express' },
        createsTempId: result.id,
        state: 'queued',
        label: 'New shipment type ‘Air express’',
      },
    ]);
    expect(await db.shipmentTypes.get(result.id)).toMatchObject({
      id: result.id,
      name: 'Air express',
      _temp: true,
      _pendingOps: [result.op!.id],
    });
    const rows = await listRows(db, 'shipmentTypes');
    expect(rows.map((row) => [row.record.name, row.badge])).toEqual([
      ['Air express', 'pending'],
      ['Sea freight', null],
    ]);
  });

  it("writes a return reason and a fixed price group in the server's response shape", async () => {
    const made = await createNamed(db, returnReasons, 'Faulty', { now });
    const group = await createNamed(db, fixedPriceGroups, 'Staff', { now });
    if (!made.ok || !group.ok) throw new Error('not queued');
    expect(await db.returnReasons.get(made.id)).toMatchObject({
      name: 'Faulty',
      created_on: now.toISOString(),
      deleted: false,
      deleted_on: null,
    });
    expect(await db.fixedPriceGroups.get(group.id)).toMatchObject({
      name: 'Staff',
      modified_on: now.toISOString(),
    });
    expect((await db.outbox.toArray()).map((op) => op.kind)).toEqual([
      'createSupplierReturnReason',
      'createFixedPriceGroup',
    ]);
  });

  it('tells a page open on a record made here where it went once its create reached the server', async () => {
    const made = await createNamed(db, shipmentTypes, 'Rail', { now });
    if (!made.ok) throw new Error('not queued');
    const group = opCatalog('createShipmentType').group;
    expect(await loadRecord(db, 'shipmentTypes', made.id, group)).toMatchObject({ movedTo: null });
    // What the engine's completion leaves: the temp id mapped, the row under its server id.
    await db.tempIds.update(made.id, { serverId: 9, resolvedAt: now.toISOString() });
    await db.shipmentTypes.delete(made.id);
    await db.shipmentTypes.put({ id: 9, name: 'Rail' });
    expect(await loadRecord(db, 'shipmentTypes', made.id, group)).toMatchObject({ record: null, movedTo: 9 });
  });

  it('writes nothing when the name is refused', async () => {
    expect(await createNamed(db, shippingPorts, 'shanghai')).toMatchObject({ ok: false });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shippingPorts.count()).toBe(2);
  });
});

describe('renaming', () => {
  it('queues the rename with the record as seen as its base, and renames the row at once', async () => {
    const result = await renameNamed(db, shippingPorts, 4, 'Melbourne (Webb Dock)', { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const op = await onlyOp(db);
    expect(op).toMatchObject({
      kind: 'updateShippingPort',
      aggregate: 'shippingPort:4',
      params: { id: 4 },
      body: { name: 'Melbourne (Webb Dock)' },
      baseVersion: { id: 4, name: 'Port of Melbourne' },
      label: 'Rename shipping port ‘Port of Melbourne’ to ‘Melbourne (Webb Dock)’',
    });
    expect(await db.shippingPorts.get(4)).toMatchObject({
      name: 'Melbourne (Webb Dock)',
      _pendingOps: [op.id],
    });
    const detail = await loadRecord(db, 'shippingPorts', 4, opCatalog('updateShippingPort').group);
    expect(detail).toMatchObject({ badge: 'pending', ops: [{ id: op.id }] });
  });

  it('writes nothing for the same name, and refuses a deleted reason', async () => {
    expect(await renameNamed(db, shipmentTypes, 1, 'Sea freight')).toMatchObject({ ok: true, op: null });
    expect(await renameNamed(db, returnReasons, 3, 'Late delivery')).toEqual({
      ok: false,
      errors: { name: ['A deleted return reason cannot be renamed: the server keeps it as it was.'] },
    });
    expect(await renameNamed(db, fixedPriceGroups, 1, 'Any')).toMatchObject({ ok: false });
    expect(await db.outbox.count()).toBe(0);
  });

  it('renames a record made offline behind its create, which it waits for', async () => {
    const made = await createNamed(db, shippingPorts, 'Lae', { now });
    if (!made.ok) throw new Error('not queued');
    const renamed = await renameNamed(db, shippingPorts, made.id, 'Port of Lae', { now });
    if (!renamed.ok || !renamed.op) throw new Error('not queued');
    expect(renamed.op).toMatchObject({
      kind: 'updateShippingPort',
      aggregate: `shippingPort:${made.id}`,
      params: { id: made.id },
      dependsOnTempIds: [made.id],
    });
    expect(await db.shippingPorts.get(made.id)).toMatchObject({
      name: 'Port of Lae',
      _pendingOps: [made.op!.id, renamed.op.id],
    });
    const detail = await loadRecord(db, 'shippingPorts', made.id, opCatalog('createShippingPort').group);
    expect(detail.ops.map((op) => op.kind)).toEqual(['createShippingPort', 'updateShippingPort']);
  });

  it('is discarded with the old name back', async () => {
    const result = await renameNamed(db, shipmentTypes, 1, 'Ocean');
    if (!result.ok || !result.op) throw new Error('not queued');
    await createDexieStore(db).discard({ id: result.op.id });
    expect(await db.shipmentTypes.get(1)).toEqual({ id: 1, name: 'Sea freight' });
  });
});

describe('return reasons', () => {
  it('filters live, deleted or both, as the API’s is_deleted does', async () => {
    const rows = await listRows<CachedReturnReason>(db, 'returnReasons');
    const names = (filter: Parameters<typeof filterReasons>[1]) =>
      filterReasons(rows, filter).map((row) => row.record.name);
    expect(names(null)).toEqual(['Damaged', 'Late', 'Wrong size']);
    expect(names('live')).toEqual(['Damaged', 'Wrong size']);
    expect(names('deleted')).toEqual(['Late']);
  });

  it('deletes softly: the reason stays, deleted and dated, with the op carrying it as seen', async () => {
    const result = await deleteReturnReason(db, 2, { now });
    if (!result.ok) throw new Error(result.message);
    expect(result.op).toMatchObject({
      kind: 'deleteSupplierReturnReason',
      aggregate: 'returnReason:2',
      params: { id: 2 },
      baseVersion: reason(2, 'Wrong size'),
      label: 'Delete return reason ‘Wrong size’',
    });
    expect(result.op).not.toHaveProperty('body');
    expect(await db.returnReasons.get(2)).toEqual({
      ...reason(2, 'Wrong size'),
      deleted: true,
      deleted_on: now.toISOString(),
      _pendingOps: [result.op.id],
    });
    expect(await deleteReturnReason(db, 3)).toEqual({
      ok: false,
      message: 'This return reason is already deleted.',
    });
    await createDexieStore(db).discard({ id: result.op.id });
    expect(await db.returnReasons.get(2)).toEqual(reason(2, 'Wrong size'));
  });
});

describe('shipping ports', () => {
  it('counts the suppliers and orders that name a port, so its delete would be refused', async () => {
    await db.suppliers.put({ id: 41, shipping_port: { id: 4, name: 'Port of Melbourne' } } as never);
    await db.purchaseOrders.bulkPut([
      { id: 1, shipping_port: { id: 4, name: 'Port of Melbourne' } },
      { id: 2, shipping_port: null },
    ] as never);
    expect(await portInUse(db, 4)).toEqual({ suppliers: 1, orders: 1 });
    expect(portUsed(await portInUse(db, 4))).toBe(true);
    expect(portUsed(await portInUse(db, 5))).toBe(false);
  });

  it('queues deleteShippingPort and removes the port at once; a discard brings it back', async () => {
    const result = await deleteShippingPort(db, 5, { now });
    if (!result.ok) throw new Error(result.message);
    expect(result.op).toMatchObject({
      kind: 'deleteShippingPort',
      aggregate: 'shippingPort:5',
      params: { id: 5 },
    });
    expect(await db.shippingPorts.get(5)).toBeUndefined();
    await createDexieStore(db).discard({ id: result.op.id });
    expect(await db.shippingPorts.get(5)).toEqual({ id: 5, name: 'Shanghai' });
  });
});
