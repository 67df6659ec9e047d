/**
 * One order as the receiving screen reads it: the order, its lines in order, and the state of its queued
 * edits. An order raised offline carries a temp id until it syncs; then `movedTo` names its server id and
 * its draft moves with it (`followTempIds`), line keys included, so a delivery begun before the order
 * synced is not lost.
 */
import { readOrder, type OrderRead } from '../orderRead';
import type { DockhandDb, ReceiptDraft } from '../schema';

export interface ReceivingOrder extends Omit<OrderRead, 'failed'> {
  /** The first problem of a failed op on the order, in the server's words. */
  problem: string | null;
}

export async function loadReceivingOrder(db: DockhandDb, id: number): Promise<ReceivingOrder> {
  const { failed, ...read } = await readOrder(db, id);
  return {
    ...read,
    problem: failed?.problem ? (failed.problem.detail ?? failed.problem.title ?? null) : null,
  };
}

/** Moves a draft kept under an order's temp id to its server id, with its lines' ids. */
export async function followTempIds(db: DockhandDb, from: number, to: number): Promise<void> {
  await db.transaction('rw', db.receiptDrafts, db.tempIds, async () => {
    const draft = await db.receiptDrafts.get(from);
    if (!draft || (await db.receiptDrafts.get(to))) return;
    const lineIds = await db.tempIds.bulkGet(Object.keys(draft.lines).map(Number));
    const lines: ReceiptDraft['lines'] = {};
    for (const [i, [key, line]] of Object.entries(draft.lines).entries())
      lines[lineIds[i]?.serverId ?? Number(key)] = line;
    const moved: ReceiptDraft = { ...draft, poId: to, lines };
    if (draft.lastScan) {
      const scanned = await db.tempIds.get(draft.lastScan.poItemId);
      moved.lastScan = { ...draft.lastScan, poItemId: scanned?.serverId ?? draft.lastScan.poItemId };
    }
    await db.receiptDrafts.delete(from);
    await db.receiptDrafts.put(moved);
  });
}
