/**
 * Accessors of the small searches: loyalty history, survey segments, supplier return reasons and
 * standard and fixed price groups. Shipment types have no grammar fields: search
 * them with `op: null` and `shipmentTypeAccessors`.
 */
import type {
  FixedPriceGroup,
  LoyaltyHistoryEntry,
  StandardPriceGroup,
  SupplierReturnReason,
  SurveySegmentGroup,
} from '../../../src/api/resources';
import type { AccessorTable } from '../engine';
import { byName } from '../values';
import type { CompleteAccessors } from './shared';

/**
 * An entry comes from a sale (order_item) or a manual adjustment (adjustment_reason); the other side's
 * fields are null. Ordering by adjustment_reason orders by the reason's name.
 */
export const loyaltyHistoryAccessors: CompleteAccessors<'searchLoyaltyHistory', LoyaltyHistoryEntry> = {
  id: (entry) => entry.id,
  created_on: (entry) => entry.created_on,
  order_id: (entry) => entry.order_item?.order_id ?? null,
  order_number: (entry) => entry.order_item?.order_number ?? null,
  product_id: (entry) => entry.order_item?.product_id ?? null,
  supplier_sku: (entry) => entry.order_item?.supplier_sku ?? null,
  adjustment_reason_id: (entry) => entry.adjustment_reason?.id ?? null,
  adjustment_reason: (entry) => byName(entry.adjustment_reason),
  loyalty_points_delta: (entry) => entry.loyalty_points_delta,
  loyalty_points_available: (entry) => entry.loyalty_points_available,
  ratio: (entry) => entry.ratio,
};

export const surveySegmentAccessors: CompleteAccessors<'searchSurveySegments', SurveySegmentGroup> = {
  id: (group) => group.id,
  active: (group) => group.active,
  name: (group) => group.name,
};

export const returnReasonAccessors: CompleteAccessors<'searchSupplierReturnReasons', SupplierReturnReason> = {
  id: (reason) => reason.id,
  name: (reason) => reason.name,
  created_on: (reason) => reason.created_on,
  modified_on: (reason) => reason.modified_on,
};

/** Standard and fixed price groups share one shape and one order list (id, name, modified_on). */
export const priceGroupAccessors: CompleteAccessors<
  'searchStandardPriceGroups' | 'searchFixedPriceGroups',
  StandardPriceGroup | FixedPriceGroup
> = {
  id: (group) => group.id,
  name: (group) => group.name,
  modified_on: (group) => group.modified_on,
};

/** Shipment types take only `name` and paging (GET /shipmenttypes): no grammar field, so no accessor. */
export const shipmentTypeAccessors: AccessorTable<unknown> = {};
