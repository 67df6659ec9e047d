/**
 * Customer create and update bodies (POST /customers, PUT /customers/{id}) and the delivery address update
 * body (PUT /customers/{id}/deliveryaddresses/{address_id}).
 * Requests send the business number as `abn`; the returned record calls it `acn`, and `acn` in a request is
 * rejected with a message that says so. `website` is the field the API prints as "the service".
 * Server-computed fields (id, created_on, modified_on, total_payments, total_transactions,
 * account_customer.credit_remaining) and survey_responses (answered elsewhere) are not accepted.
 */
import { z } from 'zod';
import { calendarDate, int32 } from '../primitives';
import {
  addressOf,
  nonNegativeAmount,
  nullableText,
  optionalRef,
  refList,
  rejectSecondTrue,
  shapeOf,
} from './shared';

/** The address lines customer addresses add to the shared ones; their country is a plain string. */
const customerAddressShape = addressOf(nullableText()).extend({ address_line2: nullableText() }).shape;

/** billing_address: the customer's lines (../resources/customer.ts), all optional (partial edits). */
export const BillingAddressSchema = z.strictObject(customerAddressShape);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/**
 * Delivery address update body: the delivery address (../resources/customer.ts) without id and modified_on
 * (the id is in the path, modified_on is the server's). A PUT is partial: every field optional, omitted
 * fields unchanged, null clears a text field.
 */
export const DeliveryAddressUpdateSchema = z.strictObject({
  ...customerAddressShape,
  ...shapeOf(
    ['first_name', 'last_name', 'company', 'country_code', 'phone', 'mobile'] as const,
    nullableText,
  ),
  default: z.boolean().nullish(),
});
export type DeliveryAddressUpdate = z.infer<typeof DeliveryAddressUpdateSchema>;

/** Text fields of the customer, all "string, nullable"; abn replaces the response's acn. */
const TEXT_KEYS = [
  'customer_number',
  'first_name',
  'last_name',
  'company',
  'email',
  'phone',
  'mobile',
  'fax',
  'website',
  'custom_reference',
  'abn',
] as const;

/** A strict object whose unknown-key message points the caller from acn to abn. */
const customerObject = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' && issue.keys.includes('acn')
        ? `Unrecognized key(s): ${issue.keys.join(', ')}; requests send the business number as abn, not acn`
        : undefined,
  });

/**
 * The customer fields a request may carry, all optional. email has no format in the API and is not
 * checked here (records may hold legacy values). date_of_birth is a calendar date: it has no time of day.
 * account_customer.payment_terms is a whole number of days and credit_limit an amount, neither negative.
 * At most one delivery address may be the default.
 */
const customerShape = {
  ...shapeOf(TEXT_KEYS, nullableText),
  date_of_birth: calendarDate().nullish(),
  date_of_birth_withheld: z.boolean().optional(),
  customer_type: optionalRef(),
  home_outlet: optionalRef(),
  billing_address: BillingAddressSchema.optional(),
  delivery_addresses: z
    .array(DeliveryAddressUpdateSchema)
    .superRefine((addresses, ctx) => rejectSecondTrue(addresses, 'default', ctx))
    .optional(),
  marketing: z
    .strictObject(
      shapeOf(['receive_email', 'receive_post', 'receive_sms'] as const, () => z.boolean().optional()),
    )
    .optional(),
  price_groups: refList().optional(),
  loyalty_program: z
    .strictObject(shapeOf(['enabled', 'auto_price_group'] as const, () => z.boolean().optional()))
    .optional(),
  account_customer: z
    .strictObject({
      enabled: z.boolean().optional(),
      payment_terms: int32().min(0).optional(),
      credit_limit: nonNegativeAmount().optional(),
      credit_blocked: z.boolean().optional(),
    })
    .optional(),
  sales_channels: refList().optional(),
  export_to_web: z.boolean().optional(),
};

const hasText = (value: string | null | undefined) => value != null && value.trim() !== '';

/**
 * Create: a customer must be findable by a name, so at least one of first_name, last_name or company is a
 * non-blank string (issue on first_name). Nothing else is required; the server assigns customer_number
 * when it is not sent.
 */
export const CustomerCreateSchema = customerObject(customerShape).refine(
  (customer) => hasText(customer.first_name) || hasText(customer.last_name) || hasText(customer.company),
  { message: 'A customer needs a first_name, last_name or company', path: ['first_name'] },
);
export type CustomerCreate = z.infer<typeof CustomerCreateSchema>;

/** Update (PUT): partial. Every field optional, omitted fields unchanged, null clears a text field. */
export const CustomerUpdateSchema = customerObject(customerShape);
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;
