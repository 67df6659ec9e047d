/** The customer, its delivery address and loyalty history entry, and the survey segment group. */
import { z } from 'zod';
import { dateTime, double, int32, namedRef } from '../primitives';
import { postalAddress } from './shared';

export const PRICE_GROUP_TYPES = ['Standard', 'Fixed'] as const;

export const DeliveryAddressSchema = z.strictObject({
  id: int32(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  // address_line1, address_line2, suburb, state, postcode, country: the billing address's lines.
  ...postalAddress().shape,
  country_code: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  default: z.boolean().nullable(),
  modified_on: dateTime(),
});

export const CustomerSchema = z.strictObject({
  id: int32(),
  customer_number: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  // No email format here: the API gives customers' email as a plain string (only suppliers specify a format).
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  fax: z.string().nullable(),
  // The API prints this field as "the service"; its key is `website`.
  website: z.string().nullable(),
  custom_reference: z.string().nullable(),
  // Requests send the business number as `abn`; responses name it `acn`.
  acn: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  date_of_birth_withheld: z.boolean(),
  customer_type: namedRef(),
  home_outlet: namedRef(),
  // Child value types are not shown: nullable strings, as on the delivery address.
  billing_address: postalAddress(),
  delivery_addresses: z.array(DeliveryAddressSchema),
  marketing: z.strictObject({
    receive_email: z.boolean(),
    receive_post: z.boolean(),
    receive_sms: z.boolean(),
  }),
  price_groups: z.array(z.strictObject({ id: int32(), name: z.string(), type: z.enum(PRICE_GROUP_TYPES) })),
  loyalty_program: z.strictObject({ enabled: z.boolean(), auto_price_group: z.boolean() }),
  account_customer: z.strictObject({
    enabled: z.boolean(),
    payment_terms: double(),
    credit_limit: double(),
    credit_blocked: z.boolean(),
    credit_remaining: double(),
  }),
  // Not shown beyond {id, question, answer}: the answer is nullable because a question may be unanswered.
  survey_responses: z.array(
    z.strictObject({ id: int32(), question: z.string(), answer: z.string().nullable() }),
  ),
  sales_channels: z.array(z.strictObject({ id: int32() })),
  export_to_web: z.boolean(),
  total_payments: double().nullable(),
  total_transactions: int32().nullable(),
  created_on: dateTime(),
  modified_on: dateTime(),
});

export const LoyaltyHistoryEntrySchema = z.strictObject({
  id: int32(),
  created_on: dateTime(),
  // Child fields not shown: we keep those the loyalty filter names (order_id, order_number, product_id,
  // supplier_sku). Null when the entry is a manual adjustment rather than a sale.
  order_item: z
    .strictObject({
      order_id: int32(),
      order_number: z.string().nullable(),
      product_id: int32(),
      supplier_sku: z.string().nullable(),
    })
    .nullable(),
  // Child fields not shown: {id, name} (the filter uses adjustment_reason_id, the order uses adjustment_reason).
  // Null when the entry comes from a sale rather than an adjustment.
  adjustment_reason: namedRef().nullable(),
  loyalty_points_delta: double(),
  loyalty_points_available: double(),
  ratio: double().nullable(),
});

/** Fields not shown: only the three the survey segment search orders and filters by. */
export const SurveySegmentGroupSchema = z.strictObject({
  id: int32(),
  name: z.string().nullable(),
  active: z.boolean(),
});

export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;
export type Customer = z.infer<typeof CustomerSchema>;
export type LoyaltyHistoryEntry = z.infer<typeof LoyaltyHistoryEntrySchema>;
export type SurveySegmentGroup = z.infer<typeof SurveySegmentGroupSchema>;
