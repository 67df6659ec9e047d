import type { DBCoreCursor } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleOutlet, sampleProduct, sampleSupplier } from '../../api/resources/fixtures';
import { createDexieStore } from '../dexieStore';
import type { OpRecord } from '../ops';
import type { DockhandDb } from '../schema';
import { memoryDb } from '../testing/memoryStore';
import { tableMiddleware } from '../tableMiddleware';
import { countedCursor } from '../testing/countedCursor';
import { childTempIds } from '../tempIds';
import { queueNewPurchaseOrder } from './purchaseOrders';
import { addLinesToWaitingDraft, mergedLines, waitingDrafts } from './queuedOrderLines';

let db: DockhandDb;
const now = new Date('2026-03-10T09:30:00');
const later = new Date('2026-03-11T10:00:00');

/** Done ops the outbox handed over (as rows, cursor steps or `[state+seq]` keys): what a read paid for them. */
let doneRead = 0;
const isDone = (row: unknown) => (row as { state?: unknown } | undefined)?.state === 'done';
const doneStep = (cursor: DBCoreCursor) => {
  const key = cursor.key as unknown;
  if (isDone(cursor.value) || (Array.isArray(key) && key[0] === 'done')) doneRead++;
};
/** Counts the done ops among `rows`, and hands `answer` on. */
const counted = <A>(rows: readonly unknown[], answer: A): A => {
  doneRead += rows.filter(isDone).length;
  return answer;
};
const doneCounter = tableMiddleware('doneCounter', (down, table) => {
  if (table !== 'outbox') return {};
  return {
    get: (req) => down.get(req).then((row: unknown) => counted([row], row)),
    getMany: (req) => down.getMany(req).then((rows) => counted(rows, rows)),
    query: (req) => down.query(req).then((answer) => counted(answer.result, answer)),
    openCursor: (req) => down.openCursor(req).then((cursor) => countedCursor(cursor, doneStep)),
  };
});

beforeEach(async () => {
  db = memoryDb('queued-order-lines');
  db.use(doneCounter);
  await db.suppliers.bulkPut([
    sampleSupplier({ id: 101, name: 'Acme Apparel' }) as never,
    sampleSupplier({ id: 102, name: 'Other Co' }) as never,
  ]);
  await db.outlets.put(sampleOutlet({ id: 1, name: 'Sydney CBD' }) as never);
  await db.products.bulkPut([
    sampleProduct({ id: 10001, supplier_buy_ex: 8.4 }),
    sampleProduct({ id: 10002, supplier_buy_ex: 3.25 }),
    sampleProduct({ id: 10003, supplier_buy_ex: 1.5 }),
  ]);
});

