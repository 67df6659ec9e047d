import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleCreditNote,
  sampleCreditNoteItem,
  samplePurchaseOrder,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
} from '../../api/resources/fixtures';
import { requestById } from '../byIdRequests';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { creditNoteRows, loadCreditNote } from './creditNoteRecords';
import { supplierCurrencies } from './supplierCurrencies';

let db: DockhandDb;

const order = (id: number, supplierId: number, currency: string) => ({
  ...samplePurchaseOrder({ id }),
  id,
  supplier: { id: supplierId, name: `Supplier ${supplierId}` },
  fob_currency: { id: 1, currency_code: currency, currency_name: currency },
});

beforeEach(async () => {
  db = memoryDb('credit-notes');
  await db.creditNotes.bulkPut([
    { ...sampleCreditNote(), id: 9001 },
    {
      ...sampleCreditNote({
        id: 9002,
        supplier_return_id: null,
        supplier: { id: 42, name: 'Bolt Hardware' },
        supplier_reference: 'GW-17',
        supplier_credited_on: '2026-02-01T00:00:00Z',
      }),
      id: 9002,
    },
  ]);
  await db.purchaseOrders.bulkPut([order(1, 41, 'AUD'), order(2, 42, 'NZD')] as never);
});

describe('creditNoteRows', () => {
  it('reads every note with its supplier’s currency and a search text', async () => {
    const rows = await creditNoteRows(db);
    expect(rows.find((row) => row.id === 9001)).toEqual({
      id: 9001,
      supplier: { id: 41, name: 'Acme Apparel' },
      outlet: { id: 1, name: 'Sydney CBD' },
      supplierReference: 'CN-3321',
      creditedOn: null,
      quantity: 2,
      totalEx: 16.8,
      totalInc: 18.48,
      currency: 'AUD',
      returnId: 8001,
      searchText: 'cn-3321 9001 return 8001 acme apparel sydney cbd',
    });
    expect(rows.find((row) => row.id === 9002)).toMatchObject({ currency: 'NZD', returnId: null });
  });
});

describe('supplierCurrencies', () => {
  it('reads a supplier’s currency from one of its orders; unknown without any', async () => {
    expect(await supplierCurrencies(db, [41, 42, 43, 41])).toEqual(
      new Map([
        [41, 'AUD'],
        [42, 'NZD'],
        [43, null],
      ]),
    );
  });

  it('reads a known currency once, and an unknown one again until an order says it', async () => {
    expect(await supplierCurrencies(db, [41, 43])).toEqual(
      new Map([
        [41, 'AUD'],
        [43, null],
      ]),
    );
    await db.purchaseOrders.put(order(3, 43, 'USD') as never);
    await db.purchaseOrders.delete(1);
    expect(await supplierCurrencies(db, [41, 43])).toEqual(
      new Map([
        [41, 'AUD'],
        [43, 'USD'],
      ]),
    );
  });
});

describe('loadCreditNote', () => {
  it('reads the note with its items, its return and the return’s items', async () => {
    await db.creditNoteItems.bulkPut([
      { ...sampleCreditNoteItem({ id: 9102 }), id: 9102 },
      { ...sampleCreditNoteItem(), id: 9101 },
      { ...sampleCreditNoteItem({ id: 9201, credit_note_id: 9002 }), id: 9201 },
    ]);
    await db.supplierReturns.put(sampleSupplierReturn());
    await db.supplierReturnItems.put(sampleSupplierReturnItem());
    const detail = await loadCreditNote(db, 9001);
    expect(detail.note?.supplier_reference).toBe('CN-3321');
    expect(detail.items.map((item) => item.id)).toEqual([9101, 9102]);
    expect(detail.currency).toBe('AUD');
    expect(detail.supplierReturn?.id).toBe(8001);
    expect(detail.returnRequest).toBeNull();
    expect(detail.returnItems.get(8101)?.supplier_return_reason.name).toBe('Damaged in transit');
  });

  it('says whether a return not cached was asked for, and has none for a note without a return', async () => {
    expect((await loadCreditNote(db, 9001)).returnRequest).toBeNull();
    await requestById(db, 'supplierReturns', 8001);
    expect((await loadCreditNote(db, 9001)).returnRequest).toMatchObject({ state: 'waiting', id: 8001 });
    const standalone = await loadCreditNote(db, 9002);
    expect(standalone).toMatchObject({ supplierReturn: null, returnRequest: null, currency: 'NZD' });
    expect(standalone.returnItems.size).toBe(0);
  });

  it('reads nothing for a note not cached', async () => {
    expect(await loadCreditNote(db, 1)).toMatchObject({ note: null, items: [], currency: null });
  });
});
