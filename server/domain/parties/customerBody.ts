/**
 * How a customer create or update body becomes the stored record (src/api/requests/customer.ts). A create is
 * a blank customer with the body applied, so both go through the same merge:
 * - scalar fields: sent values replace, omitted ones stay, null clears; `abn` is stored as `acn`;
 * - nested objects (billing_address, marketing, loyalty_program, account_customer): merged key by key;
 * - arrays (price_groups, sales_channels, delivery_addresses): replaced as a whole. Delivery address items
 *   carry no id, so a sent list is a new list with new ids; single addresses are edited through their own PUT;
 * - `{id}` references are resolved to what the response embeds; unknown ids are a 400 naming the field
 *   (`price_groups[1].id`), reported together, before anything is written.
 */
import type { CustomerUpdate } from '../../../src/api/requests';
import { emptyCustomer, type Customer } from '../../../src/api/resources';
import { conflict } from '../../errors';
import type { SimState } from '../../state';
import { newDeliveryAddress } from './deliveryAddresses';
import { FieldCheck, fieldPath, lookupNamed } from '../checks';
import { sent } from './shared';

type PriceGroupRef = Customer['price_groups'][number];

/**
 * The request's `{id}` carries no type and standard and fixed groups number their ids separately, so an id is
 * looked up first as the type the customer already holds it as (an echoed list keeps its groups), then among
 * standard groups, then fixed ones.
 */
function priceGroup(state: SimState, id: number, held?: PriceGroupRef['type']): PriceGroupRef | undefined {
  const order: PriceGroupRef['type'][] = held === 'Fixed' ? ['Fixed', 'Standard'] : ['Standard', 'Fixed'];
  for (const type of order) {
    const group = (type === 'Standard' ? state.standardPriceGroups : state.fixedPriceGroups).get(id);
    if (group) return { id, name: group.name ?? '', type };
  }
  return undefined;
}

/**
 * A new customer's starting values, the body to be applied over them. Where the body names no customer type
 * or home outlet, the first customer type and the first outlet (lowest id) are used; if there is none, the
 * body must name one (400).
 */
export function blankCustomer(state: SimState, body: CustomerUpdate, now: string): Customer {
  const type = state.reference.customerTypes[0];
  const outletId = state.outlets.size > 0 ? Math.min(...state.outlets.keys()) : undefined;
  const errors = new FieldCheck();
  if (!body.customer_type && !type)
    errors.fail('customer_type', 'There is no customer type to default to; send one');
  if (!body.home_outlet && outletId === undefined)
    errors.fail('home_outlet', 'There is no outlet to default to; send one');
  errors.throwIfAny();
  return {
    // Provisional (id 0): the id is taken only once the body has passed every check, so a rejected body
    // spends none. customer_number stays null: createCustomer numbers it once the id is known, when the body
    // does not send a number.
    ...emptyCustomer(0, now),
    // Replaced by the body's references when it names them (the checks above make these real otherwise).
    customer_type: { id: type?.id ?? 0, name: type?.name ?? '' },
    home_outlet: { id: outletId ?? 0, name: state.outlets.get(outletId ?? 0)?.name ?? '' },
  };
}

/** The `{id}` references of the body, resolved, with every unknown id gathered before failing. */
function resolveReferences(state: SimState, current: Customer, body: CustomerUpdate) {
  const errors = new FieldCheck();
  const customerType = errors.resolve(
    state.reference.customerTypes,
    body.customer_type,
    'customer_type',
    'customer type',
  );
  const homeOutlet = errors.resolve(state.outlets.values(), body.home_outlet, 'home_outlet', 'outlet');
  const priceGroups = body.price_groups?.map((ref, index) => {
    const held = current.price_groups.find((group) => group.id === ref.id)?.type;
    const group = priceGroup(state, ref.id, held);
    if (!group) errors.fail(fieldPath('price_groups', index, 'id'), `No price group with id ${ref.id}`);
    return group!;
  });
  const salesChannels = body.sales_channels?.map((ref, index) => {
    if (!lookupNamed(state.reference.salesChannels, ref.id))
      errors.fail(fieldPath('sales_channels', index, 'id'), `No sales channel with id ${ref.id}`);
    return { id: ref.id };
  });
  errors.throwIfAny();
  return { customerType, homeOutlet, priceGroups, salesChannels };
}

/**
 * customer_number is the natural key a client can choose up front (the sync engine finds a create whose
 * response was lost by it), so no two customers share one: 409.
 */
function assertNumberFree(state: SimState, number: string | null | undefined, self: number) {
  if (number === undefined || number === null) return;
  for (const other of state.customers.values())
    if (other.id !== self && other.customer_number === number)
      throw conflict(`Customer ${other.id} already has customer_number "${number}"`);
}

/** The record `current` becomes with `body` applied at `now`. Throws (400 / 409) before writing anything. */
export function applyCustomerBody(
  state: SimState,
  current: Customer,
  body: CustomerUpdate,
  now: string,
): Customer {
  const refs = resolveReferences(state, current, body);
  assertNumberFree(state, body.customer_number, current.id);
  const {
    abn,
    customer_type: _type,
    home_outlet: _outlet,
    price_groups: _groups,
    sales_channels: _channels,
    billing_address,
    delivery_addresses,
    marketing,
    loyalty_program,
    account_customer,
    ...plain
  } = body;
  const account = { ...current.account_customer, ...sent(account_customer ?? {}) };
  // What the customer owes is unchanged by a new limit, so the headroom moves by the limit's change.
  account.credit_remaining += account.credit_limit - current.account_customer.credit_limit;
  return {
    ...current,
    ...sent(plain),
    ...(abn !== undefined ? { acn: abn } : {}),
    ...(refs.customerType ? { customer_type: refs.customerType } : {}),
    ...(refs.homeOutlet ? { home_outlet: refs.homeOutlet } : {}),
    ...(refs.priceGroups ? { price_groups: refs.priceGroups } : {}),
    ...(refs.salesChannels ? { sales_channels: refs.salesChannels } : {}),
    billing_address: { ...current.billing_address, ...sent(billing_address ?? {}) },
    delivery_addresses: delivery_addresses
      ? delivery_addresses.map((address) => newDeliveryAddress(state, address, now))
      : current.delivery_addresses,
    marketing: { ...current.marketing, ...sent(marketing ?? {}) },
    loyalty_program: { ...current.loyalty_program, ...sent(loyalty_program ?? {}) },
    account_customer: account,
    modified_on: now,
  };
}
