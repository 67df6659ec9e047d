import { beforeEach, describe, expect, it } from 'vitest';
import { SupplierUpdateSchema } from '../../api/requests';
import { samplePurchaseOrder, sampleSupplier } from '../../api/resources/fixtures';
import { requestById } from '../byIdRequests';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { editedForm, onlyOp } from '../testing/editedForm';
import { memoryDb } from '../testing/memoryStore';
import { deleteSupplier, deletionImpact, deletionRefused, saveSupplierEdits } from './supplierEdits';
import { forbiddenIn, supplierFormOf, validateSupplierForm, type SupplierForm } from './supplierForm';
import { loadSupplier, supplierRows, type CachedSupplier } from './supplierRecords';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');
const acme = sampleSupplier();
const bolt = sampleSupplier({ id: 42, supplier_code: 'BOLT', name: 'Bolt Hardware', is_enabled: false });

beforeEach(async () => {
  db = memoryDb('supplier-edits');
  await db.suppliers.bulkPut([
    { ...acme, id: 41, _fetchedAt: '2026-03-09T00:00:00Z' },
    { ...bolt, id: 42 },
  ]);
  await db.shippingPorts.put({ id: 4, name: 'Port of Melbourne' });
});

const { cached, edited } = editedForm<CachedSupplier, SupplierForm>(
  (id) => db.suppliers.get(id),
  supplierFormOf,
  41,
);

