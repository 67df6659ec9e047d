/**
 * Customers and their loyalty history. One in five is a business (company, ACN, often a trade account). Each
 * has a billing address and 0–3 delivery addresses, exactly one of them the default when there are any (the
 * first, usually the billing address). About 60% are in the loyalty programme; their history is a
 * time-ordered list of sales (order_item set, adjustment_reason null) and adjustments (the reverse) whose
 * loyalty_points_available is the running total, never negative. Every generated customer has a history entry
 * in the map (possibly empty). Ids ascend with created_on.
 */
import type { Customer, DeliveryAddress, LoyaltyHistoryEntry, Product } from '../../src/api/resources';
import type { NamedValue } from '../state';
import { DAY_MS, DATA_EPOCH_MS, between, iso, workingMoment } from './clock';
import { rngOf, type GenContext } from './context';
import type { Lookups } from './lookups';
import { SURVEY_GROUPS } from './lookups';
import type { OutletProfile } from './outlets';
import { abn, streetAddress } from './outlets';
import { effectiveSellPriceInc } from './products';
import { money, type Rng } from './random';
import { byName, shared } from './reference';
import { COMPANY_WORDS, EMAIL_DOMAINS, FIRST_NAMES, PLACES, SURNAMES } from './words';

const ADJUSTMENTS = [
  shared({ id: 1, name: 'Points redeemed' }),
  shared({ id: 2, name: 'Birthday bonus' }),
  shared({ id: 3, name: 'Manual correction' }),
  shared({ id: 4, name: 'Points expired' }),
];

type PriceGroupRef = Customer['price_groups'][number];

