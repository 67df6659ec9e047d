/**
 * Field names and values in the words of the people who use them: a conflict or a rejected change names
 * "Freight (ex tax)", never `direct_costs.freight.total_ex`. One table per record kind (the op catalog's
 * aggregate group, so an op kind finds its table), keyed by the field's path in the request body with array
 * positions written `[]`. A later area adds its rows here; a path without a row still reads as words
 * (`delivery_addresses[1].postcode` → "Delivery addresses (2) › Postcode").
 *
 * Pure: no DOM, no Dexie (the op catalog is plain data).
 */
import { keyOfField } from '../db/keyedArrays';
import { opCatalog } from '../db/opCatalog';
import { OP_KINDS, type OpKind } from '../db/ops';
import { resourceLabel } from './format';
import { dayText, moneyText } from './recordFormat';
import { parsePath, type PathSegment } from './paths';

/** How a field's value reads: a calendar date, an amount, a yes/no flag, or as it is. */
export type FieldKind = 'text' | 'date' | 'money' | 'yesNo';

interface FieldRow {
  label: string;
  kind?: FieldKind;
  /** Where a field inside arrays sits, in words, from its positions (0-based); " (line 2)" by default. */
  at?: (positions: readonly number[]) => string;
}

const money = (label: string): FieldRow => ({ label, kind: 'money' });
const yesNo = (label: string): FieldRow => ({ label, kind: 'yesNo' });
const date = (label: string): FieldRow => ({ label, kind: 'date' });
/** A field of a receipt line: receipt and line as the clerk counts them. */
const receiptLine = (row: FieldRow): FieldRow => ({
  ...row,
  at: ([receipt = 0, line = 0]) => ` (receipt ${receipt + 1}, line ${line + 1})`,
});
const RECEIPT_LINE = 'purchase_order_receipts[].purchase_order_receipt_items[]';
/** A field of one of a customer's delivery addresses, counted from 1. */
const deliveryAddress = (row: FieldRow | string): FieldRow => ({
  ...(typeof row === 'string' ? { label: row } : row),
  at: ([index = 0]) => ` (delivery address ${index + 1})`,
});

