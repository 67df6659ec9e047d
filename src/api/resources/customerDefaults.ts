/**
 * What a customer and a delivery address hold before a create's body is applied: every line empty, every
 * flag off, every total zero. One home for both sides that build them: the simulator when it creates a
 * customer (server/domain/parties), and the client when it shows a customer made offline before the server
 * has answered (src/db/customers/customerEdits.ts), so the two can never start from different records.
 */
import type { Customer, DeliveryAddress } from './customer';

/** The lines a billing address and a delivery address share, all empty. */
const EMPTY_ADDRESS_LINES: Customer['billing_address'] = {
  address_line1: null,
  address_line2: null,
  suburb: null,
  state: null,
  postcode: null,
  country: null,
};

/** A delivery address's lines, all empty (its id, default flag and time are the caller's). */
export const EMPTY_DELIVERY_ADDRESS: Omit<DeliveryAddress, 'id' | 'default' | 'modified_on'> = {
  first_name: null,
  last_name: null,
  company: null,
  ...EMPTY_ADDRESS_LINES,
  country_code: null,
  phone: null,
  mobile: null,
};

/** An empty customer; its type and home outlet are the caller's to choose (none here: id 0). */
export function emptyCustomer(id: number, now: string): Customer {
  return {
    id,
    customer_number: null,
    first_name: null,
    last_name: null,
    company: null,
    email: null,
    phone: null,
    mobile: null,
    fax: null,
    website: null,
    custom_reference: null,
    acn: null,
    date_of_birth: null,
    date_of_birth_withheld: false,
    customer_type: { id: 0, name: '' },
    home_outlet: { id: 0, name: '' },
    billing_address: { ...EMPTY_ADDRESS_LINES },
    delivery_addresses: [],
    marketing: { receive_email: false, receive_post: false, receive_sms: false },
    price_groups: [],
    loyalty_program: { enabled: false, auto_price_group: false },
    account_customer: {
      enabled: false,
      payment_terms: 0,
      credit_limit: 0,
      credit_blocked: false,
      credit_remaining: 0,
    },
    survey_responses: [],
    sales_channels: [],
    export_to_web: false,
    total_payments: 0,
    total_transactions: 0,
    created_on: now,
    modified_on: now,
  };
}
