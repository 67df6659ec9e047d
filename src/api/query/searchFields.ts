/**
 * Per search operation: the fields the API lets filter_by, order_by and select name (grammar rules in
 * ./index.ts), each filter field typed from the resource it reads (../resources).
 *
 * How types and nullability are decided where the API does not state them:
 * - A field that is a resource field with an explicit type takes that type and its "nullable" marker
 *   (the API marks nullable fields; an unmarked field is not nullable).
 * - An object reference filtered by itself (`status`, `outlet`, `supplier`, `product_type`) is a string
 *   matched on its name: PO statuses are named values (Incomplete, OnOrder…; ../enums.ts), so
 *   `status:eq:OnOrder`. The API does not say name or id; a string type lets an id through too, so we never
 *   reject a query the server might accept (only lt/lte/gt/gte are lost).
 * - Child fields of nested objects and derived fields whose nullability the API never states are
 *   nullable: a client-side check must not reject a valid `isnull`; the server has the final word.
 *   The API's product (../resources/product.ts) marks no field nullable, not even the obviously optional
 *   `promotional_price_expiry`, so we read it as "not stated" rather than "never null".
 * - Exceptions, always present: a record's own id, created_on/modified_on, and the ids of the users that
 *   created and last modified a record. User names are nullable, as `userRef` in ../primitives.ts.
 */
import { bool, date, int, keyed, num, str, type FieldSpec, type SearchFields } from './fields';

/** `expand('freight', {total_ex: …})` → `{freight_total_ex: …}`: the API's `prefix_*` field families. */
function expand<P extends string, T extends Record<string, FieldSpec>>(
  prefix: P,
  suffixes: T,
): { [S in keyof T & string as `${P}_${S}`]: T[S] } {
  const entries = Object.entries(suffixes).map(([suffix, spec]) => [`${prefix}_${suffix}`, spec]);
  return Object.fromEntries(entries) as { [S in keyof T & string as `${P}_${S}`]: T[S] };
}

/** The field names of a table, keeping their literal types. */
function keysOf<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}

function without<T extends string, X extends T>(list: readonly T[], ...drop: X[]): Exclude<T, X>[] {
  return list.filter((name): name is Exclude<T, X> => !(drop as readonly string[]).includes(name));
}

/** created_by_* / modified_by_*: (id, first_name, surname) of a user every record has. */
const USER = { id: int(false), first_name: str(true), surname: str(true) } as const;
/** finalised_by_*: only a finalised record has one, so the id may be null too. */
const OPTIONAL_USER = { id: int(true), first_name: str(true), surname: str(true) } as const;
/**
 * Supplier invoice direct costs (create body, POST /supplierinvoices: `{includes_tax boolean, total_ex
 * number}`). The API lists duty without includes_tax in the body but its filter fields name the same four for
 * all three.
 */
const COST = {
  total_ex: num(true),
  includes_tax: bool(true),
  total_tax: num(true),
  total_inc: num(true),
} as const;

const audit = { ...expand('created_by', USER), ...expand('modified_by', USER) };

// GET /customers: filter_by and order_by take the same list. The API prints the field `website` as "the
// service"; `sales_channel:id` and `survey:id` are keyed fields.
const customerFilter = {
  id: int(false),
  customer_number: str(true),
  first_name: str(true),
  last_name: str(true),
  full_name: str(true), // derived from the nullable first and last names
  company: str(true),
  date_of_birth: str(true), // the customer has it as "string, nullable", not date-time
  date_of_birth_withheld: bool(false),
  customer_type_name: str(true),
  mobile: str(true),
  phone: str(true),
  email: str(true),
  acn: str(true),
  fax: str(true),
  website: str(true),
  account_customer_enabled: bool(false),
  account_customer_payment_terms: num(false),
  account_customer_credit_blocked: bool(false),
  account_customer_credit_limit: num(false),
  ...expand('billing_address', {
    line1: str(true),
    line2: str(true),
    suburb: str(true),
    state: str(true),
    postcode: str(true),
    country: str(true),
  }),
  // Delivery address fields are nullable (../resources/customer.ts), and a customer may have no delivery
  // address at all.
  ...expand('delivery', {
    first_name: str(true),
    last_name: str(true),
    company: str(true),
    address_line1: str(true),
    address_line2: str(true),
    suburb: str(true),
    state: str(true),
    postcode: str(true),
    country: str(true),
    phone: str(true),
    mobile: str(true),
  }),
  loyalty_program_enabled: bool(false),
  // Not in the customer record; typed after the loyalty history entry's doubles.
  ...expand('loyalty_points', {
    available: num(true),
    available_value: num(true),
    redeemed: num(true),
    to_date: num(true),
  }),
  receive_email: bool(false),
  receive_post: bool(false),
  receive_sms: bool(false),
  price_group_standard: str(true), // a customer may have no price group of either type
  price_group_fixed: str(true),
  home_outlet_name: str(true), // outlet names are nullable (../resources/outlet.ts)
  custom_reference: str(true),
  created_on: date(false),
  modified_on: date(false),
  export_to_web: bool(false),
  sales_channel: keyed(bool(false)), // membership: sales_channel:<id>:eq:true (grammar rules, ./index.ts)
  survey: keyed(str(true)), // the answer to survey question <id>; a customer may not have answered
} as const;

