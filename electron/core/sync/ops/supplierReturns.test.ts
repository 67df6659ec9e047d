import { beforeAll, describe, expect, it } from 'vitest';
import {
  SupplierReturnItemSchema,
  SupplierReturnSchema,
  type SupplierReturnItem,
} from '../../../../src/api/resources';
import { startSimulator } from '../../../../server/index';
import { createSupplierReturnItem } from './supplierReturns';
import { deletedFrom, rowsFor, sendEdit, unique } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));
let returnId: number;

beforeAll(async () => {
  returnId = [...suite.sim.state.supplierReturns.values()].find(
    (candidate) => candidate.supplier_return_status.name === 'Incomplete',
  )!.id;
});

/** Notes unique per test, so one test's items are never another's candidates. */
const itemBody = (notes = unique('ops')) => ({
  product: { id: 10003 },
  supplier_return_reason: { id: 1 },
  return_quantity: 2,
  supplier_return_item_notes: notes,
});

describe('createSupplierReturnItem', () => {
  it('joins its return’s aggregate, so an item added before a finalise is sent before it', () => {
    const item = suite.h.op('createSupplierReturnItem', { params: { id: returnId }, body: itemBody() });
    const finalise = suite.h.op('updateSupplierReturn', {
      params: { id: returnId },
      body: { supplier_return_status: { id: 3 } },
    });
    expect(item.aggregate).toBe(`supplierReturn:${returnId}`);
    expect(finalise.aggregate).toBe(item.aggregate);
    expect(finalise.label).toBe(`Set supplier return ${returnId} to Finalised`);
    expect(item.label).toBe(`Return 2 × product 10003 on supplier return ${returnId}`);
    const offline = suite.h.op('createSupplierReturnItem', {
      params: { id: -5 },
      body: { ...itemBody(), supplier_return_reason: { id: -6 } },
    });
    expect(offline.dependsOnTempIds).toEqual([-6, -5]);
  });

  it('puts the created item and drops its temp row', async () => {
    const queued = suite.h.op('createSupplierReturnItem', {
      params: { id: returnId },
      body: itemBody(),
      createsTempId: -1,
    });
    const { op, result } = await suite.h.send(queued);
    const writes = createSupplierReturnItem.cacheWrites(op, result);
    const [item] = rowsFor(writes, 'supplierReturnItems', SupplierReturnItemSchema);
    expect(item?.supplier_return_id).toBe(returnId);
    expect(deletedFrom(writes, 'supplierReturnItems')).toEqual([-1]);
    expect(createSupplierReturnItem.resultIdOf?.(result)).toBe(item!.id);
  });

  it('finds a create whose response was lost among the items created since the attempt', async () => {
    const queued = suite.h.op('createSupplierReturnItem', { params: { id: returnId }, body: itemBody() });
    const uncertain = await suite.h.sendDropped(queued);
    const decision = await createSupplierReturnItem.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('applied');
    const item = (decision as { result: SupplierReturnItem }).result;
    expect(suite.sim.state.supplierReturnItems.get(item.id)?.supplier_return_item_notes).toBe(
      (queued.body as { supplier_return_item_notes: string }).supplier_return_item_notes,
    );
  });

  it('answers absent when the request never ran', async () => {
    const queued = suite.h.op('createSupplierReturnItem', { params: { id: returnId }, body: itemBody() });
    const uncertain = await suite.h.sendReset(queued);
    expect(await createSupplierReturnItem.reconcile(suite.h.context, uncertain)).toEqual({
      outcome: 'absent',
    });
  });

  it('is ambiguous when two identical lines were added since the attempt', async () => {
    const body = itemBody();
    await suite.h.send(suite.h.op('createSupplierReturnItem', { params: { id: returnId }, body }));
    const uncertain = await suite.h.sendDropped(
      suite.h.op('createSupplierReturnItem', { params: { id: returnId }, body }),
    );
    const decision = await createSupplierReturnItem.reconcile(suite.h.context, uncertain);
    expect(decision.outcome).toBe('ambiguous');
    expect((decision as { candidates: unknown[] }).candidates).toHaveLength(2);
  });
});

describe('updateSupplierReturn', () => {
  it('reads the current record and puts the update', async () => {
    const edit = suite.h.op('updateSupplierReturn', {
      params: { id: returnId },
      body: { notes: 'Collect Friday' },
    });
    const row = await sendEdit(suite.h, edit, suite.sim.state.supplierReturns.get(returnId), {
      table: 'supplierReturns',
      shape: SupplierReturnSchema,
    });
    expect(row?.notes).toBe('Collect Friday');
  });
});
