/**
 * Creating and editing a customer offline. Each is ONE op written by the outbox (../outbox.ts) with the
 * cached row it makes or changes, in one transaction, the row in the server's response shape:
 *  - `createCustomer` under a temp id (allocateTempId) until the server's response replaces the row;
 *  - `updateCustomer` with only the fields the user changed, and the customer as they saw it (the engine's
 *    3-way merge base).
 * The row is what the server will store (server/domain/parties/customerBody.ts): sent scalars replace, null
 * clears, `abn` is stored as `acn`, nested objects merge key by key, lists are replaced whole, and a
 * reference's name comes from the cache since the body names only its id.
 */
import type { CustomerUpdate, DeliveryAddressUpdate } from '../../api/requests';
import {
  emptyCustomer,
  EMPTY_DELIVERY_ADDRESS,
  type Customer,
  type DeliveryAddress,
} from '../../api/resources';
import type { OpRecord } from '../ops';
import { inEditTransaction, saveRecordUpdate, serverRecordOf } from '../edits/queueEdit';
import { allocateTempId, enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import { customerName, type CachedCustomer } from './customerIndex';
import {
  validateCustomerEdit,
  validateNewCustomer,
  type CustomerForm,
  type FormErrors,
} from './customerForm';
import { customerChoices } from './customerRecord';
import {
  blankDeliveryAddressForm,
  validateDeliveryAddress,
  type DeliveryAddressForm,
} from './deliveryAddresses';

/** Names of what a body refers to by id, as the cache knows them. */
export interface ReferenceNames {
  types: ReadonlyMap<number, string>;
  outlets: ReadonlyMap<number, string>;
  priceGroups: ReadonlyMap<number, { name: string; type: 'Standard' | 'Fixed' }>;
}

const defined = (object: object) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

/** The customer with the body applied as the server stores it. */
export function customerRowAfter(customer: Customer, body: CustomerUpdate, names: ReferenceNames): Customer {
  const {
    abn,
    customer_type,
    home_outlet,
    billing_address,
    delivery_addresses,
    marketing,
    loyalty_program,
    account_customer,
    price_groups,
    sales_channels,
    ...scalars
  } = body;
  const row: Customer = { ...customer, ...(defined(scalars) as Partial<Customer>) };
  if (abn !== undefined) row.acn = abn;
  if (customer_type)
    row.customer_type = { id: customer_type.id, name: names.types.get(customer_type.id) ?? '' };
  if (home_outlet) row.home_outlet = { id: home_outlet.id, name: names.outlets.get(home_outlet.id) ?? '' };
  if (billing_address) row.billing_address = { ...customer.billing_address, ...defined(billing_address) };
  if (marketing) row.marketing = { ...customer.marketing, ...defined(marketing) };
  if (loyalty_program) row.loyalty_program = { ...customer.loyalty_program, ...defined(loyalty_program) };
  if (account_customer) row.account_customer = { ...customer.account_customer, ...defined(account_customer) };
  if (price_groups)
    row.price_groups = price_groups.map(({ id }) => {
      const held = customer.price_groups.find((group) => group.id === id);
      const known = names.priceGroups.get(id);
      return held ?? { id, name: known?.name ?? '', type: known?.type ?? 'Standard' };
    });
  if (sales_channels) row.sales_channels = sales_channels.map(({ id }) => ({ id }));
  if (delivery_addresses)
    row.delivery_addresses = delivery_addresses.map((address) => newAddress(address, customer.modified_on));
  return row;
}

/**
 * An address a create sends, as the customer row shows it until the server numbers it: id 0, since the
 * server's id arrives only with the created customer (a negative number would read as a temp id).
 */
function newAddress(body: DeliveryAddressUpdate, modifiedOn: string): DeliveryAddress {
  return {
    id: 0,
    ...EMPTY_DELIVERY_ADDRESS,
    ...(defined(body) as Partial<DeliveryAddress>),
    default: body.default ?? false,
    modified_on: modifiedOn,
  };
}

async function referenceNames(db: DockhandDb): Promise<ReferenceNames> {
  const choices = await customerChoices(db);
  return {
    types: new Map(choices.types.map((choice) => [choice.value, choice.label])),
    outlets: new Map(choices.outlets.map((choice) => [choice.value, choice.label])),
    priceGroups: new Map(
      choices.priceGroups.map((choice) => [
        choice.value,
        { name: choice.label.replace(/ \(fixed\)$/, ''), type: choice.type },
      ]),
    ),
  };
}

/** The changed fields in words, for the op's label in the sync centre. */
function changedText(body: CustomerUpdate): string {
  const words = Object.keys(body).map((key) => (key === 'abn' ? 'ABN' : key.replace(/_/g, ' ')));
  return words.join(', ');
}

export type CustomerEditResult =
  { ok: true; op: OpRecord | null; customer: CachedCustomer } | { ok: false; errors: FormErrors };

/**
 * A customer number another cached customer already has: the server keeps numbers unique (409,
 * server/domain/parties/customerBody.ts), so the form says so before anything is queued.
 */
async function numberTaken(db: DockhandDb, id: number, number: string | null | undefined) {
  if (!number) return null;
  const other = (await db.customers.where('customer_number').equals(number).toArray()).find(
    (row) => row.id !== id,
  );
  return other ? { customerNumber: [`${customerName(other)} already has customer number ${number}.`] } : null;
}

/**
 * Validates a new customer and queues `createCustomer` with its row under a temp id, in one transaction.
 * `deliveryAddress`: a first delivery address (its body), sent with the create.
 */
export function createCustomer(
  db: DockhandDb,
  form: CustomerForm,
  options: { now?: Date; deliveryAddress?: DeliveryAddressUpdate } = {},
): Promise<CustomerEditResult> {
  const now = options.now ?? new Date();
  return inEditTransaction(db, async (): Promise<CustomerEditResult> => {
    const valid = validateNewCustomer(form);
    if (!valid.ok) return valid;
    const taken = await numberTaken(db, 0, valid.body.customer_number);
    if (taken) return { ok: false, errors: taken };
    const body = options.deliveryAddress
      ? { ...valid.body, delivery_addresses: [options.deliveryAddress] }
      : valid.body;
    const tempId = await allocateTempId(db, 'customers', { now });
    const row = customerRowAfter(emptyCustomer(tempId, now.toISOString()), body, await referenceNames(db));
    const op = await enqueue(db, {
      kind: 'createCustomer',
      params: {},
      body,
      createsTempId: tempId,
      cacheChanges: [{ table: 'customers', put: [row] }],
      label: `New customer ${customerName(row)}`,
      now,
    });
    return { ok: true, op, customer: (await db.customers.get(tempId)) ?? row };
  });
}

/**
 * Validates the form and, when it changed something, queues `updateCustomer` and puts the changed row, in
 * one transaction. Nothing changed: `op` is null and nothing is written. `seen` is the customer as the
 * form opened with (default: the cached row now): the body holds what the user changed from it, and it is
 * the merge base.
 */
export async function saveCustomerEdits(
  db: DockhandDb,
  id: number,
  form: CustomerForm,
  options: { now?: Date; seen?: CachedCustomer } = {},
): Promise<CustomerEditResult> {
  const saved = await saveRecordUpdate<CachedCustomer, CustomerUpdate>(db, {
    kind: 'updateCustomer',
    table: 'customers',
    id,
    missing: 'This customer is not on this computer any more.',
    ...options,
    check: async (_customer, seen) => {
      const valid = validateCustomerEdit(seen, form);
      const taken = valid.ok ? await numberTaken(db, id, valid.body.customer_number) : null;
      return taken ? { ok: false, errors: taken } : valid;
    },
    after: async (customer, body) =>
      customerRowAfter(serverRecordOf(customer) as unknown as Customer, body, await referenceNames(db)),
    label: (customer, body) => `Update ${customerName(customer)} (${changedText(body)})`,
  });
  return saved.ok ? { ok: true, op: saved.op, customer: saved.row } : saved;
}

/**
 * The customer form's save: an edit of `seen` (the customer as the form opened), or a new customer with,
 * when `firstAddress` is given, its first delivery address, checked before anything is queued.
 */
export function saveCustomerForm(
  db: DockhandDb,
  seen: CachedCustomer | null,
  form: CustomerForm,
  firstAddress: DeliveryAddressForm | null,
): Promise<CustomerEditResult> {
  if (seen) return saveCustomerEdits(db, seen.id, form, { seen });
  if (!firstAddress) return createCustomer(db, form);
  const first = validateDeliveryAddress(blankDeliveryAddressForm(), firstAddress);
  if (!first.ok)
    return Promise.resolve({
      ok: false,
      errors: { $: [`The delivery address: ${Object.values(first.errors).flat().join(' ')}`] },
    });
  return createCustomer(db, form, { deliveryAddress: first.body });
}