/** Per aggregate group (src/db/opCatalog.ts `group`): body path → label. */
const FIELD_ROWS: Readonly<Record<string, Readonly<Record<string, FieldRow>>>> = {
  supplierInvoice: {
    supplier_invoice_number: { label: 'Invoice number' },
    supplier_invoiced_on: date("Supplier's invoice date"),
    status: { label: 'Status' },
    notes: { label: 'Notes' },
    distribute_costs_by: { label: 'Distribute costs by' },
    international_order: yesNo('International order'),
    landed_costs_calculation: { label: 'Landed costs calculation' },
    'origin_country.id': { label: 'Country of origin' },
    currency_conversion: { label: 'Currency conversion rate' },
    rounding_adjustment: money('Rounding adjustment'),
    'direct_costs.freight.total_ex': money('Freight (ex tax)'),
    'direct_costs.freight.includes_tax': yesNo('Freight includes tax'),
    'direct_costs.misc.total_ex': money('Misc costs (ex tax)'),
    'direct_costs.misc.includes_tax': yesNo('Misc costs include tax'),
    'direct_costs.duty.total_ex': money('Duty (ex tax)'),
    'purchase_order_receipts[].purchase_order_id': { label: 'Purchase order' },
    [`${RECEIPT_LINE}.quantity_received`]: receiptLine({ label: 'Received' }),
    [`${RECEIPT_LINE}.quantity_faulty`]: receiptLine({ label: 'Faulty' }),
    [`${RECEIPT_LINE}.quantity_invoiced`]: receiptLine({ label: 'Invoiced' }),
    [`${RECEIPT_LINE}.buy_price_ex`]: receiptLine(money('Buy price (ex tax)')),
    [`${RECEIPT_LINE}.bin`]: receiptLine({ label: 'Bin' }),
    [`${RECEIPT_LINE}.notes`]: receiptLine({ label: 'Line notes' }),
  },
  // The supplier edit form's labels (src/db/suppliers/supplierForm.ts), by body path.
  supplier: {
    supplier_code: { label: 'Supplier code' },
    contact_email: { label: 'Contact email' },
    order_email: { label: 'Order email' },
    'address.address_line1': { label: 'Street address' },
    'address.country.id': { label: 'Country' },
    'shipping_port.id': { label: 'Shipping port' },
    'country_of_origin.id': { label: 'Country of origin' },
    admin_only_orders: yesNo('Only administrators may order'),
    deposit_required: yesNo('Deposit required'),
    po_sku1_enabled: yesNo('Show supplier SKU on orders'),
    po_sku2_enabled: yesNo('Show barcode (SKU2) on orders'),
    is_enabled: yesNo('Enabled'),
  },
  // The customer form's labels (src/db/customers/customerForm.ts), by body path. The business number is
  // `abn` in requests: the form and every message call it ABN.
  customer: {
    customer_number: { label: 'Customer number' },
    custom_reference: { label: 'Custom reference' },
    abn: { label: 'ABN' },
    date_of_birth: date('Date of birth'),
    date_of_birth_withheld: yesNo('Date of birth withheld'),
    'customer_type.id': { label: 'Customer type' },
    'home_outlet.id': { label: 'Home outlet' },
    'billing_address.address_line1': { label: 'Billing street address' },
    'billing_address.suburb': { label: 'Billing suburb' },
    'billing_address.state': { label: 'Billing state' },
    'billing_address.postcode': { label: 'Billing postcode' },
    'billing_address.country': { label: 'Billing country' },
    'marketing.receive_email': yesNo('Receives email'),
    'marketing.receive_post': yesNo('Receives post'),
    'marketing.receive_sms': yesNo('Receives SMS'),
    'loyalty_program.enabled': yesNo('In the loyalty program'),
    'loyalty_program.auto_price_group': yesNo('Price group set by loyalty'),
    'account_customer.enabled': yesNo('Account customer'),
    'account_customer.payment_terms': { label: 'Payment terms (days)' },
    'account_customer.credit_limit': money('Credit limit'),
    'account_customer.credit_blocked': yesNo('Credit blocked'),
    export_to_web: yesNo('Export to web'),
    price_groups: { label: 'Price groups' },
    sales_channels: { label: 'Sales channels' },
    'delivery_addresses[].address_line1': deliveryAddress('Street address'),
    'delivery_addresses[].suburb': deliveryAddress('Suburb'),
    'delivery_addresses[].state': deliveryAddress('State'),
    'delivery_addresses[].postcode': deliveryAddress('Postcode'),
    'delivery_addresses[].country_code': deliveryAddress('Country'),
    'delivery_addresses[].default': deliveryAddress(yesNo('Default address')),
  },
  purchaseOrder: {
    'supplier.id': { label: 'Supplier' },
    'outlet.id': { label: 'Outlet' },
    eta: date('ETA'),
    reference_purchase_order_id: { label: 'Follows up order' },
    'purchase_order_items[].quantity_ordered': { label: 'Quantity ordered' },
    'purchase_order_items[].supplier_buy_ex': money('Buy price (ex tax)'),
    'purchase_order_items[].product.id': { label: 'Product' },
  },
};

/**
 * Array bodies merged item by item (the op catalog's itemKey): a conflict names the item by its key, then
 * the field (`ACME.lead_time`, src/db/keyedArrays.ts), read as "Lead time (days), supplier ACME". The
 * server's own problems about such a body name positions (`[0].lead_time`) and read as any other path.
 */
const ITEM_ROWS: Readonly<Record<string, { item: string; rows: Readonly<Record<string, FieldRow>> }>> = {
  productSuppliers: {
    item: 'supplier',
    rows: {
      supplier_buy_ex: money('Buy price (ex tax)'),
      supplier_sku2: { label: 'Barcode (SKU2)' },
      lead_time: { label: 'Lead time (days)' },
      is_default: yesNo('Default supplier'),
      notes: { label: 'Notes' },
    },
  },
};

/** The keyed item and its field's row, when `path` is a conflict path of an item-keyed body. */
function itemPath(scope: OpKind | string, path: string) {
  const keyed = ITEM_ROWS[groupOf(scope)];
  if (!keyed || path.startsWith('[')) return undefined;
  const { key, rest } = keyOfField(path);
  return { item: `${keyed.item} ${key}`, field: rest, row: keyed.rows[rest] };
}

/** The group an op kind belongs to, or the scope itself when it already names one (`supplierInvoice`). */
function groupOf(scope: OpKind | string): string {
  return (OP_KINDS as readonly string[]).includes(scope) ? opCatalog(scope as OpKind).group : scope;
}

