import { describe, expect, it } from 'vitest';
import {
  SupplierReturnItemSchema,
  SupplierReturnSchema,
  type SupplierReturn,
  type SupplierReturnItem,
} from '../../../src/api/resources';
import type { SimState } from '../../state';
import { call, fixtureState, problemOf, refusalStatus, TestClock } from './testing';

// Reference ids (server/data/reference.ts): return statuses 1 Incomplete, 2 In Progress, 3 Finalised;
// item sources 1 'Purchase order' … 4 'Stocktake'; countries 1 Australia, 3 China.

const addItem = (state: SimState, body: Record<string, unknown>, clock = new TestClock(), id = 8001) =>
  SupplierReturnItemSchema.parse(
    call(
      state,
      'createSupplierReturnItem',
      {
        params: { id },
        body: { product: { id: 101 }, supplier_return_reason: { id: 5 }, return_quantity: 2, ...body },
      },
      clock,
    ),
  );

const update = (state: SimState, body: unknown, clock = new TestClock(), id = 8001) =>
  SupplierReturnSchema.parse(call(state, 'updateSupplierReturn', { params: { id }, body }, clock));

describe('createSupplierReturnItem', () => {
  it('prices the item, follows the return status, and updates the return totals and started_on', () => {
    const clock = new TestClock();
    const state = fixtureState();
    const at = clock.tick();
    const item = addItem(state, { claim_amount_ex: 10, original_supplier_invoice: 'INV-9' }, clock);
    expect(item).toMatchObject({
      id: 1,
      supplier_return_id: 8001,
      product: { id: 101, supplier_sku: 'ACME-TEE-BLK-M' },
      supplier_return_reason: { id: 5, name: 'Damaged in transit' },
      supplier_return_item_status: { id: 1, name: 'Incomplete' },
      supplier_return_item_source: { id: 1, name: 'Purchase order' },
      original_buy_ex: 8.4,
      total_original_buy_ex: 16.8,
      claim_amount_ex: 10,
      total_claim_amount_ex: 20,
      total_claim_amount_tax: 2, // the return includes tax
      total_claim_amount_inc: 22,
      credit_note_item: null,
      created_on: at,
      created_by: state.users[0],
    });
    addItem(state, { return_quantity: 1, supplier_return_item_source: { id: 4 } }, clock);
    expect(state.supplierReturns.get(8001)).toMatchObject({
      started_on: at,
      modified_on: at,
      total_return_quantity: 3,
      total_claim_amount_ex: 28.4,
      total_claim_amount_tax: 2.84,
      total_claim_amount_inc: 31.24,
    });
  });

  it('answers 400 naming unknown product, deleted reason and unknown source; 404 and 409 by return', () => {
    const state = fixtureState();
    const problem = problemOf(() =>
      addItem(state, {
        product: { id: 999 },
        supplier_return_reason: { id: 6 },
        supplier_return_item_source: { id: 99 },
      }),
    );
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors!).sort()).toEqual([
      'product.id',
      'supplier_return_item_source.id',
      'supplier_return_reason.id',
    ]);
    expect(problemOf(() => addItem(state, {}, undefined, 9999)).status).toBe(404);
    expect(problemOf(() => addItem(state, {}, undefined, 8002)).status).toBe(409);
    expect(state.supplierReturnItems.size).toBe(1);
  });
});

