/**
 * Seeded data for the simulator: `generateState({dataset, seed})` builds a complete, internally consistent
 * SimState (see server/README.md for the rules the data follows). The same seed always gives byte-identical
 * JSON: every random choice comes from seeded streams (random.ts), every date from a fixed epoch (clock.ts).
 *
 * Shared objects: references ({id, name} statuses, outlets, suppliers, ports, shipment types, countries,
 * currencies, variance reasons, customer types, price-group and sales-channel refs), users, and the product
 * parts in productParts.ts are frozen and shared between records. Handlers replace them; editing one throws.
 * Every record, address, inventory row, purchase order item, receipt and loyalty entry is its own object.
 */
import type { NamedValue, SimState } from '../state';
import type { GenContext } from './context';
import { generateCreditNotes } from './creditNotes';
import { generateCustomers } from './customers';
import { IdCounter } from './ids';
import { generateInvoices } from './invoices';
import { generateLookups } from './lookups';
import { computeNextIds } from './nextIds';
import { generateOutlets } from './outlets';
import { createProductParts } from './productParts';
import { generateProducts } from './products';
import { generateProductSuppliers } from './productSuppliers';
import { generatePurchaseOrders } from './purchaseOrders';
import { generateReferenceLists, generateUsers, shared } from './reference';
import { DATASET_SIZES, type DatasetName } from './sizes';
import { generateSupplierReturns } from './supplierReturns';
import { generateSuppliers } from './suppliers';

export { DATASET_SIZES, type DatasetName, type DatasetSize } from './sizes';
export { DATA_EPOCH_MS } from './clock';
export { ean13CheckDigit, isValidEan13 } from './barcode';
export {
  purchaseOrderTotals,
  quantityRemaining,
  type PurchaseOrderTotals,
} from '../../src/api/resources/purchaseOrderFigures';
export { effectiveSellPriceInc } from './products';
export { ID_BASES, type Sequence } from './ids';

export interface GenerateOptions {
  dataset: DatasetName;
  seed: number;
}

/** Frozen `{id, name}` per name, for records that embed a lookup by reference. */
function refsByName(records: Iterable<{ id: number | null; name: string | null }>): Map<string, NamedValue> {
  const refs = new Map<string, NamedValue>();
  for (const { id, name } of records) if (id !== null && name !== null) refs.set(name, shared({ id, name }));
  return refs;
}

export function generateState(options: GenerateOptions): SimState {
  const context: GenContext = {
    seed: options.seed,
    size: DATASET_SIZES[options.dataset],
    ids: new IdCounter(),
    users: generateUsers(),
    reference: generateReferenceLists(),
  };
  const lookups = generateLookups(context);
  const outlets = generateOutlets(context);
  const suppliers = generateSuppliers(context, outlets, refsByName(lookups.shippingPorts.values()));
  const priceGroups = {
    standard: [...lookups.standardPriceGroups.values()],
    fixed: [...lookups.fixedPriceGroups.values()],
  };
  const { products, msl } = generateProducts(
    context,
    suppliers,
    createProductParts(context.reference),
    priceGroups,
  );
  const productSuppliers = generateProductSuppliers(context, suppliers);
  const orders = generatePurchaseOrders(
    context,
    suppliers,
    products,
    refsByName(lookups.shipmentTypes.values()),
  );
  const supplierInvoices = generateInvoices(context, orders);

  const invoiceNumbers = new Map<number, string[]>();
  const supplierOfOrder = new Map(orders.map((order) => [order.row.id, order.supplier.record.id ?? 0]));
  for (const invoice of supplierInvoices.values()) {
    const supplierId = supplierOfOrder.get(invoice.purchase_order_receipts[0]!.purchase_order_id)!;
    const numbers = invoiceNumbers.get(supplierId) ?? [];
    numbers.push(invoice.supplier_invoice_number ?? '');
    invoiceNumbers.set(supplierId, numbers);
  }
  const returns = generateSupplierReturns(context, suppliers, lookups.returnReasons, invoiceNumbers);
  const { creditNotes, creditNoteItems } = generateCreditNotes(context, returns, suppliers);
  const { customers, loyaltyHistory } = generateCustomers(context, outlets, [...products.values()], lookups);

  const state: Omit<SimState, 'nextId'> = {
    users: [...context.users],
    reference: context.reference,
    products,
    msl,
    outlets: new Map(outlets.map((outlet) => [outlet.record.id ?? 0, outlet.record])),
    suppliers: new Map(suppliers.map((supplier) => [supplier.record.id ?? 0, supplier.record])),
    customers,
    loyaltyHistory,
    surveySegments: lookups.surveySegments,
    returnReasons: lookups.returnReasons,
    shippingPorts: lookups.shippingPorts,
    shipmentTypes: lookups.shipmentTypes,
    productSuppliers,
    standardPriceGroups: lookups.standardPriceGroups,
    fixedPriceGroups: lookups.fixedPriceGroups,
    purchaseOrders: new Map(orders.map((order) => [order.row.id, order.row])),
    supplierInvoices,
    supplierReturns: new Map(returns.map((generated) => [generated.record.id, generated.record])),
    supplierReturnItems: new Map(
      returns.flatMap((generated) => generated.items.map((item) => [item.id, item] as const)),
    ),
    creditNotes,
    creditNoteItems,
  };
  return { nextId: computeNextIds(state), ...state };
}
