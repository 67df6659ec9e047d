/**
 * A purchase order as the supplier gets it on paper or as a PDF (issue #29 part 3), read from the cache
 * (DOM-free): who orders (the outlet's company), where to deliver (the outlet's address), the supplier, each
 * line with our codes and the supplier's own code for the product (product suppliers), the totals in the
 * order's currency, and the notes meant for the supplier. Internal comments are never on it.
 *
 * The lines and their figures are the PO page's (../detailQuery.ts, src/db/receiving/figures.ts): the
 * printout never works out a figure of its own, it only adds up the line totals it prints.
 */
import type { Outlet, Supplier } from '../../../api/resources';
import { lineFigures } from '../../../db/receiving/figures';
import type { CachedPurchaseOrder, DockhandDb } from '../../../db/schema';
import { moneyText } from '../../../lib/recordFormat';
import { loadPurchaseOrder } from '../detailQuery';

export interface PrintableLine {
  poItemId: number;
  description: string;
  /** Our SKU and the barcode (the product's own codes). */
  sku: string;
  barcode: string;
  /** The supplier's code for the product (its product-supplier link); '' when the cache has none. */
  supplierCode: string;
  ordered: number;
  cancelled: number;
  unitPriceEx: number | null;
  lineTotalEx: number;
}

/** Not on this computer (null), or synced under its server id while open (`movedTo`). */
export type PrintableRead = PrintableOrder | { order: null; movedTo: number | null };

export interface PrintableOrder {
  order: CachedPurchaseOrder;
  /** The outlet as cached (address, company); null while it is not on this computer. */
  outlet: Outlet | null;
  supplier: Supplier | null;
  /** The delivery address, a line each; from the order's own "deliver to" when the outlet is not cached. */
  deliverTo: string[];
  lines: PrintableLine[];
  units: number;
  subtotalEx: number;
  /** The order's currency code; null when the cache does not know it. */
  currency: string | null;
  /**
   * What to check before sending it, in words; null when the lines add up to the order on record. Lines
   * still on their way to this computer, or a line removed here and not sent yet, make them differ.
   */
  check: string | null;
}

const present = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');

/** Street lines every address in the API shares (src/api/resources/shared.ts). */
interface Street {
  address_line1: string | null;
  address_line2?: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  /** Printed when it is words (an outlet's); a supplier's is a reference, left out. */
  country?: unknown;
}

/** An address as an envelope reads it: name, street, "Suburb STATE 2000", country; empty lines left out. */
export function addressLines(name: string | null, address: Street): string[] {
  return [
    present(name),
    present(address.address_line1),
    present(address.address_line2),
    present(address.suburb, address.state, address.postcode),
    present(typeof address.country === 'string' ? address.country : null),
  ].filter(Boolean);
}

/** Sums money in cents, so 0.1 + 0.2 prints as 0.30. */
function sumMoney(values: readonly number[]): number {
  return values.reduce((cents, value) => cents + Math.round(value * 100), 0) / 100;
}

export async function loadPrintableOrder(db: DockhandDb, id: number): Promise<PrintableRead> {
  const detail = await loadPurchaseOrder(db, id);
  const { order } = detail;
  if (!order) return { order: null, movedTo: detail.movedTo };
  const [outlet, supplier] = await Promise.all([
    db.outlets.get(order.outlet.id),
    db.suppliers.get(order.supplier.id),
  ]);
  const code = supplier?.supplier_code ?? null;
  const links = code
    ? await db.productSuppliers.bulkGet(
        detail.lines.map((line): [number, string] => [line.item.product.id, code]),
      )
    : [];
  const lines = detail.lines.map((line, index): PrintableLine => {
    const { item } = line;
    const figures = lineFigures(item, undefined);
    return {
      poItemId: item.po_item_id,
      description: item.product.short_description,
      sku: item.product.supplier_sku,
      barcode: item.product.supplier_sku2,
      supplierCode: links[index]?.supplier_sku2 ?? '',
      ordered: figures.ordered,
      cancelled: figures.cancelled,
      unitPriceEx: item.supplier_buy_ex,
      lineTotalEx: line.lineTotal,
    };
  });
  const subtotalEx = sumMoney(lines.map((line) => line.lineTotalEx));
  const recorded = order.total_supplier_buy_ex;
  const differs = recorded !== null && Math.abs(recorded - subtotalEx) >= 0.005;
  const currency = order.fob_currency?.currency_code ?? null;
  return {
    order,
    outlet: outlet ?? null,
    supplier: supplier ?? null,
    deliverTo: outlet
      ? addressLines(outlet.name, outlet.address)
      : order.deliver_to
        ? [order.deliver_to]
        : [],
    lines,
    units: lines.reduce((sum, line) => sum + line.ordered, 0),
    subtotalEx,
    currency,
    check: differs
      ? `The order's total on record is ${moneyText(recorded, currency)}, but the lines on this computer add ` +
        `up to ${moneyText(subtotalEx, currency)}: a line may not have reached this computer yet, or a change ` +
        'made here is not sent yet. Check the lines before sending it to the supplier.'
      : null,
  };
}
