/**
 * For the accessor tests: every search operation's accessor table over a state, with the records it
 * searches, and what a search value may be. One table, so the sample-state and generated-state tests cover
 * the same operations with the same accessors. Only tests import this file.
 */
import type { SearchOperationId } from '../../src/api/query';
import type { SimState } from '../state';
import type { AccessorTable } from './engine';
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
import { isRef } from './values';

export type SearchCases = { [Op in SearchOperationId]: { accessors: AccessorTable<never>; rows: unknown[] } };

/** Per operation: its accessor table and the rows it searches, in the state's order. */
export function searchCases(state: SimState): SearchCases {
  const all = <T>(map: Map<number, T>): T[] => [...map.values()];
  return {
    searchCustomers: { accessors: customerAccessors(state), rows: all(state.customers) },
    searchLoyaltyHistory: { accessors: loyaltyHistoryAccessors, rows: all(state.loyaltyHistory).flat() },
    searchSurveySegments: { accessors: surveySegmentAccessors, rows: all(state.surveySegments) },
    searchSupplierReturnReasons: { accessors: returnReasonAccessors, rows: all(state.returnReasons) },
    searchShipmentTypes: { accessors: shipmentTypeAccessors, rows: all(state.shipmentTypes) },
    searchPurchaseOrders: { accessors: purchaseOrderAccessors, rows: all(state.purchaseOrders) },
    searchPurchaseOrderItems: {
      accessors: purchaseOrderItemAccessors(state),
      rows: all(state.purchaseOrders).flatMap(purchaseOrderItemRows),
    },
    searchSupplierInvoices: { accessors: supplierInvoiceAccessors(state), rows: all(state.supplierInvoices) },
    searchSupplierReturnItems: {
      accessors: supplierReturnItemAccessors(state),
      rows: all(state.supplierReturnItems),
    },
    searchCreditNotes: { accessors: creditNoteAccessors, rows: all(state.creditNotes) },
    searchCreditNoteItems: { accessors: creditNoteItemAccessors(state), rows: all(state.creditNoteItems) },
    searchStandardPriceGroups: { accessors: priceGroupAccessors, rows: all(state.standardPriceGroups) },
    searchFixedPriceGroups: { accessors: priceGroupAccessors, rows: all(state.fixedPriceGroups) },
  };
}

/** What an accessor may answer: null, a reference, a scalar, or an array of those. */
export const isSearchValue = (value: unknown): boolean =>
  value === null ||
  isRef(value) ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isSearchValue));
