import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSupplierSchema, SupplierSchema } from '../../../../src/api/resources';
import { startSimulator } from '../../../../server/index';
import { ApiCallError } from '../../api/errors';
import { createProductSuppliers, deleteProductSuppliers, updateProductSuppliers } from './productSuppliers';
import { deleteSupplier } from './suppliers';
import { rowsFor, sendEdit } from './testing/harness';
import { opsSuite } from './testing/opsSuite';

const suite = opsSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));

const CachedSupplierSchema = SupplierSchema.extend({ id: z.int() });

describe('updateSupplier / deleteSupplier', () => {
  it('reads the current supplier, puts the update, and replays', async () => {
    const edit = suite.h.op('updateSupplier', { params: { id: 101 }, body: { phone: '03 9000 0000' } });
    expect(edit.aggregate).toBe('supplier:101');
    const row = await sendEdit(suite.h, edit, SupplierSchema.parse(suite.sim.state.suppliers.get(101)), {
      table: 'suppliers',
      shape: CachedSupplierSchema,
    });
    expect(row).toMatchObject({ id: 101, phone: '03 9000 0000' });
  });

  it('removes the deleted supplier’s row; a 404 on the replay counts as done', async () => {
    // Every generated supplier is referenced (and so cannot be deleted): add one nothing names.
    const unused = {
      ...suite.sim.state.suppliers.get(101)!,
      id: 9001,
      supplier_code: 'OPSDEL01',
      name: 'Unused',
    };
    suite.sim.state.suppliers.set(9001, unused);
    const queued = suite.h.op('deleteSupplier', { params: { id: 9001 } });
    expect(queued.label).toBe('Delete supplier 9001');
    const { op, result } = await suite.h.send(queued);
    expect(deleteSupplier.cacheWrites(op, result)).toEqual([{ table: 'suppliers', delete: [9001] }]);
    expect(await deleteSupplier.reconcile(suite.h.context, op)).toEqual({ outcome: 'replay' });
    const replayed = await suite.h.send(op).catch((error: unknown) => error);
    expect((replayed as ApiCallError).kind).toBe('not-found');
    expect(deleteSupplier.notFoundMeansDone).toBe(true);
  });
});

/** Supplier codes not yet attached to the product, so each test attaches fresh ones. */
function freeCodes(productId: number, count: number): string[] {
  const taken = new Set(
    (suite.sim.state.productSuppliers.get(productId) ?? []).map((link) => link.supplier_code),
  );
  const codes = [...suite.sim.state.suppliers.values()].map((supplier) => supplier.supplier_code!);
  return codes.filter((code) => !taken.has(code)).slice(0, count);
}

describe('product suppliers', () => {
  it('puts the attached links, keyed by product and code', async () => {
    const [code] = freeCodes(10010, 1);
    const queued = suite.h.op('createProductSuppliers', {
      params: { product_id: 10010 },
      body: [{ supplier_code: code!, lead_time: 9 }],
    });
    expect(queued.aggregate).toBe('productSuppliers:10010');
    expect(queued.label).toBe(`Add supplier ${code} to product 10010`);
    const { op, result } = await suite.h.send(queued);
    const rows = rowsFor(
      createProductSuppliers.cacheWrites(op, result),
      'productSuppliers',
      ProductSupplierSchema,
    );
    expect(rows).toMatchObject([{ product_id: 10010, supplier_code: code, lead_time: 9 }]);
    expect(createProductSuppliers.resultIdOf).toBeUndefined();
  });

  it('finds an attach whose response was lost when every code carries the sent values', async () => {
    const [a, b] = freeCodes(10011, 2);
    const body = [
      { supplier_code: a!, notes: 'first' },
      { supplier_code: b!, lead_time: 3 },
    ];
    const uncertain = await suite.h.sendDropped(
      suite.h.op('createProductSuppliers', { params: { product_id: 10011 }, body }),
    );
    const decision = await createProductSuppliers.reconcile(suite.h.context, uncertain);
    expect(decision).toMatchObject({
      outcome: 'applied',
      result: [
        { supplier_code: a, notes: 'first' },
        { supplier_code: b, lead_time: 3 },
      ],
    });
  });

  it('answers absent when none of the codes was attached', async () => {
    const [a] = freeCodes(10012, 1);
    const queued = suite.h.op('createProductSuppliers', {
      params: { product_id: 10012 },
      body: [{ supplier_code: a! }],
    });
    const uncertain = await suite.h.sendReset(queued);
    expect(await createProductSuppliers.reconcile(suite.h.context, uncertain)).toEqual({ outcome: 'absent' });
  });

  it('is ambiguous when the codes are there with other values', async () => {
    const [a] = freeCodes(10013, 1);
    await suite.h.send(
      suite.h.op('createProductSuppliers', {
        params: { product_id: 10013 },
        body: [{ supplier_code: a!, notes: 'theirs' }],
      }),
    );
    const mine = suite.h.op('createProductSuppliers', {
      params: { product_id: 10013 },
      body: [{ supplier_code: a!, notes: 'mine' }],
    });
    const decision = await createProductSuppliers.reconcile(suite.h.context, {
      ...mine,
      lastAttemptAt: new Date().toISOString(),
    });
    expect(decision.outcome).toBe('ambiguous');
    expect((decision as { candidates: unknown[] }).candidates).toMatchObject([
      { supplier_code: a, notes: 'theirs' },
    ]);
  });

  it('bulk-updates against the current list, and deletes them all (replayable)', async () => {
    const current = suite.sim.state.productSuppliers.get(10001)!.filter((link) => !link.is_deleted);
    const code = current[0]!.supplier_code;
    const edit = suite.h.op('updateProductSuppliers', {
      params: { product_id: 10001 },
      body: [{ supplier_code: code, notes: 'Updated' }],
    });
    const listed = await updateProductSuppliers.readCurrent?.(suite.h.context, edit);
    expect((listed as { supplier_code: string }[]).map((link) => link.supplier_code)).toEqual(
      current.map((l) => l.supplier_code),
    );
    const { op, result } = await suite.h.send(edit);
    const rows = rowsFor(
      updateProductSuppliers.cacheWrites(op, result),
      'productSuppliers',
      ProductSupplierSchema,
    );
    expect(rows).toMatchObject([{ product_id: 10001, supplier_code: code, notes: 'Updated' }]);

    const clear = suite.h.op('deleteProductSuppliers', {
      params: { product_id: 10001 },
      baseVersion: listed,
    });
    const deleted = await suite.h.send(clear);
    expect(deleteProductSuppliers.cacheWrites(deleted.op, deleted.result)).toEqual([
      { table: 'productSuppliers', delete: current.map((link) => [10001, link.supplier_code]) },
    ]);
    await expect(suite.h.send(deleted.op)).resolves.toBeDefined(); // a soft delete replays as a 204
    expect(deleteProductSuppliers.notFoundMeansDone).toBe(true);
    expect(await deleteProductSuppliers.reconcile(suite.h.context, deleted.op)).toEqual({
      outcome: 'replay',
    });
  });
});
