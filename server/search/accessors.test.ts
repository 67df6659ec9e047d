/**
 * Accessor coverage: every filter, order and select field of every search operation in SEARCH_FIELDS has an
 * accessor (and nothing else does), and every accessor reads a defined value from a sample record, so a
 * mistyped path shows up as undefined here rather than as a silently empty search.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS, type SearchOperationId } from '../../src/api/query';
import { searchPage, type AccessorTable } from './engine';
import {
  creditNoteAccessors,
  creditNoteItemAccessors,
  customerAccessors,
  loyaltyHistoryAccessors,
  priceGroupAccessors,
  purchaseOrderAccessors,
  purchaseOrderItemAccessors,
  purchaseOrderItemRows,
  returnReasonAccessors,
  shipmentTypeAccessors,
  supplierInvoiceAccessors,
  supplierReturnItemAccessors,
  surveySegmentAccessors,
} from './index';
import { sampleState } from './testState';
import { isRef } from './values';

const state = sampleState();
const first = <T>(map: Map<number, T>): T => map.values().next().value as T;
const order = first(state.purchaseOrders);

/** Per operation: its accessor table and one sample row from the sample state. */
const CASES: { [Op in SearchOperationId]: { accessors: AccessorTable<never>; sample: unknown } } = {
  searchCustomers: { accessors: customerAccessors(state), sample: first(state.customers) },
  searchLoyaltyHistory: { accessors: loyaltyHistoryAccessors, sample: state.loyaltyHistory.get(2001)![0] },
  searchSurveySegments: { accessors: surveySegmentAccessors, sample: first(state.surveySegments) },
  searchSupplierReturnReasons: { accessors: returnReasonAccessors, sample: first(state.returnReasons) },
  searchShipmentTypes: { accessors: shipmentTypeAccessors, sample: first(state.shipmentTypes) },
  searchPurchaseOrders: { accessors: purchaseOrderAccessors, sample: order },
  searchPurchaseOrderItems: {
    accessors: purchaseOrderItemAccessors(state),
    sample: purchaseOrderItemRows(order)[0],
  },
  searchSupplierInvoices: {
    accessors: supplierInvoiceAccessors(state),
    sample: first(state.supplierInvoices),
  },
  searchSupplierReturnItems: {
    accessors: supplierReturnItemAccessors(state),
    sample: first(state.supplierReturnItems),
  },
  searchCreditNotes: { accessors: creditNoteAccessors, sample: first(state.creditNotes) },
  searchCreditNoteItems: { accessors: creditNoteItemAccessors(state), sample: first(state.creditNoteItems) },
  searchStandardPriceGroups: { accessors: priceGroupAccessors, sample: first(state.standardPriceGroups) },
  searchFixedPriceGroups: { accessors: priceGroupAccessors, sample: first(state.fixedPriceGroups) },
};

const OPS = Object.keys(SEARCH_FIELDS) as SearchOperationId[];

function fieldNames(op: SearchOperationId): string[] {
  const { filter, order: orderFields, select } = SEARCH_FIELDS[op];
  return [...new Set([...Object.keys(filter), ...orderFields, ...select])].sort();
}

const isKeyed = (op: SearchOperationId, field: string) =>
  (SEARCH_FIELDS[op].filter as Record<string, { keyed?: boolean }>)[field]?.keyed === true;

const isSearchValue = (value: unknown): boolean =>
  value === null ||
  isRef(value) ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isSearchValue));

describe.each(OPS)('%s accessors', (op) => {
  const { accessors, sample } = CASES[op];

  it('cover exactly the filter, order and select fields', () => {
    expect(Object.keys(accessors).sort()).toEqual(fieldNames(op));
  });

  it('read a value (possibly null, never undefined) from a sample record', () => {
    expect(sample).toBeDefined();
    for (const field of fieldNames(op)) {
      const value = (accessors[field] as (row: unknown, key: string | undefined) => unknown)(
        sample,
        isKeyed(op, field) ? '1' : undefined,
      );
      expect(isSearchValue(value), `${op}.${field} returned ${String(value)}`).toBe(true);
    }
  });

  it('order by every order field in both directions', () => {
    for (const field of SEARCH_FIELDS[op].order) {
      const name = isKeyed(op, field) ? `${field}:1` : field;
      for (const direction of ['asc', 'desc']) {
        const page = searchPage(
          [sample, sample] as never[],
          { order_by: `${name} ${direction}` },
          {
            op,
            accessors,
            idOf: () => 1,
            view: () => 'v',
          },
        );
        expect(page.total_records).toBe(2);
      }
    }
  });
});