describe('validateSupplierForm', () => {
  it('sends only what changed; an emptied field clears it with null', async () => {
    const result = validateSupplierForm(
      await cached(),
      await edited({ phone: '', suburb: 'Redfern', shippingPortId: 4, isEnabled: false }),
    );
    expect(result).toEqual({
      ok: true,
      body: { phone: null, is_enabled: false, address: { suburb: 'Redfern' }, shipping_port: { id: 4 } },
    });
  });

  it("checks the contract's bounds, saying each in words at the form's field", async () => {
    const result = validateSupplierForm(
      await cached(),
      await edited({
        code: 'C'.repeat(21),
        name: 'N'.repeat(51),
        contactEmail: 'not an email',
        orderEmail: '',
        comments: 'Ring Lee (mornings) @ the depot',
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      code: ['At most 20 characters (this has 21).'],
      name: ['At most 50 characters (this has 51).'],
      contactEmail: ['Not an email address: write it like orders@example.com, or leave it empty.'],
      comments: ['Take out ( ) @: comments cannot contain these symbols.'],
    });
  });

  it('bounds the address lines and template the API leaves unbounded, when the user changes them', async () => {
    const result = validateSupplierForm(
      await cached(),
      await edited({ addressLine1: 'x'.repeat(10_000), postcode: '12345678901' }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        addressLine1: ['At most 100 characters (this has 10,000).'],
        postcode: ['At most 10 characters (this has 11).'],
      },
    });
    const long = { ...(await cached()), purchase_order_template: 'T'.repeat(80) };
    expect(validateSupplierForm(long, { ...supplierFormOf(long), phone: '02 9000 3333' }).ok).toBe(true);
  });

  it('keeps a code and a name, and a shipping port once set', async () => {
    const result = validateSupplierForm(
      await cached(),
      await edited({ code: ' ', name: '', shippingPortId: null }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['code', 'name', 'shippingPortId']);
  });

  it('names each forbidden symbol once, in the order of the rule', () => {
    expect(forbiddenIn('a/b/c?d')).toEqual(['/', '?']);
    expect(forbiddenIn('Call before ten, ask for Lee - thanks.')).toEqual([]);
  });
});

describe('saveSupplierEdits', () => {
  it('queues updateSupplier with the changed fields and the server record as base, shown at once', async () => {
    const result = await saveSupplierEdits(
      db,
      41,
      await edited({ name: 'Acme Apparel Pty', shippingPortId: 4 }),
      {
        now,
      },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const op = await onlyOp(db);
    expect(op).toMatchObject({
      kind: 'updateSupplier',
      aggregate: 'supplier:41',
      params: { id: 41 },
      body: { name: 'Acme Apparel Pty', shipping_port: { id: 4 } },
      state: 'queued',
      label: 'Update Acme Apparel (ACME) (name, shipping port)',
    });
    expect(op.baseVersion).toEqual(acme);
    expect(() => SupplierUpdateSchema.parse(op.body)).not.toThrow();
    expect(await cached()).toMatchObject({
      name: 'Acme Apparel Pty',
      shipping_port: { id: 4, name: 'Port of Melbourne' },
      _pendingOps: [op.id],
    });
    expect((await supplierRows(db)).find((row) => row.id === 41)).toMatchObject({ badge: 'pending' });
  });

  it('writes nothing when nothing changed, and refuses a code another supplier has', async () => {
    expect(await saveSupplierEdits(db, 41, await edited({}))).toMatchObject({ ok: true, op: null });
    expect(await saveSupplierEdits(db, 41, await edited({ code: 'bolt' }))).toEqual({
      ok: false,
      errors: { code: ['Bolt Hardware (BOLT) already has code bolt'] },
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await cached()).supplier_code).toBe('ACME');
  });

  it('merges the body into the row the server way: address line by line, the rest kept', async () => {
    await saveSupplierEdits(db, 41, await edited({ postcode: '2016', addressCountryId: 14 }));
    expect((await cached()).address).toEqual({ ...acme.address, postcode: '2016', country: { id: 14 } });
  });

  it('is discarded with its local edit undone', async () => {
    const result = await saveSupplierEdits(db, 41, await edited({ name: 'Renamed' }));
    if (!result.ok || !result.op) throw new Error('not queued');
    await createDexieStore(db).discard({ id: result.op.id });
    expect((await cached()).name).toBe('Acme Apparel');
  });
});

describe('deleting', () => {
  it('counts what names the supplier, so the server would refuse the delete', async () => {
    await db.purchaseOrders.bulkPut([
      { ...samplePurchaseOrder({ id: 1 }), id: 1, supplier: { id: 41, name: 'Acme' } },
      {
        ...samplePurchaseOrder({ id: 2 }),
        id: 2,
        supplier: { id: 41, name: 'Acme' },
        status: { id: 5, name: 'Received' },
      },
    ] as never);
    const impact = await deletionImpact(db, 41);
    expect(impact).toEqual({ orders: 2, openOrders: 1, returns: 0, products: 0 });
    expect(deletionRefused(impact)).toBe(true);
    expect(deletionRefused(await deletionImpact(db, 42))).toBe(false);
  });

  it('queues deleteSupplier and removes the row at once; a discard brings it back', async () => {
    const result = await deleteSupplier(db, 42, { now });
    if (!result.ok) throw new Error(result.message);
    expect(result.op).toMatchObject({ kind: 'deleteSupplier', aggregate: 'supplier:42', params: { id: 42 } });
    expect(await db.suppliers.get(42)).toBeUndefined();
    await createDexieStore(db).discard({ id: result.op.id });
    expect(await db.suppliers.get(42)).toMatchObject({ name: 'Bolt Hardware' });
  });
});

describe('loadSupplier', () => {
  it('reads the supplier with its orders, their invoices and its returns', async () => {
    await db.purchaseOrders.put({
      ...samplePurchaseOrder({ id: 1001 }),
      id: 1001,
      supplier: { id: 41, name: 'Acme' },
    } as never);
    await db.supplierInvoices.put({
      id: 7001,
      purchase_order_receipts: [{ purchase_order_id: 1001 }],
    } as never);
    const detail = await loadSupplier(db, 41);
    expect(detail.supplier?.name).toBe('Acme Apparel');
    expect(detail.orders.map((order) => order.id)).toEqual([1001]);
    expect(detail.invoices.map((invoice) => invoice.id)).toEqual([7001]);
    expect(detail.returns).toEqual([]);
  });

  it('says when a supplier not cached was asked for', async () => {
    expect((await loadSupplier(db, 150)).request).toBeNull();
    await requestById(db, 'suppliers', 150, now);
    expect((await loadSupplier(db, 150)).request).toMatchObject({ state: 'waiting', id: 150 });
  });
});
