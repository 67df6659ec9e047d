import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS, type SearchOperationId } from './searchFields';

const ops = Object.keys(SEARCH_FIELDS) as SearchOperationId[];
const filterNames = (op: SearchOperationId) => Object.keys(SEARCH_FIELDS[op].filter);
const users = (...prefixes: string[]) =>
  prefixes.flatMap((p) => [`${p}_id`, `${p}_first_name`, `${p}_surname`]);

describe('SEARCH_FIELDS: the fields each search operation of the API takes', () => {
  it('has exactly the operations the app searches with', () => {
    expect([...ops].sort()).toEqual(
      [
        'searchCustomers',
        'searchLoyaltyHistory',
        'searchSurveySegments',
        'searchSupplierReturnReasons',
        'searchShipmentTypes',
        'searchPurchaseOrders',
        'searchPurchaseOrderItems',
        'searchSupplierInvoices',
        'searchSupplierReturnItems',
        'searchCreditNotes',
        'searchCreditNoteItems',
        'searchStandardPriceGroups',
        'searchFixedPriceGroups',
      ].sort(),
    );
  });

  it('purchase order filter: exactly the 13 fields the API lists', () => {
    expect(filterNames('searchPurchaseOrders')).toEqual([
      'id',
      'external_purchase_order_id',
      'reference_purchase_order_id',
      'status',
      'outlet',
      'supplier',
      'eta',
      'created_on',
      'modified_on',
      'product_id',
      ...users('created_by'),
    ]);
  });

  it('purchase order order_by: exactly the 10 fields the API lists, the filter fields but three ids', () => {
    const notOrdered = ['external_purchase_order_id', 'reference_purchase_order_id', 'product_id'];
    const order = SEARCH_FIELDS.searchPurchaseOrders.order;
    expect(order).toHaveLength(10);
    expect(order).toEqual(filterNames('searchPurchaseOrders').filter((f) => !notOrdered.includes(f)));
  });

  it('purchase order item: 49 filter fields, order without supplier_id/supplier_buy_ex, exact select', () => {
    const items = SEARCH_FIELDS.searchPurchaseOrderItems;
    expect(filterNames('searchPurchaseOrderItems')).toHaveLength(49);
    expect(items.filter.attribute).toEqual({ type: 'string', nullable: true, keyed: true });
    expect(filterNames('searchPurchaseOrderItems')).not.toContain('attribute:<id>');
    expect(items.order).toEqual(
      filterNames('searchPurchaseOrderItems').filter((f) => f !== 'supplier_id' && f !== 'supplier_buy_ex'),
    );
    expect(items.select).toEqual([
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
    ]);
  });

  it('customer: 53 fields, website for "the service", keyed sales_channel and survey, order = filter', () => {
    const customers = SEARCH_FIELDS.searchCustomers;
    expect(filterNames('searchCustomers')).toHaveLength(53);
    expect(customers.filter.website).toEqual({ type: 'string', nullable: true });
    expect(filterNames('searchCustomers')).not.toContain('the service');
    expect(customers.filter.sales_channel).toEqual({ type: 'boolean', nullable: false, keyed: true });
    expect(customers.filter.survey.keyed).toBe(true);
    expect(customers.filter.date_of_birth.type).toBe('string');
    expect(customers.filter.created_on).toEqual({ type: 'date', nullable: false });
    expect(customers.order).toEqual(filterNames('searchCustomers'));
  });

  it('supplier invoice: expanded user and cost families; order drops the purchase_order_* fields', () => {
    const invoices = SEARCH_FIELDS.searchSupplierInvoices;
    const names = filterNames('searchSupplierInvoices');
    for (const name of [...users('created_by', 'modified_by', 'finalised_by')]) expect(names).toContain(name);
    for (const cost of ['freight', 'duty', 'misc']) {
      for (const suffix of ['total_ex', 'includes_tax', 'total_tax', 'total_inc']) {
        expect(names).toContain(`${cost}_${suffix}`);
      }
    }
    expect(invoices.filter.finalised_by_surname).toEqual({ type: 'string', nullable: true });
    expect(invoices.filter.duty_total_inc).toEqual({ type: 'number', nullable: true });
    expect(invoices.filter.misc_includes_tax.type).toBe('boolean');
    expect(names).toHaveLength(35);
    expect(invoices.order).not.toContain('purchase_order_supplier');
    expect(invoices.order).not.toContain('purchase_order_id');
    expect(invoices.order).toEqual(names.filter((n) => !n.startsWith('purchase_order_')));
  });

  it('loyalty history, survey segments, credit notes', () => {
    expect(filterNames('searchLoyaltyHistory')).toEqual([
      'created_on',
      'order_id',
      'order_number',
      'product_id',
      'supplier_sku',
      'adjustment_reason_id',
      'loyalty_points_delta',
      'loyalty_points_available',
      'ratio',
    ]);
    expect(SEARCH_FIELDS.searchLoyaltyHistory.order).toEqual([
      'id',
      'created_on',
      'order_id',
      'product_id',
      'adjustment_reason',
      'loyalty_points_delta',
    ]);
    expect(filterNames('searchSurveySegments')).toEqual(['id', 'active', 'name']);
    expect(SEARCH_FIELDS.searchSurveySegments.order).toEqual(['id', 'active', 'name']);
    expect(filterNames('searchCreditNotes')).toHaveLength(18);
    expect(SEARCH_FIELDS.searchCreditNotes.order).toEqual(filterNames('searchCreditNotes'));
    expect(SEARCH_FIELDS.searchCreditNotes.filter.supplier_credited_on).toEqual({
      type: 'date',
      nullable: true,
    });
  });

  it('order-only and empty operations', () => {
    expect(SEARCH_FIELDS.searchSupplierReturnReasons).toEqual({
      filter: {},
      order: ['id', 'name', 'created_on', 'modified_on'],
      select: ['id'],
    });
    expect(SEARCH_FIELDS.searchShipmentTypes).toEqual({ filter: {}, order: [], select: [] });
    const returnItems = SEARCH_FIELDS.searchSupplierReturnItems;
    expect(returnItems.filter).toEqual({});
    expect(returnItems.select).toEqual(['id']);
    expect(returnItems.order).toHaveLength(31);
    expect(returnItems.order).toContain('total_claim_amount_tax');
    expect(returnItems.order.slice(-6)).toEqual(users('created_by', 'modified_by'));
    expect(SEARCH_FIELDS.searchCreditNoteItems.order).toHaveLength(23);
    expect(SEARCH_FIELDS.searchCreditNoteItems.filter).toEqual({});
    for (const op of ['searchStandardPriceGroups', 'searchFixedPriceGroups'] as const) {
      expect(SEARCH_FIELDS[op]).toEqual({ filter: {}, order: ['id', 'name', 'modified_on'], select: [] });
    }
  });

  it.each(ops)('%s: plain, unique field names', (op) => {
    const { filter, order, select } = SEARCH_FIELDS[op];
    for (const list of [Object.keys(filter), order, select]) {
      expect(new Set(list).size).toBe(list.length);
      for (const name of list) expect(name).toMatch(/^[a-z0-9_]+$/);
    }
  });
});
