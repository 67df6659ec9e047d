/**
 * Accessors of the customer search (GET /customers). Most fields are the record's own or a nested child; the
 * delivery_* fields come from the customer's default delivery address and loyalty_points_* from the
 * customer's loyalty history (state.loyaltyHistory), neither of which the API defines further.
 */
import type { Customer, DeliveryAddress, LoyaltyHistoryEntry } from '../../../src/api/resources';
import type { SimState } from '../../state';
import type { Accessor, AccessorTable } from '../engine';
import { byName, instantOf } from '../values';
import type { CompleteAccessors } from './shared';

/** The address flagged default, else the first one; null when the customer has none. */
export function defaultDeliveryAddress(customer: Customer): DeliveryAddress | null {
  return (
    customer.delivery_addresses.find((a) => a.default === true) ?? customer.delivery_addresses[0] ?? null
  );
}

/** "First Last", skipping a missing part; null when both are missing or blank. */
export function fullName(customer: Customer): string | null {
  const parts = [customer.first_name, customer.last_name].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length === 0 ? null : parts.join(' ');
}

export interface LoyaltySummary {
  /** loyalty_points_available of the latest entry (by created_on, then id). */
  available: number;
  /** The money value of the available points, one currency unit per point (the API shows no rate). */
  availableValue: number;
  /** The points spent: the sum of the negative deltas, as a positive number. */
  redeemed: number;
  /** The points ever earned: the sum of the positive deltas. */
  toDate: number;
}

/** Derived from the loyalty history; null for a customer without entries (all four fields are then null). */
export function loyaltySummary(entries: readonly LoyaltyHistoryEntry[] | undefined): LoyaltySummary | null {
  if (!entries || entries.length === 0) return null;
  let latest = entries[0]!;
  let redeemed = 0;
  let toDate = 0;
  for (const entry of entries) {
    if (entry.loyalty_points_delta < 0) redeemed -= entry.loyalty_points_delta;
    else toDate += entry.loyalty_points_delta;
    const order = (instantOf(entry.created_on) ?? 0) - (instantOf(latest.created_on) ?? 0);
    if (order > 0 || (order === 0 && entry.id > latest.id)) latest = entry;
  }
  const available = latest.loyalty_points_available;
  return { available, availableValue: available, redeemed, toDate };
}

/**
 * Summaries by history array, so a search computes each customer's once rather than per clause and per
 * order key (20,000 customers × their entries otherwise dominate a customer search). An entry appended or
 * replaced at the end changes the length or the last entry and recomputes; history is otherwise read-only
 * (the API has no loyalty write operation).
 */
const summaries = new WeakMap<
  readonly LoyaltyHistoryEntry[],
  { length: number; last: LoyaltyHistoryEntry | undefined; summary: LoyaltySummary | null }
>();

function cachedLoyaltySummary(entries: readonly LoyaltyHistoryEntry[] | undefined): LoyaltySummary | null {
  if (!entries) return null;
  const last = entries[entries.length - 1];
  const cached = summaries.get(entries);
  if (cached && cached.length === entries.length && cached.last === last) return cached.summary;
  const summary = loyaltySummary(entries);
  summaries.set(entries, { length: entries.length, last, summary });
  return summary;
}

type PriceGroupType = Customer['price_groups'][number]['type'];

const priceGroupsOf = (customer: Customer, type: PriceGroupType) =>
  customer.price_groups.filter((group) => group.type === type).map((group) => byName(group));

type DeliveryField = Exclude<keyof DeliveryAddress, 'id' | 'default' | 'modified_on' | 'country_code'>;
const delivery =
  (field: DeliveryField): Accessor<Customer> =>
  (customer) =>
    defaultDeliveryAddress(customer)?.[field] ?? null;

export function customerAccessors(state: SimState): AccessorTable<Customer> {
  const loyalty = (customer: Customer) => cachedLoyaltySummary(state.loyaltyHistory.get(customer.id));
  const table: CompleteAccessors<'searchCustomers', Customer> = {
    id: (c) => c.id,
    customer_number: (c) => c.customer_number,
    first_name: (c) => c.first_name,
    last_name: (c) => c.last_name,
    full_name: fullName,
    company: (c) => c.company,
    date_of_birth: (c) => c.date_of_birth,
    date_of_birth_withheld: (c) => c.date_of_birth_withheld,
    customer_type_name: (c) => c.customer_type.name,
    mobile: (c) => c.mobile,
    phone: (c) => c.phone,
    email: (c) => c.email,
    acn: (c) => c.acn,
    fax: (c) => c.fax,
    website: (c) => c.website,
    account_customer_enabled: (c) => c.account_customer.enabled,
    account_customer_payment_terms: (c) => c.account_customer.payment_terms,
    account_customer_credit_blocked: (c) => c.account_customer.credit_blocked,
    account_customer_credit_limit: (c) => c.account_customer.credit_limit,
    billing_address_line1: (c) => c.billing_address.address_line1,
    billing_address_line2: (c) => c.billing_address.address_line2,
    billing_address_suburb: (c) => c.billing_address.suburb,
    billing_address_state: (c) => c.billing_address.state,
    billing_address_postcode: (c) => c.billing_address.postcode,
    billing_address_country: (c) => c.billing_address.country,
    delivery_first_name: delivery('first_name'),
    delivery_last_name: delivery('last_name'),
    delivery_company: delivery('company'),
    delivery_address_line1: delivery('address_line1'),
    delivery_address_line2: delivery('address_line2'),
    delivery_suburb: delivery('suburb'),
    delivery_state: delivery('state'),
    delivery_postcode: delivery('postcode'),
    delivery_country: delivery('country'),
    delivery_phone: delivery('phone'),
    delivery_mobile: delivery('mobile'),
    loyalty_program_enabled: (c) => c.loyalty_program.enabled,
    loyalty_points_available: (c) => loyalty(c)?.available ?? null,
    loyalty_points_available_value: (c) => loyalty(c)?.availableValue ?? null,
    loyalty_points_redeemed: (c) => loyalty(c)?.redeemed ?? null,
    loyalty_points_to_date: (c) => loyalty(c)?.toDate ?? null,
    receive_email: (c) => c.marketing.receive_email,
    receive_post: (c) => c.marketing.receive_post,
    receive_sms: (c) => c.marketing.receive_sms,
    // A customer may be in several groups of a type: a clause matches when any of them does (by name or id).
    price_group_standard: (c) => priceGroupsOf(c, 'Standard'),
    price_group_fixed: (c) => priceGroupsOf(c, 'Fixed'),
    home_outlet_name: (c) => c.home_outlet.name,
    custom_reference: (c) => c.custom_reference,
    created_on: (c) => c.created_on,
    modified_on: (c) => c.modified_on,
    export_to_web: (c) => c.export_to_web,
    // sales_channel:<id>: whether the customer belongs to the channel.
    sales_channel: (c, key) => c.sales_channels.some((channel) => String(channel.id) === key),
    // survey:<id>: the answer to survey question <id> (a response's id is its question's); null if unanswered.
    survey: (c, key) => c.survey_responses.find((response) => String(response.id) === key)?.answer ?? null,
  };
  return table;
}
