/**
 * Purchase order create body (POST /purchaseorders): the field names of the purchase order, references as
 * `{id}`, dates as calendar dates. Server-computed fields (id, created_on, modified_on, created_by, modified_by, every total_*) are not
 * part of the shape, so the strict object rejects them by name.
 */
import { z } from 'zod';
import { calendarDate, idRef, int32 } from '../primitives';
import { LINKED_TRANSFER_UPDATE_VALUES } from '../enums';
import { nonNegativeAmount, nullableText, optionalRef, quantity, shapeOf } from './shared';

/**
 * One line. product and quantity_ordered are required: a line is "so many of this product", and ordering
 * zero of something is not an order (quantity_ordered >= 1). supplier_buy_ex is optional (nullable in the
 * purchase order item): when absent the server prices the line from the product's supplier buy price.
 * quantity_received is optional and never negative; it may exceed the ordered quantity, because over-delivery
 * is recorded as a variance, not refused.
 */
export const PurchaseOrderItemCreateSchema = z.strictObject({
  product: idRef(),
  quantity_ordered: int32().min(1),
  supplier_buy_ex: nonNegativeAmount().nullish(),
  quantity_received: quantity().optional(),
});
export type PurchaseOrderItemCreate = z.infer<typeof PurchaseOrderItemCreateSchema>;

/** The calendar-date fields of the purchase order (created_on is server-set and is not accepted). */
export const PURCHASE_ORDER_DATE_KEYS = [
  'sailed',
  'deposit_due',
  'balance_due',
  'original_departure',
  'eta',
  'sent_on',
  'received_on',
] as const;

/**
 * The text fields of the purchase order, all "string, nullable" (a new order's cached row starts them all
 * null).
 */
export const PURCHASE_ORDER_TEXT_KEYS = [
  'supplier_comments',
  'purchase_order_template',
  'autoreplenishment_invoice_number',
  'autoreplenishment_invoice_reference',
  'container_number',
  'deliver_to',
  'shipping_terms',
  'payment_terms',
  'invoice_documents',
  'packing_list_documents',
  'packing_declaration_documents',
  'fumes_documents',
  'certificate_of_original_documents',
  'bill_of_lading_documents',
  'internal_comments',
  'supplier_invoice_number',
] as const;

/**
 * The references the purchase order marks nullable; status, outlet, supplier and fob_currency are not
 * nullable there.
 */
const NULLABLE_REF_KEYS = ['shipping_status', 'shipping_type', 'shipping_port', 'country_of_origin'] as const;

/**
 * Required: supplier and outlet, because a purchase order is "buy from this supplier for this outlet" and
 * neither can be defaulted. Everything else is optional: status defaults server-side to Incomplete, and a
 * purchase order may be raised without lines (an Incomplete draft).
 * external_purchase_order_id is optional for other clients but never empty: the sync engine sends a
 * client-generated one as its idempotency key, and an empty key identifies nothing.
 * update_linked_transfers_on_receipt_to may only change while the status is Incomplete, OnOrder or
 * ReceivingInProgress; the body names its status by id only, so that rule is the server's to enforce.
 * deposit is money paid up front and cannot be negative.
 */
export const PurchaseOrderCreateSchema = z.strictObject({
  external_purchase_order_id: z.string().min(1).nullish(),
  reference_purchase_order_id: int32().nullish(),
  status: optionalRef(),
  outlet: idRef(),
  supplier: idRef(),
  ...shapeOf(NULLABLE_REF_KEYS, () => idRef().nullish()),
  fob_currency: optionalRef(),
  ...shapeOf(PURCHASE_ORDER_DATE_KEYS, () => calendarDate().nullish()),
  ...shapeOf(PURCHASE_ORDER_TEXT_KEYS, nullableText),
  update_linked_transfers_on_receipt_to: z.enum(LINKED_TRANSFER_UPDATE_VALUES).nullish(),
  deposit: nonNegativeAmount().nullish(),
  purchase_order_items: z.array(PurchaseOrderItemCreateSchema).nullish(),
});
export type PurchaseOrderCreate = z.infer<typeof PurchaseOrderCreateSchema>;