// Loyalty history entry: its order_item and adjustment_reason children are not shown; an entry has one or the
// other.
const loyaltyHistoryFilter = {
  created_on: date(false),
  order_id: int(true),
  order_number: str(true),
  product_id: int(true),
  supplier_sku: str(true),
  adjustment_reason_id: int(true),
  loyalty_points_delta: num(false),
  loyalty_points_available: num(false),
  ratio: num(true),
} as const;

// The API names only id, active and name for the survey segment group record; their types are not shown.
const surveySegmentFilter = { id: int(false), active: bool(true), name: str(true) } as const;

// GET /purchaseorders over the purchase order (../resources/purchaseOrder.ts). The API marks the
// purchase order id and created_on nullable; we follow it.
const purchaseOrderFilter = {
  id: int(true),
  external_purchase_order_id: str(true),
  reference_purchase_order_id: int(true),
  status: str(false),
  outlet: str(false),
  supplier: str(false),
  eta: date(true),
  created_on: date(true),
  modified_on: date(false),
  product_id: int(false), // "has an item for this product": not a field of the order itself
  ...expand('created_by', USER),
} as const;

// GET /purchaseorders/{id}/purchaseorderitems over the item and its product (../resources/product.ts).
// `attribute` and `attribute:<id>` are one keyed field; the grammar's example `attribute:<id>:isnotnull`
// (./index.ts) shows it is nullable. Inventory and pricing children have no stated nullability.
const purchaseOrderItemFilter = {
  quantity_on_order: int(true),
  quantity_received: int(false),
  quantity_ordered: int(false),
  quantity_received_variance: int(true),
  quantity_cancelled: int(true),
  variance_reason_id: int(true), // only items with a variance have a reason
  po_item_id: int(true),
  product_id: int(false),
  supplier_sku: str(true),
  supplier_sku2: str(true),
  manufacturer_sku: str(true),
  short_description: str(true),
  length: num(true),
  breadth: num(true),
  depth: num(true),
  cubic: num(true),
  total_cubic: num(false),
  carton_quantity: str(true), // the product lists carton_quantity among its strings
  weight: num(true),
  total_weight: num(false),
  rrp_inc: num(true),
  sell_price_inc: num(true),
  product_type: str(true),
  size: str(true), // size, colour, brand, season match on the value name, as the API says
  colour: str(true),
  brand: str(true),
  season: str(true),
  custom1: str(true),
  custom2: str(true),
  custom3: str(true),
  gross_profit: num(false),
  mark_up: num(false),
  quantity_available: int(true),
  quantity_special_order: int(false),
  quantity_remaining: int(true),
  supplier_buy_ex: num(true),
  total_supplier_buy_ex: num(false),
  attribute: keyed(str(true)),
  supplier_id: int(true),
  supplier_code: str(true),
  supplier_name: str(true),
  msl: int(true),
  modified_on: date(true),
  created_on: date(true),
  pricing_sell_price_inc: num(true),
  pricing_promotional_price_inc: num(true),
  pricing_promotional_price_start: date(true),
  pricing_promotional_price_end: date(true),
  is_linked_to_transfer: bool(false),
} as const;

// GET /supplierinvoices over the supplier invoice (../resources/supplierInvoice.ts). The returned invoice's
// types are not shown: numbers and flags are typed after the request body, nullability is permissive (see the
// top of this file). The order list is this list without the two purchase_order_* fields, so the table is
// written in the API's order.
const supplierInvoiceFilter = {
  id: int(false),
  supplier_invoice_number: str(true),
  created_on: date(false),
  ...expand('created_by', USER),
  modified_on: date(false),
  ...expand('modified_by', USER),
  finalised_on: date(true), // only a finalised invoice has one
  ...expand('finalised_by', OPTIONAL_USER),
  status: str(true),
  total_buy_price_ex: num(true),
  distribute_costs_by: str(true),
  ...expand('freight', COST),
  ...expand('duty', COST),
  ...expand('misc', COST),
  purchase_order_supplier: str(true), // taken from the receipts, which may be empty
  purchase_order_id: int(true),
  total_tax: num(true),
  total_buy_price_inc: num(true),
  total_applied_buy_price_ex: num(true),
  supplier_invoiced_on: date(true),
} as const;

// GET /creditnotes over the credit note (../resources/creditNote.ts): filter and order take the same
// list. The API marks id nullable; we follow it.
const creditNoteFilter = {
  id: int(true),
  supplier_return_id: int(true),
  supplier: str(false),
  outlet: str(false),
  supplier_reference: str(true),
  total_credit_quantity: int(false),
  total_credit_amount_ex: num(false),
  total_credit_amount_tax: num(false),
  total_credit_amount_inc: num(false),
  created_on: date(false),
  modified_on: date(false),
  ...audit,
  supplier_credited_on: date(true),
} as const;

