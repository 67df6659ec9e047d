import { beforeEach, describe, expect, it } from 'vitest';
import {
  sampleCreditNote,
  samplePurchaseOrder,
  sampleSupplierReturn,
  sampleSupplierReturnItem,
} from '../../api/resources/fixtures';
import { requestById } from '../byIdRequests';
import { enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { isFinalised, loadSupplierReturn, returnRows, returnsAskedFor, returnTotals } from './returnRecords';

let db: DockhandDb;

beforeEach(async () => {
  db = memoryDb('supplier-returns');
  await db.supplierReturns.bulkPut([
    sampleSupplierReturn(),
    sampleSupplierReturn({
      id: 8002,
      supplier: { id: 42, name: 'Bolt Hardware' },
      supplier_return_status: { id: 3, name: 'Finalised' },
      return_authorisation: 'RA-77',
      credit_note: { id: 9001 },
    }),
  ]);
  await db.purchaseOrders.put({
    ...samplePurchaseOrder({ id: 1 }),
    id: 1,
    supplier: { id: 41, name: 'Acme Apparel' },
  } as never);
});

/** One unit of product 5012 added here to return `returnId` under `tempId`, its cached row `item`. */
const queueItem = (returnId: number, tempId: number, item: object) =>
  enqueue(db, {
    kind: 'createSupplierReturnItem',
    params: { id: returnId },
    body: { product: { id: 5012 }, supplier_return_reason: { id: 5 }, return_quantity: 1 },
    createsTempId: tempId,
    cacheChanges: [{ table: 'supplierReturnItems', put: [{ ...item, id: tempId }] }],
    label: 'Return 1 × product 5012',
  });

describe('returnRows', () => {
  it('reads every cached return with its supplier’s currency, credit note and a search text', async () => {
    const rows = await returnRows(db);
    expect(rows.find((row) => row.id === 8001)).toEqual({
      id: 8001,
      status: 'Incomplete',
      supplier: { id: 41, name: 'Acme Apparel' },
      outlet: { id: 1, name: 'Sydney CBD' },
      quantity: 2,
      claimInc: 18.48,
      creditReceivedInc: 0,
      createdOn: '2026-03-02T09:15:00Z',
      currency: 'AUD',
      creditNoteId: null,
      badge: null,
      searchText: '8001 ra-1192 acme apparel sydney cbd',
    });
    expect(rows.find((row) => row.id === 8002)).toMatchObject({ currency: null, creditNoteId: 9001 });
  });

  it('badges a return whose header or new items wait to be sent', async () => {
    await queueItem(
      8001,
      -1,
      sampleSupplierReturnItem({
        return_quantity: 1,
        total_claim_amount_ex: 8.4,
        total_claim_amount_tax: 0.84,
        total_claim_amount_inc: 9.24,
      }),
    );
    const rows = await returnRows(db);
    // Its units and claim are its items' (only the new one here).
    expect(rows.find((row) => row.id === 8001)).toMatchObject({
      badge: 'pending',
      quantity: 1,
      claimInc: 9.24,
    });
    expect(rows.find((row) => row.id === 8002)?.badge).toBeNull();
  });
});

describe('loadSupplierReturn', () => {
  it('reads the return with its items (server ids, then those added here), credit note and ops', async () => {
    await db.creditNotes.put({ ...sampleCreditNote(), id: 9001, supplier_return_id: 8002 });
    await db.supplierReturnItems.bulkPut([
      { ...sampleSupplierReturnItem({ id: 8102, supplier_return_id: 8002 }) },
      { ...sampleSupplierReturnItem({ id: 8101, supplier_return_id: 8002 }) },
    ]);
    await queueItem(8002, -3, sampleSupplierReturnItem({ supplier_return_id: 8002 }));
    const detail = await loadSupplierReturn(db, 8002);
    expect(detail.items.map(({ item, badge }) => [item.id, badge])).toEqual([
      [8101, null],
      [8102, null],
      [-3, 'pending'],
    ]);
    expect(detail.creditNote?.id).toBe(9001);
    expect(detail.ops.map((op) => op.kind)).toEqual(['createSupplierReturnItem']);
    expect(detail.badge).toBe('pending');
    expect(isFinalised(detail.supplierReturn!)).toBe(true);
  });

  it('adds the items up the server’s way, counting those added here', () => {
    const items = [
      { ...sampleSupplierReturnItem(), id: 8101 },
      {
        ...sampleSupplierReturnItem({
          return_quantity: 1,
          total_claim_amount_ex: 0.05,
          total_claim_amount_tax: 0.01,
          total_claim_amount_inc: 0.06,
        }),
        id: -2,
      },
    ];
    expect(returnTotals(items)).toEqual({
      quantity: 3,
      claimEx: 16.85,
      claimTax: 1.69,
      claimInc: 18.54,
      pendingItems: 1,
    });
  });

  it('finds the credit note that names the return when the return does not name it', async () => {
    await db.creditNotes.put({ ...sampleCreditNote(), id: 9005, supplier_return_id: 8001 });
    const detail = await loadSupplierReturn(db, 8001);
    expect(detail).toMatchObject({
      creditNote: { id: 9005 },
      currency: 'AUD',
      badge: null,
      request: null,
      totals: null,
    });
  });

  it('lists the returns asked for by number that wait for a lookup', async () => {
    await requestById(db, 'supplierReturns', 400017, new Date('2026-03-10T09:30:00Z'));
    await requestById(db, 'suppliers', 150);
    expect((await returnsAskedFor(db)).map((request) => request.id)).toEqual([400017]);
  });

  it('says when a return not cached was asked for', async () => {
    expect((await loadSupplierReturn(db, 400017)).request).toBeNull();
    await requestById(db, 'supplierReturns', 400017);
    expect(await loadSupplierReturn(db, 400017)).toMatchObject({
      supplierReturn: null,
      request: { state: 'waiting', id: 400017 },
      items: [],
    });
  });
});