describe('updateSupplierReturn', () => {
  it('changes only what is sent and resolves references', () => {
    const clock = new TestClock();
    const state = fixtureState();
    const before = structuredClone(state.supplierReturns.get(8001)!);
    const at = clock.tick();
    const updated = update(
      state,
      {
        supplier: { id: 42 },
        outlet: { id: 2 },
        supplier_address: { suburb: 'Mascot', postcode: null, country: { id: 3 } },
        notes: '',
        return_authorisation: 'RA-2',
      },
      clock,
    );
    expect(updated).toEqual({
      ...before,
      supplier: { id: 42, name: 'BOLT' },
      outlet: { id: 2, name: 'Melbourne' },
      supplier_address: {
        ...before.supplier_address,
        suburb: 'Mascot',
        postcode: null,
        country: { id: 3, name: 'China' },
      },
      notes: null,
      return_authorisation: 'RA-2',
      modified_on: at,
      modified_by: state.users[0],
    });
  });

  it('re-prices items when include_tax changes', () => {
    const state = fixtureState();
    addItem(state, { claim_amount_ex: 10 });
    const updated = update(state, { include_tax: false });
    expect(updated).toMatchObject({
      total_claim_amount_ex: 20,
      total_claim_amount_tax: 0,
      total_claim_amount_inc: 20,
    });
    expect(state.supplierReturnItems.get(1)).toMatchObject({ total_claim_amount_tax: 0 });
  });

  it('moves status forward with its items, sets started_on and finalised_on, then rejects updates', () => {
    const clock = new TestClock();
    const state = fixtureState();
    addItem(state, {}, clock);
    const started = clock.tick();
    expect(update(state, { supplier_return_status: { id: 2 } }, clock).supplier_return_status).toEqual({
      id: 2,
      name: 'In Progress',
    });
    expect(state.supplierReturnItems.get(1)).toMatchObject({
      supplier_return_item_status: { id: 2, name: 'In Progress' },
      modified_on: started,
    });
    const done = clock.tick();
    const finalised = update(state, { supplier_return_status: { id: 3 } }, clock);
    expect(finalised).toMatchObject({ finalised_on: done, supplier_return_status: { name: 'Finalised' } });
    expect(state.supplierReturnItems.get(1)!.supplier_return_item_status.name).toBe('Finalised');
    expect(problemOf(() => update(state, { notes: 'late' })).status).toBe(409);
  });

  it('refuses going back or finalising an empty return (409), unknown ids (400), changing nothing', () => {
    const state = fixtureState();
    expect(problemOf(() => update(state, { supplier_return_status: { id: 3 }, notes: 'x' })).status).toBe(
      409,
    );
    expect(state.supplierReturns.get(8001)!.notes).not.toBe('x');
    addItem(state, {});
    update(state, { supplier_return_status: { id: 2 } });
    expect(problemOf(() => update(state, { supplier_return_status: { id: 1 } })).status).toBe(409);
    const unknown = problemOf(() =>
      update(state, { supplier_return_status: { id: 99 }, outlet: { id: 99 } }),
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.errors!).sort()).toEqual(['outlet.id', 'supplier_return_status.id']);
    expect(problemOf(() => update(state, {}, undefined, 1)).status).toBe(404);
  });
});

describe('getSupplierReturn / items', () => {
  it('reads a return and its items, 404 for unknown ids or an item of another return', () => {
    const state = fixtureState();
    expect((call(state, 'getSupplierReturn', { params: { id: 8002 } }) as SupplierReturn).id).toBe(8002);
    expect(refusalStatus(state, 'getSupplierReturn', { params: { id: 1 } })).toBe(404);
    const item = call(state, 'getSupplierReturnItem', {
      params: { id: 8002, item_id: 8101 },
    }) as SupplierReturnItem;
    expect(item.id).toBe(8101);
    expect(refusalStatus(state, 'getSupplierReturnItem', { params: { id: 8001, item_id: 8101 } })).toBe(404);
  });

  it('searches the items of one return; ids overrides the other parameters', () => {
    const clock = new TestClock();
    const state = fixtureState();
    addItem(state, {}, clock);
    clock.tick(60_000);
    addItem(state, { supplier_return_item_source: { id: 4 } }, clock);
    const search = (query: Record<string, unknown>, id = 8001) =>
      (
        call(state, 'searchSupplierReturnItems', { params: { id }, query }) as { data: { id: number }[] }
      ).data.map((row) => row.id);
    expect(search({})).toEqual([1, 2]);
    expect(search({ supplier_return_item_source_ids: '4' })).toEqual([2]);
    expect(search({ supplier_return_reason_ids: '6' })).toEqual([]);
    expect(search({ modified_since: clock.iso() })).toEqual([2]);
    expect(search({ order_by: 'id desc' })).toEqual([2, 1]);
    expect(search({ ids: '1,8101', supplier_return_item_source_ids: '4', order_by: 'id desc' })).toEqual([1]);
    expect(search({}, 8002)).toEqual([8101]);
    expect(problemOf(() => search({}, 1)).status).toBe(404);
  });
});