const NONE = [] as const;

/**
 * Price groups: GET /pricegroups/standard and /pricegroups/fixed say only "order_by (field name)". Fixed
 * groups have id, name, modified_on (../resources/priceGroup.ts);
 * standard groups' fields are not shown, so we assume the same three.
 */
const PRICE_GROUP_ORDER = ['id', 'name', 'modified_on'] as const;

export const SEARCH_FIELDS = {
  searchCustomers: { filter: customerFilter, order: keysOf(customerFilter), select: NONE },
  searchLoyaltyHistory: {
    filter: loyaltyHistoryFilter,
    order: ['id', 'created_on', 'order_id', 'product_id', 'adjustment_reason', 'loyalty_points_delta'],
    select: NONE,
  },
  searchSurveySegments: { filter: surveySegmentFilter, order: ['id', 'active', 'name'], select: NONE },
  searchSupplierReturnReasons: {
    filter: {},
    order: ['id', 'name', 'created_on', 'modified_on'],
    select: ['id'],
  },
  // GET /shipmenttypes: `name` is a plain query parameter, not a filter_by field.
  searchShipmentTypes: { filter: {}, order: NONE, select: NONE },
  searchPurchaseOrders: {
    filter: purchaseOrderFilter,
    order: without(
      keysOf(purchaseOrderFilter),
      'external_purchase_order_id',
      'reference_purchase_order_id',
      'product_id',
    ),
    select: NONE,
  },
  searchPurchaseOrderItems: {
    filter: purchaseOrderItemFilter,
    order: without(keysOf(purchaseOrderItemFilter), 'supplier_id', 'supplier_buy_ex'),
    select: [
      'id',
      'po_id',
      'quantity_remaining',
      'quantity_ordered',
      'quantity_received',
      'quantity_cancelled',
      'quantity_special_order',
      'quantity_back_order',
      'quantity_received_variance',
      'supplier_buy_ex',
      'product_id',
      'product_supplier_buy_ex',
    ],
  },
  searchSupplierInvoices: {
    filter: supplierInvoiceFilter,
    order: without(keysOf(supplierInvoiceFilter), 'purchase_order_supplier', 'purchase_order_id'),
    select: NONE,
  },
  // The supplier return's "Item search order and filter-free fields": order_by only (GET
  // /supplierreturns/{id}/supplierreturnitems lists no filter_by).
  searchSupplierReturnItems: {
    filter: {},
    order: [
      'id',
      'product_id',
      'size',
      'colour',
      'supplier_sku',
      'manufacturer_sku',
      'supplier_sku2',
      'short_description',
      'supplier_return_reason',
      'return_quantity',
      'original_buy_ex',
      'total_original_buy_ex',
      'supplier_return_item_status',
      'supplier_return_item_source',
      'original_supplier_invoice',
      'total_claim_amount_ex',
      'total_claim_amount_tax',
      'total_claim_amount_inc',
      'claim_amount_ex',
      'credit_note_id',
      'credit_note_item_id',
      'credit_amount_ex',
      'supplier_return_item_notes',
      'total_credit_amount_ex',
      'total_credit_amount_inc',
      ...keysOf(audit),
    ],
    select: ['id'],
  },
  searchCreditNotes: { filter: creditNoteFilter, order: keysOf(creditNoteFilter), select: NONE },
  searchCreditNoteItems: {
    filter: {},
    order: [
      'id',
      'credit_note_id',
      'supplier_return_item_id',
      'product_id',
      'supplier_sku',
      'manufacturer_sku',
      'supplier_sku2',
      'short_description',
      'size',
      'colour',
      'credit_quantity',
      'credit_amount_ex',
      'total_credit_amount_ex',
      'total_credit_amount_tax',
      'total_credit_amount_inc',
      'created_on',
      'modified_on',
      ...keysOf(audit),
    ],
    select: NONE,
  },
  searchStandardPriceGroups: { filter: {}, order: PRICE_GROUP_ORDER, select: NONE },
  searchFixedPriceGroups: { filter: {}, order: PRICE_GROUP_ORDER, select: NONE },
} as const satisfies Record<string, SearchFields>;

export type SearchOperationId = keyof typeof SEARCH_FIELDS;

type Fields<O extends SearchOperationId> = (typeof SEARCH_FIELDS)[O];
/** The filterable field names of an operation. */
export type FilterField<O extends SearchOperationId> = keyof Fields<O>['filter'] & string;
/** The orderable field names of an operation. */
export type OrderField<O extends SearchOperationId> = Fields<O>['order'][number];
/** The selectable field names of an operation. */
export type SelectField<O extends SearchOperationId> = Fields<O>['select'][number];
