/**
 * Faulty stock becomes a return (issue #28 part 4): from a completed receipt's report, every faulty unit goes
 * to a supplier return of the order's supplier in one step, as return items: the reason the clerk picks, the
 * faulty quantity, and the buy price of the order line as both the price it was bought at and the claim. The
 * items are queued like any item added on the return's page (`createSupplierReturnItem` through
 * ../supplierReturns/returnItems.ts, in the return's op group), all in ONE transaction with the note on the
 * report that they went, so a second click, a reload or another tab never sends them twice.
 *
 * The API creates no returns (it only reads, updates and adds items to them), so the return is one that
 * exists: picked from this supplier's open returns on this computer, or opened by its number.
 */
import type { OpRecord } from '../ops';
import { editTables } from '../outbox';
import type { DockhandDb } from '../schema';
import { addReturnItem, type ReturnItemForm } from '../supplierReturns/returnItems';
import { isFinalised, type CachedSupplierReturn } from '../supplierReturns/returnRecords';
import { markFaultySent, readDiscrepancyRecord, type DiscrepancyRecord } from './discrepancyRecord';

export interface FaultyItem {
  productId: number;
  name: string;
  form: ReturnItemForm;
}

const orderName = (poId: number) => (poId < 0 ? `new PO ${-poId}` : `PO ${poId}`);

/** The return items a receipt's faulty units make, one per faulty line, in the report's order. Pure. */
export function faultyReturnItems(record: DiscrepancyRecord, reasonId: number): FaultyItem[] {
  return record.report.lines
    .filter((line) => line.faulty > 0)
    .map((line) => ({
      productId: line.productId,
      name: line.name,
      form: {
        reasonId,
        quantity: line.faulty,
        // The order line's price; none on the line or its product: the server takes the product's.
        originalBuyEx: line.buyPriceEx,
        claimAmountEx: line.buyPriceEx,
        sourceId: null,
        originalInvoice: record.docket,
        notes: `Faulty on delivery: ${orderName(record.poId)}, docket ${record.docket}`,
      },
    }));
}

/** The supplier's returns on this computer that still take items (not finalised), newest first. */
export async function openReturnsOf(db: DockhandDb, supplierId: number): Promise<CachedSupplierReturn[]> {
  const rows = (await db.supplierReturns
    .where('supplier.id')
    .equals(supplierId)
    .toArray()) as CachedSupplierReturn[];
  return rows.filter((row) => !isFinalised(row)).sort((a, b) => b.created_on.localeCompare(a.created_on));
}

export type FaultyReturnResult =
  { ok: true; returnId: number; units: number; ops: OpRecord[] } | { ok: false; error: string };

/** Thrown inside the transaction to undo the items already queued when a later one is refused. */
class Refused extends Error {}

const joined = (errors: Record<string, string[] | undefined>) => Object.values(errors).flat().join(' ');

/**
 * Queues the faulty units of the receipt whose report was kept under `invoiceTempId` onto return `returnId`
 * for `reasonId`, all or nothing, and notes on the report where they went.
 */
export async function sendFaultyToReturn(
  db: DockhandDb,
  invoiceTempId: number,
  returnId: number,
  reasonId: number,
  options: { now?: Date } = {},
): Promise<FaultyReturnResult> {
  const now = options.now ?? new Date();
  try {
    return await db.transaction(
      'rw',
      [...editTables(db), db.cursors],
      async (): Promise<FaultyReturnResult> => {
        const record = await readDiscrepancyRecord(db, invoiceTempId);
        if (!record) return { ok: false, error: 'This receipt’s report is not on this computer.' };
        if (record.faultySent)
          return {
            ok: false,
            error: `The faulty units of this receipt already went to return ${record.faultySent.returnId}.`,
          };
        const items = faultyReturnItems(record, reasonId);
        if (items.length === 0) return { ok: false, error: 'Nothing in this receipt was marked faulty.' };
        const target = (await db.supplierReturns.get(returnId)) as CachedSupplierReturn | undefined;
        if (!target) return { ok: false, error: `Return ${returnId} is not on this computer yet.` };
        if (target.supplier.id !== record.supplier.id)
          return {
            ok: false,
            error: `Return ${returnId} is for ${target.supplier.name || 'another supplier'}, not ${record.supplier.name}: choose one of theirs.`,
          };
        const ops: OpRecord[] = [];
        for (const item of items) {
          const product = await db.products.get(item.productId);
          if (!product)
            throw new Refused(`${item.name} is not on this computer any more, so it cannot be added.`);
          // It came on this supplier's order: that is link enough (../supplierReturns/supplierLink.ts).
          const added = await addReturnItem(db, returnId, product, item.form, { now, anySupplier: true });
          if (!added.ok) throw new Refused(`${item.name}: ${joined(added.errors)}`);
          ops.push(added.op);
        }
        const units = items.reduce((sum, item) => sum + (item.form.quantity ?? 0), 0);
        await markFaultySent(db, invoiceTempId, { returnId, units, at: now.toISOString() });
        return { ok: true, returnId, units, ops };
      },
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.message };
    throw error;
  }
}
