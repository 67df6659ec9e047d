/** The purchase order and the purchase order item. */
import { z } from 'zod';
import { dateTime, double, int32, int64, namedRef, price } from '../primitives';
import { ProductSchema } from './product';
import { auditUser, currencyRef, statusRef } from './shared';
import { LINKED_TRANSFER_UPDATE_VALUES, PURCHASE_ORDER_STATUSES } from '../enums';

export {
  PURCHASE_ORDER_STATUSES,
  LINKED_TRANSFER_UPDATE_VALUES,
  canChangeLinkedTransferUpdate,
  type PurchaseOrderStatus,
  type LinkedTransferUpdate,
} from '../enums';

export const PurchaseOrderItemSchema = z.strictObject({
  po_id: int32(),
  po_item_id: int32().nullable(),
  product: ProductSchema,
  pricing: z.strictObject({
    product_id: int32(),
    outlet_id: int32(),
    // The API bounds "sell price" in general (PRICE_MAX, ../primitives.ts), so the item's pricing copy gets
    // the product's bound too.
    sell_price_inc: price(),
    promotional_price_inc: double(),
    promotional_price_start: dateTime(),
    promotional_price_end: dateTime(),
    taxable: z.boolean(),
  }),
  quantity_ordered: int32(),
  quantity_special_order: int32(),
  quantity_back_order: int32(),
  quantity_received: int32(),
  quantity_received_variance: int32().nullable(),
  quantity_cancelled: int32().nullable(),
  quantity_remaining: int32().nullable(),
  variance_reason: namedRef(),
  // The inventory's value types are not shown; quantities and msl (minimum stock level) are int32 like the
  // item's own quantities.
  inventory: z.strictObject({
    outlet: namedRef(),
    quantity_available: int32(),
    quantity_on_order: int32(),
    msl: int32(),
  }),
  supplier_buy_ex: double().nullable(),
  total_weight: double(),
  total_cubic: double(),
  gross_profit: double(),
  mark_up: double(),
  total_supplier_buy_ex: double(),
  is_linked_to_transfer: z.boolean(),
  modified_on: dateTime().nullable(),
  created_on: dateTime().nullable(),
});

const nullableDate = () => dateTime().nullable();
const nullableText = () => z.string().nullable();

export const PurchaseOrderSchema = z.strictObject({
  id: int32().nullable(),
  external_purchase_order_id: nullableText(),
  reference_purchase_order_id: int32().nullable(),
  // The name is checked against the known statuses so an unexpected state fails loudly instead of being synced.
  status: statusRef(PURCHASE_ORDER_STATUSES),
  outlet: z.strictObject({ id: int32(), name: z.string().max(255) }),
  supplier: namedRef(),
  sailed: nullableDate(),
  deposit_due: nullableDate(),
  balance_due: nullableDate(),
  original_departure: nullableDate(),
  eta: nullableDate(),
  sent_on: nullableDate(),
  received_on: nullableDate(),
  created_on: nullableDate(),
  modified_on: dateTime(),
  supplier_comments: nullableText(),
  purchase_order_template: nullableText(),
  autoreplenishment_invoice_number: nullableText(),
  autoreplenishment_invoice_reference: nullableText(),
  container_number: nullableText(),
  deliver_to: nullableText(),
  shipping_terms: nullableText(),
  payment_terms: nullableText(),
  invoice_documents: nullableText(),
  packing_list_documents: nullableText(),
  packing_declaration_documents: nullableText(),
  fumes_documents: nullableText(),
  certificate_of_original_documents: nullableText(),
  bill_of_lading_documents: nullableText(),
  internal_comments: nullableText(),
  supplier_invoice_number: nullableText(),
  update_linked_transfers_on_receipt_to: z.enum(LINKED_TRANSFER_UPDATE_VALUES).nullable(),
  shipping_status: namedRef().nullable(),
  shipping_type: namedRef().nullable(),
  shipping_port: namedRef().nullable(),
  country_of_origin: namedRef().nullable(),
  fob_currency: currencyRef(),
  created_by: auditUser(),
  modified_by: auditUser(),
  deposit: double().nullable(),
  total_weight: double().nullable(),
  total_cubic: double().nullable(),
  total_supplier_buy_ex: double().nullable(),
  total_quantity_special_order: int64().nullable(),
  total_quantity_received: int64().nullable(),
  total_quantity_remaining: int64().nullable(),
  total_quantity_cancelled: int64().nullable(),
  total_quantity_ordered: int64().nullable(),
  total_quantity_linked_transfers: int32(),
  // Filled only with include_items; without it the server may send null or leave the key out, so both parse
  // (the only response field allowed to be absent). Absent and null both mean "not requested", never "no items".
  purchase_order_items: z.array(PurchaseOrderItemSchema).nullable().optional(),
});

export type PurchaseOrderItem = z.infer<typeof PurchaseOrderItemSchema>;
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;