export function generateCustomers(
  context: GenContext,
  outlets: readonly OutletProfile[],
  products: readonly Product[],
  lookups: Lookups,
): { customers: Map<number, Customer>; loyaltyHistory: Map<number, LoyaltyHistoryEntry[]> } {
  const rng = rngOf(context, 'customers');
  const { reference } = context;
  const stores = outlets.filter((outlet) => !outlet.warehouse);
  const groups: PriceGroupRef[] = [
    ...[...lookups.standardPriceGroups.values()].map((g) =>
      shared({ id: g.id, name: g.name ?? '', type: 'Standard' as const }),
    ),
    ...[...lookups.fixedPriceGroups.values()].map((g) =>
      shared({ id: g.id, name: g.name ?? '', type: 'Fixed' as const }),
    ),
  ];
  const channelRefs = reference.salesChannels.map((channel) => shared({ id: channel.id }));
  const surveys = [...lookups.surveySegments.values()].map((group) => ({
    id: group.id,
    question: group.name ?? '',
    answers: SURVEY_GROUPS.find(([question]) => question === group.name)?.[2] ?? ['Yes', 'No'],
  }));
  const created = Array.from({ length: context.size.customers }, () =>
    workingMoment(rng, rng.int(1, 2000)),
  ).sort((a, b) => a - b);

  const customers = new Map<number, Customer>();
  const loyaltyHistory = new Map<number, LoyaltyHistoryEntry[]>();
  for (const createdAt of created) {
    const id = context.ids.take('customers');
    const business = rng.chance(0.2);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(SURNAMES);
    const company = business ? `${last} ${rng.pick(COMPANY_WORDS)}` : null;
    const [suburb, state, postcode] = rng.pick(PLACES);
    const billing = {
      address_line1: streetAddress(rng),
      address_line2: rng.chance(0.1) ? `Unit ${rng.int(1, 40)}` : null,
      suburb,
      state,
      postcode,
      country: 'Australia',
    };
    const modified = between(rng, createdAt, DATA_EPOCH_MS);
    const type = byName(
      reference.customerTypes,
      business
        ? rng.pick(['Trade', 'Wholesale'])
        : rng.chance(0.05)
          ? 'Staff'
          : rng.chance(0.08)
            ? 'VIP'
            : 'Retail',
    );
    const loyal = rng.chance(0.6);
    const history = loyal ? loyaltyEntries(rng, context, createdAt, products) : [];
    const account = business && rng.chance(0.6);
    const creditLimit = account ? rng.pick([2000, 5000, 10000, 25000]) : 0;
    const mobile = `04${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;

    customers.set(id, {
      id,
      customer_number: `C${String(id).padStart(7, '0')}`,
      first_name: first,
      last_name: last,
      company,
      email: rng.chance(0.9)
        ? `${first}.${last}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase()
        : null,
      phone: rng.chance(0.3) ? `0${rng.int(2, 8)} ${rng.int(5000, 9999)} ${rng.int(1000, 9999)}` : null,
      mobile: rng.chance(0.85) ? mobile : null,
      fax: null,
      website: business && rng.chance(0.4) ? `https://www.${last.toLowerCase()}.example` : null,
      custom_reference: rng.chance(0.1) ? `REF-${rng.int(1000, 9999)}` : null,
      acn: business ? abn(rng) : null,
      date_of_birth:
        business || rng.chance(0.3)
          ? null
          : `${rng.int(1945, 2006)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      date_of_birth_withheld: !business && rng.chance(0.1),
      customer_type: type,
      home_outlet: rng.pick(stores).ref,
      billing_address: billing,
      delivery_addresses: deliveryAddresses(
        rng,
        context,
        billing,
        first,
        last,
        company,
        mobile,
        iso(modified),
      ),
      marketing: {
        receive_email: rng.chance(0.6),
        receive_post: rng.chance(0.15),
        receive_sms: rng.chance(0.3),
      },
      price_groups: priceGroupsFor(rng, type, groups),
      loyalty_program: { enabled: loyal, auto_price_group: loyal && rng.chance(0.2) },
      account_customer: {
        enabled: account,
        payment_terms: account ? rng.pick([7, 14, 30]) : 0,
        credit_limit: creditLimit,
        credit_blocked: account && rng.chance(0.05),
        credit_remaining: account ? money(creditLimit * rng.float(0.1, 1)) : 0,
      },
      survey_responses: rng.sample(surveys, rng.int(0, 2)).map(({ id: surveyId, question, answers }) => ({
        id: surveyId,
        question,
        answer: rng.chance(0.9) ? rng.pick(answers) : null,
      })),
      sales_channels: rng.sample(channelRefs, rng.int(1, 3)).sort((a, b) => a.id - b.id),
      export_to_web: rng.chance(0.5),
      total_payments: money(history.length * rng.float(20, 160) + rng.float(0, 400)),
      total_transactions: history.length + rng.int(0, 12),
      created_on: iso(createdAt),
      modified_on: iso(modified),
    });
    loyaltyHistory.set(id, history);
  }
  return { customers, loyaltyHistory };
}

const pad = (value: number) => String(value).padStart(2, '0');

function priceGroupsFor(rng: Rng, type: NamedValue, groups: readonly PriceGroupRef[]): PriceGroupRef[] {
  const named = (name: string) => groups.filter((group) => group.name === name);
  if (type.name === 'Trade') return named('Trade');
  if (type.name === 'Wholesale') return named('Wholesale');
  if (type.name === 'Staff') return named('Staff');
  if (type.name === 'VIP') return named('VIP');
  return rng.chance(0.05) ? [rng.pick(groups)] : [];
}

function deliveryAddresses(
  rng: Rng,
  context: GenContext,
  billing: Customer['billing_address'],
  first: string,
  last: string,
  company: string | null,
  mobile: string,
  modifiedOn: string,
): DeliveryAddress[] {
  const count = rng.pick([0, 1, 1, 1, 2, 3]);
  return Array.from({ length: count }, (_, index): DeliveryAddress => {
    const [suburb, state, postcode] =
      index === 0 && rng.chance(0.7) ? [billing.suburb, billing.state, billing.postcode] : rng.pick(PLACES);
    return {
      id: context.ids.take('deliveryAddresses'),
      first_name: first,
      last_name: last,
      company: index === 0 ? company : null,
      address_line1: index === 0 && suburb === billing.suburb ? billing.address_line1 : streetAddress(rng),
      address_line2: null,
      suburb,
      state,
      postcode,
      country: 'Australia',
      country_code: 'AU',
      phone: null,
      mobile,
      default: index === 0,
      modified_on: modifiedOn,
    };
  });
}

function loyaltyEntries(
  rng: Rng,
  context: GenContext,
  since: number,
  products: readonly Product[],
): LoyaltyHistoryEntry[] {
  const count = rng.int(0, 10);
  // The last two years only: every product existed by then (products.ts), so no sale predates its product.
  const from = Math.max(since, DATA_EPOCH_MS - 700 * DAY_MS);
  const moments = Array.from({ length: count }, () => between(rng, from, DATA_EPOCH_MS)).sort(
    (a, b) => a - b,
  );
  let available = 0;
  return moments.map((moment) => {
    const sale = available === 0 || rng.chance(0.75);
    const id = context.ids.take('loyaltyHistory');
    if (sale) {
      const product = rng.pick(products);
      const ratio = product.loyalty_ratio;
      const delta = money(effectiveSellPriceInc(product) * ratio);
      available = money(available + delta);
      const orderId = rng.int(100_000, 999_999);
      return {
        id,
        created_on: iso(moment),
        order_item: {
          order_id: orderId,
          order_number: `SO-${orderId}`,
          product_id: product.id,
          supplier_sku: product.supplier_sku,
        },
        adjustment_reason: null,
        loyalty_points_delta: delta,
        loyalty_points_available: available,
        ratio,
      };
    }
    const reason = rng.pick(ADJUSTMENTS);
    const delta =
      reason.id === 2
        ? 50
        : reason.id === 3
          ? money(rng.float(-20, 20))
          : -money(available * rng.float(0.2, 1));
    // Points never go below zero: a negative adjustment takes at most what is available.
    const applied = Math.max(delta, -available);
    available = money(available + applied);
    return {
      id,
      created_on: iso(moment),
      order_item: null,
      adjustment_reason: reason,
      loyalty_points_delta: applied,
      loyalty_points_available: available,
      ratio: null,
    };
  });
}