/** The path's segments inside the body (a leading `body.` is dropped: problems and zod say it). */
function bodySegments(path: string): PathSegment[] {
  const segments = parsePath(path);
  return segments[0] === 'body' ? segments.slice(1) : segments;
}

/** `a[0].b` → `a[].b`: the table's spelling, whatever the position. */
const patternOf = (segments: readonly PathSegment[]) =>
  segments
    .map((segment) => (typeof segment === 'number' ? '[]' : `.${segment}`))
    .join('')
    .replace(/^\./, '');

function rowOf(scope: OpKind | string, segments: readonly PathSegment[]): FieldRow | undefined {
  return FIELD_ROWS[groupOf(scope)]?.[patternOf(segments)];
}

/** `total_ex` → "Total ex"; `supplierCode` → "Supplier code" (names read as words the one way, ./format.ts). */
const words = resourceLabel;

/** A path with no row, as words: names joined by " › ", a position as "(n)" counted from 1. */
function humanised(segments: readonly PathSegment[]): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (typeof segment === 'number' && parts.length > 0) parts[parts.length - 1] += ` (${segment + 1})`;
    else if (typeof segment === 'number') parts.push(`Item ${segment + 1}`);
    // `{id}` references read as the thing they name: `supplier.id` → "Supplier".
    else if (segment !== 'id' || parts.length === 0) parts.push(words(segment));
  }
  return parts.join(' › ') || 'The whole change';
}

/** Where a row matched through `[]` sits, in the row's words or as " (line 2)", counted from 1. */
function positions(row: FieldRow, segments: readonly PathSegment[]): string {
  const indexes = segments.filter((segment): segment is number => typeof segment === 'number');
  if (indexes.length === 0) return '';
  return row.at ? row.at(indexes) : ` (line ${indexes.map((index) => index + 1).join('.')})`;
}

/**
 * The words for a body field of an op kind (`updateSupplierInvoice`) or record kind (`supplierInvoice`):
 * "Freight (ex tax)" for `direct_costs.freight.total_ex`; a humanised name for a path with no row.
 */
export function fieldLabel(scope: OpKind | string, path: string): string {
  const item = itemPath(scope, path);
  if (item)
    return item.field
      ? `${item.row?.label ?? words(item.field)}, ${item.item}`
      : item.item.charAt(0).toUpperCase() + item.item.slice(1);
  const segments = bodySegments(path);
  const row = rowOf(scope, segments);
  return row ? `${row.label}${positions(row, segments)}` : humanised(segments);
}

/**
 * The field's own name, without where it sits: "Quantity ordered" for `purchase_order_items[0].quantity_ordered`
 * (the rejection words say which line first, src/lib/rejectionWords.ts).
 */
export function fieldName(scope: OpKind | string, path: string): string {
  if (itemPath(scope, path)) return fieldLabel(scope, path);
  const segments = bodySegments(path);
  const row = rowOf(scope, segments);
  if (row) return row.label;
  const inner = segments.slice(segments.findLastIndex((segment) => typeof segment === 'number') + 1);
  return humanised(inner.length > 0 ? inner : segments);
}

/** How a field reads (date, amount, flag), or undefined when the tables have no row for it. */
export function fieldKind(scope: OpKind | string, path: string): FieldKind | undefined {
  const item = itemPath(scope, path);
  if (item) return item.row ? (item.row.kind ?? 'text') : undefined;
  const row = rowOf(scope, bodySegments(path));
  return row ? (row.kind ?? 'text') : undefined;
}

/** A field's value in words: dates as the calendar day, amounts with two decimals, flags as Yes / No. */
export function fieldValueText(scope: OpKind | string, path: string, value: unknown): string {
  const item = itemPath(scope, path);
  if (item && !item.field)
    return value === undefined ? '(no longer on the server)' : '(the changes made here)';
  if (value === undefined) return '(not set)';
  if (value === null || value === '') return '(empty)';
  const kind = (item ? item.row?.kind : rowOf(scope, bodySegments(path))?.kind) ?? 'text';
  if (kind === 'yesNo' && typeof value === 'boolean') return value ? 'Yes' : 'No';
  // The field alone does not say the amount's currency (a supplier's invoice may be in dollars of another
  // country): two decimals, no symbol claiming one.
  if (kind === 'money' && typeof value === 'number') return moneyText(value, null);
  // A date-time of the server (midnight UTC) and a calendar date the form sends read as the same day.
  if (kind === 'date' && typeof value === 'string')
    return dayText(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}
