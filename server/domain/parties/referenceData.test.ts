import { describe, expect, it } from 'vitest';
import { call, fixtureState, NOW, problemOf } from './testing';

describe('supplier return reasons', () => {
  it('creates, renames and soft-deletes; a deleted reason stays readable but not renamable', () => {
    const state = fixtureState();
    expect(call(state, 'createSupplierReturnReason', { body: { name: 'Faulty' } })).toEqual({
      id: 7,
      name: 'Faulty',
      created_on: NOW,
      modified_on: NOW,
      deleted: false,
      deleted_on: null,
    });
    const later = '2026-04-03T00:00:00.000Z';
    expect(
      call(state, 'updateSupplierReturnReason', { params: { id: 7 }, body: { name: 'Broken' } }, later),
    ).toMatchObject({ name: 'Broken', created_on: NOW, modified_on: later });
    expect(call(state, 'deleteSupplierReturnReason', { params: { id: 7 } }, later)).toBeUndefined();
    expect(call(state, 'getSupplierReturnReason', { params: { id: 7 } })).toMatchObject({
      deleted: true,
      deleted_on: later,
    });
    // A second delete is a no-op that keeps the first deleted_on.
    call(state, 'deleteSupplierReturnReason', { params: { id: 7 } }, '2026-05-01T00:00:00.000Z');
    expect(state.returnReasons.get(7)!.deleted_on).toBe(later);
    const renameDeleted = problemOf(() =>
      call(state, 'updateSupplierReturnReason', { params: { id: 7 }, body: { name: 'Again' } }),
    );
    expect(renameDeleted.status).toBe(409);
  });

  it('keeps live names unique, case-insensitively; a deleted reason frees its name', () => {
    const state = fixtureState();
    const create = (name: string) => () => call(state, 'createSupplierReturnReason', { body: { name } });
    expect(problemOf(create('damaged IN transit')).status).toBe(409);
    expect(create('Wrong colour')()).toMatchObject({ id: 7 });
    expect(
      call(state, 'updateSupplierReturnReason', { params: { id: 5 }, body: { name: 'Damaged in transit' } }),
    ).toMatchObject({ id: 5 });
  });

  it('searches with the is_deleted tri-state and select', () => {
    const state = fixtureState();
    const ids = (query: Record<string, unknown>) =>
      (call(state, 'searchSupplierReturnReasons', { query }) as { data: { id: number }[] }).data.map(
        (r) => r.id,
      );
    expect(ids({})).toEqual([5, 6]);
    expect(ids({ is_deleted: null })).toEqual([5, 6]);
    expect(ids({ is_deleted: true })).toEqual([6]);
    expect(ids({ is_deleted: false })).toEqual([5]);
    expect(
      call(state, 'searchSupplierReturnReasons', { query: { select: 'id', order_by: 'id desc' } }),
    ).toMatchObject({
      data: [{ id: 6 }, { id: 5 }],
    });
  });

  it('answers 404 for a missing reason on every by-id route', () => {
    const state = fixtureState();
    const params = { id: 99 };
    expect(problemOf(() => call(state, 'getSupplierReturnReason', { params })).status).toBe(404);
    expect(
      problemOf(() => call(state, 'updateSupplierReturnReason', { params, body: { name: 'x' } })).status,
    ).toBe(404);
    expect(problemOf(() => call(state, 'deleteSupplierReturnReason', { params })).status).toBe(404);
  });
});

describe('shipping ports', () => {
  it('creates, reads, renames and deletes an unreferenced port', () => {
    const state = fixtureState();
    expect(call(state, 'createShippingPort', { body: { name: 'Fremantle' } })).toEqual({
      id: 5,
      name: 'Fremantle',
    });
    expect(
      call(state, 'updateShippingPort', { params: { id: 5 }, body: { name: 'Port of Fremantle' } }),
    ).toEqual({
      id: 5,
      name: 'Port of Fremantle',
    });
    expect(call(state, 'deleteShippingPort', { params: { id: 5 } })).toBeUndefined();
    expect(problemOf(() => call(state, 'getShippingPort', { params: { id: 5 } })).status).toBe(404);
  });

  it('refuses to delete a port a supplier names (409)', () => {
    const problem = problemOf(() => call(fixtureState(), 'deleteShippingPort', { params: { id: 3 } }));
    expect(problem.status).toBe(409);
    expect(problem.detail).toContain('supplier 41');
  });
});

describe('shipment types', () => {
  it('searches by name, contains and case-insensitive, ordered by id', () => {
    const state = fixtureState();
    call(state, 'createShipmentType', { body: { name: 'Road Freight' } });
    const names = (query: Record<string, unknown>) =>
      (call(state, 'searchShipmentTypes', { query }) as { data: { name: string }[] }).data.map((t) => t.name);
    expect(names({ name: 'FREIGHT' })).toEqual(['Sea freight', 'Air freight', 'Road Freight']);
    expect(names({ name: 'air' })).toEqual(['Air freight']);
    expect(names({ page_size: 1, page_number: 2 })).toEqual(['Air freight']);
  });

  it('renames, and answers 404 for a missing type', () => {
    const state = fixtureState();
    expect(call(state, 'updateShipmentType', { params: { id: 2 }, body: { name: 'Ocean' } })).toEqual({
      id: 2,
      name: 'Ocean',
    });
    expect(problemOf(() => call(state, 'getShipmentType', { params: { id: 9 } })).status).toBe(404);
  });
});

describe('outlets and price groups', () => {
  it('reads an outlet, or 404', () => {
    const state = fixtureState();
    expect(call(state, 'getOutlet', { params: { id: 2 } })).toMatchObject({ id: 2, name: 'Warehouse' });
    expect(problemOf(() => call(state, 'getOutlet', { params: { id: 9 } })).status).toBe(404);
  });

  it('creates fixed price groups and orders both lists', () => {
    const state = fixtureState();
    expect(call(state, 'createFixedPriceGroup', { body: { name: 'VIP' } })).toEqual({
      id: 3,
      name: 'VIP',
      modified_on: NOW,
    });
    expect(call(state, 'searchFixedPriceGroups', { query: { order_by: 'name asc' } })).toMatchObject({
      total_records: 3,
      data: [{ name: 'Clearance' }, { name: 'Staff' }, { name: 'VIP' }],
    });
    expect(call(state, 'searchStandardPriceGroups', {})).toMatchObject({
      total_records: 1,
      data: [{ id: 1 }],
    });
  });
});
