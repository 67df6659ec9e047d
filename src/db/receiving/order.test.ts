/** A delivery begun on an order raised offline survives the order's sync; settings read back safely. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DockhandDb } from '../schema';
import { addToLine, readDraft } from './drafts';
import { followTempIds } from './order';
import { DEFAULT_RECEIVING_SETTINGS, readReceivingSettings, writeReceivingSettings } from './settings';

const fresh = () => new DockhandDb(`order-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const now = new Date('2026-11-23T10:00:00.000Z');

describe('followTempIds', () => {
  it("moves a draft from an order's temp id to its server id, lines and last scan included", async () => {
    const db = fresh();
    await db.tempIds.bulkPut([
      { tempId: -1, entity: 'purchaseOrders', serverId: 100500, createdAt: now.toISOString() },
      {
        tempId: -2,
        entity: 'purchaseOrderItems',
        parentTempId: -1,
        serverId: 9001,
        createdAt: now.toISOString(),
      },
      {
        tempId: -3,
        entity: 'purchaseOrderItems',
        parentTempId: -1,
        serverId: 9002,
        createdAt: now.toISOString(),
      },
    ]);
    await addToLine(db, -1, -2, 4, null, now);
    await addToLine(db, -1, -3, 1, { code: '9300000000011' }, now);
    await followTempIds(db, -1, 100500);
    expect(await readDraft(db, -1)).toBeUndefined();
    const moved = await readDraft(db, 100500);
    expect(moved?.lines).toEqual({
      9001: { received: 4, faulty: 0, bin: '', notes: '' },
      9002: { received: 1, faulty: 0, bin: '', notes: '' },
    });
    expect(moved?.lastScan).toMatchObject({ poItemId: 9002, code: '9300000000011' });
    db.close();
  });
});

describe('receiving settings', () => {
  it('default until written, and fall back field by field on a stored value that is not valid', async () => {
    const db = fresh();
    expect(await readReceivingSettings(db)).toEqual(DEFAULT_RECEIVING_SETTINGS);
    await writeReceivingSettings(db, { ...DEFAULT_RECEIVING_SETTINGS, outletId: 3, overReceipt: 'refuse' });
    expect(await readReceivingSettings(db)).toMatchObject({ outletId: 3, overReceipt: 'refuse' });
    await db.meta.put({
      key: 'settings.receiving',
      value: { outletId: 'x', sound: false, repeatScanSeconds: 900 },
    });
    expect(await readReceivingSettings(db)).toEqual({ ...DEFAULT_RECEIVING_SETTINGS, sound: false });
    db.close();
  });
});
