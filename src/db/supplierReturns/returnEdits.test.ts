import { beforeEach, describe, expect, it } from 'vitest';
import { SupplierReturnUpdateSchema } from '../../api/requests';
import { sampleSupplierReturn, sampleSupplierReturnItem } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import type { DockhandDb } from '../schema';
import { editedForm, onlyOp } from '../testing/editedForm';
import { memoryDb } from '../testing/memoryStore';
import { saveReturnHeader } from './returnEdits';
import { returnFormOf, validateReturnForm, type ReturnHeaderForm } from './returnForm';
import { loadSupplierReturn, type CachedSupplierReturn } from './returnRecords';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00Z');
const incomplete = sampleSupplierReturn();

beforeEach(async () => {
  db = memoryDb('return-edits');
  await db.supplierReturns.bulkPut([
    { ...incomplete, _fetchedAt: '2026-03-09T00:00:00Z' },
    sampleSupplierReturn({ id: 8002, supplier_return_status: { id: 3, name: 'Finalised' } }),
    sampleSupplierReturn({
      id: 8003,
      supplier_return_status: { id: 2, name: 'In Progress' },
      supplier_address: { ...incomplete.supplier_address, country: { id: 14, name: 'New Zealand' } },
    }),
  ]);
});

const { cached, edited } = editedForm<CachedSupplierReturn, ReturnHeaderForm>(
  (id) => db.supplierReturns.get(id),
  returnFormOf,
  8001,
);

describe('validateReturnForm', () => {
  it('sends only what changed; emptied lines clear with null, emptied notes with the empty string', async () => {
    const result = validateReturnForm(
      await cached(),
      await edited({
        suburb: '',
        countryId: 14,
        notes: '',
        returnAuthorisation: 'RA-2001',
        status: 'In Progress',
      }),
      0,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        supplier_address: { suburb: null, country: { id: 14 } },
        notes: '',
        return_authorisation: 'RA-2001',
        supplier_return_status: { id: 2 },
      },
    });
  });

  it("checks the contract's bounds and the server's status rules, in words at the form's fields", async () => {
    const tooLong = validateReturnForm(
      await cached(),
      await edited({ notes: 'n'.repeat(8001), returnAuthorisation: 'R'.repeat(101), countryId: null }),
      1,
    );
    expect(tooLong).toEqual({
      ok: false,
      errors: {
        countryId: ['Once set, the country can be changed but not removed.'],
        notes: ['At most 8,000 characters (this has 8,001).'],
        returnAuthorisation: ['At most 100 characters (this has 101).'],
      },
    });
    expect(validateReturnForm(await cached(8003), await edited({ status: 'Incomplete' }, 8003), 1)).toEqual({
      ok: false,
      errors: {
        status: [
          'A return’s status only moves forward: this one is In Progress and cannot go back to Incomplete.',
        ],
      },
    });
    expect(validateReturnForm(await cached(), await edited({ status: 'Finalised' }), 0)).toEqual({
      ok: false,
      errors: {
        status: ['A return without items cannot be finalised: add what goes back to the supplier first.'],
      },
    });
    expect(validateReturnForm(await cached(), await edited({ status: null }), 1)).toEqual({
      ok: false,
      errors: { status: ['Choose a status: a return always has one.'] },
    });
    expect(validateReturnForm(await cached(), await edited({ status: 'Finalised' }), 2)).toMatchObject({
      ok: true,
    });
  });
});

describe('saveReturnHeader', () => {
  it('queues updateSupplierReturn with the changed fields and the server record as base, shown at once', async () => {
    const result = await saveReturnHeader(
      db,
      8001,
      await edited({ returnAuthorisation: 'RA-2001', includeTax: false, countryId: 14 }),
      { now },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const op = await onlyOp(db);
    expect(op).toMatchObject({
      kind: 'updateSupplierReturn',
      aggregate: 'supplierReturn:8001',
      params: { id: 8001 },
      body: {
        supplier_address: { country: { id: 14 } },
        return_authorisation: 'RA-2001',
        include_tax: false,
      },
      state: 'queued',
      label: 'Update supplier return 8001 (address, return authorisation, include tax)',
    });
    expect(op.baseVersion).toEqual(incomplete);
    expect(() => SupplierReturnUpdateSchema.parse(op.body)).not.toThrow();
    expect(await cached()).toMatchObject({
      return_authorisation: 'RA-2001',
      include_tax: false,
      supplier_address: { ...incomplete.supplier_address, country: { id: 14, name: 'New Zealand' } },
      _pendingOps: [op.id],
    });
    expect((await loadSupplierReturn(db, 8001)).badge).toBe('pending');
  });

  it('moves the status forward with its name, and finalises a return with items', async () => {
    await db.supplierReturnItems.put(sampleSupplierReturnItem());
    const result = await saveReturnHeader(db, 8001, await edited({ status: 'Finalised' }), { now });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.op).toMatchObject({
      body: { supplier_return_status: { id: 3 } },
      label: 'Update supplier return 8001 (status Finalised)',
    });
    expect((await cached()).supplier_return_status).toEqual({ id: 3, name: 'Finalised' });
  });

  it('writes nothing when nothing changed, and refuses a finalised return', async () => {
    expect(await saveReturnHeader(db, 8001, await edited({}))).toMatchObject({ ok: true, op: null });
    expect(await saveReturnHeader(db, 8002, await edited({ notes: 'Late' }, 8002))).toEqual({
      ok: false,
      errors: { $: ['This return is finalised: it can no longer be changed.'] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('is discarded with its local edit undone', async () => {
    const result = await saveReturnHeader(db, 8001, await edited({ notes: 'Two cartons, not three' }));
    if (!result.ok || !result.op) throw new Error('not queued');
    await createDexieStore(db).discard({ id: result.op.id });
    expect((await cached()).notes).toBe(incomplete.notes);
  });
});