async function draft(supplierId = 101) {
  const result = await queueNewPurchaseOrder(
    db,
    {
      supplierId,
      outletId: 1,
      eta: '2026-03-20',
      lines: [
        { productId: 10001, quantity: 12, buyPrice: null },
        { productId: 10002, quantity: 3, buyPrice: 2.5 },
      ],
    },
    { now },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
}

describe('lines added to a draft order still waiting to be sent', () => {
  it("lists the supplier's waiting drafts only, and not once they have started to leave", async () => {
    const mine = await draft(101);
    await draft(102);
    expect((await waitingDrafts(db, 101)).map((d) => [d.orderId, d.lineCount, d.eta])).toEqual([
      [mine.id, 2, '2026-03-20'],
    ]);
    await createDexieStore(db).markSending({ id: mine.op.id, at: later.toISOString() });
    expect(await waitingDrafts(db, 101)).toEqual([]);
  });

  it('reads only the waiting drafts (queued or blocked), none of the many orders this PC has sent', async () => {
    const first = await draft(101);
    const { seq: _, ...op } = first.op;
    const copy = (id: string, state: OpRecord['state'], createsTempId: number): OpRecord => ({
      ...op,
      id,
      state,
      createsTempId,
    });
    // A week of sent orders is kept as done; one is on its way; one waits for a temp id.
    await db.outbox.bulkAdd([
      ...Array.from({ length: 300 }, (_, i) => copy(`done-${i}`, 'done', -1000 - i)),
      copy('on-its-way', 'sending', -2000),
      copy('waits-for-an-id', 'blocked', -3000),
    ]);
    await draft(102);
    doneRead = 0;
    const drafts = await waitingDrafts(db, 101);
    expect(drafts.map((d) => [d.opId, d.orderId])).toEqual([
      [first.op.id, first.id],
      ['waits-for-an-id', -3000],
    ]);
    expect(doneRead).toBe(0);
    // The counter sees done ops when a read does go through them.
    await db.outbox.where('kind').equals('createPurchaseOrder').toArray();
    expect(doneRead).toBe(300);
  });

  it("adds new products after the order's lines and raises the quantity of one already there", async () => {
    const order = await draft();
    const result = await addLinesToWaitingDraft(
      db,
      order.op.id,
      [
        { productId: 10003, quantity: 4, buyPrice: 1.2 },
        { productId: 10001, quantity: 6, buyPrice: null },
      ],
      { now: later },
    );
    expect(result).toMatchObject({ ok: true, orderId: order.id, lineCount: 3 });

    const op = (await db.outbox.where('id').equals(order.op.id).first())!;
    const body = op.body as { external_purchase_order_id: string; purchase_order_items: unknown[] };
    // Still the one op, under the id the server will know the order by.
    expect(await db.outbox.count()).toBe(1);
    expect(body.external_purchase_order_id).toBe(order.externalId);
    expect(body.purchase_order_items).toEqual([
      { product: { id: 10001 }, quantity_ordered: 18 },
      { product: { id: 10002 }, quantity_ordered: 3, supplier_buy_ex: 2.5 },
      { product: { id: 10003 }, quantity_ordered: 4, supplier_buy_ex: 1.2 },
    ]);
    expect(op.label).toContain('3 lines');

    // The rows shown: the lines there keep their temp ids (matched to the server's answer by position).
    const lineIds = await childTempIds(db, order.id, 'purchaseOrderItems');
    expect(lineIds.slice(0, 2)).toEqual(order.lineIds);
    const rows = await db.purchaseOrderItems.where('po_id').equals(order.id).toArray();
    expect(rows.map((r) => [r.po_item_id, r.product.id, r.quantity_ordered]).sort()).toEqual(
      [
        [lineIds[0], 10001, 18],
        [lineIds[1], 10002, 3],
        [lineIds[2], 10003, 4],
      ].sort(),
    );
    for (const row of rows) expect(row._pendingOps).toEqual([order.op.id]);
    const cached = (await db.purchaseOrders.get(order.id))!;
    expect(cached._pendingOps).toEqual([order.op.id]);
    expect(cached.created_on).toBe(now.toISOString());
  });

  it('discarding the amended order removes every line it shows, the added ones too', async () => {
    const order = await draft();
    await addLinesToWaitingDraft(db, order.op.id, [{ productId: 10003, quantity: 4, buyPrice: null }], {
      now: later,
    });
    await createDexieStore(db).discard({ id: order.op.id });
    expect(await db.purchaseOrders.get(order.id)).toBeUndefined();
    expect(await db.purchaseOrderItems.where('po_id').equals(order.id).count()).toBe(0);
  });

  it('refuses, writing nothing, once the order has started on its way', async () => {
    const order = await draft();
    await createDexieStore(db).markSending({ id: order.op.id, at: later.toISOString() });
    const before = (await db.outbox.where('id').equals(order.op.id).first())!.body;
    const result = await addLinesToWaitingDraft(db, order.op.id, [
      { productId: 10003, quantity: 4, buyPrice: null },
    ]);
    expect(result).toEqual({ ok: false, errors: { $: [expect.stringContaining('new draft order')] } });
    expect((await db.outbox.where('id').equals(order.op.id).first())!.body).toEqual(before);
    expect(await db.purchaseOrderItems.where('po_id').equals(order.id).count()).toBe(2);
  });

  it("answers the form's errors for a line that breaks its rules, writing nothing", async () => {
    const order = await draft();
    const result = await addLinesToWaitingDraft(
      db,
      order.op.id,
      [{ productId: 10003, quantity: 0, buyPrice: null }],
      { now: later },
    );
    expect(result.ok).toBe(false);
    expect(Object.keys((result as { errors: object }).errors)).toEqual(['lines.2.quantity']);
    expect(await db.purchaseOrderItems.where('po_id').equals(order.id).count()).toBe(2);
  });

  it('merges by product, summing quantities and keeping the price already set', () => {
    expect(
      mergedLines(
        [{ productId: 1, quantity: 2, buyPrice: 5 }],
        [
          { productId: 1, quantity: 3, buyPrice: 4 },
          { productId: 2, quantity: 1, buyPrice: null },
        ],
      ),
    ).toEqual([
      { productId: 1, quantity: 5, buyPrice: 5 },
      { productId: 2, quantity: 1, buyPrice: null },
    ]);
  });
});
