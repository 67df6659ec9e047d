/**
 * Adding or removing a delivery address of a customer. The API has no call for either: the customer's PUT
 * replaces `delivery_addresses` whole, and the server numbers every address of a sent list afresh (server
 * /domain/parties/customerBody.ts). So each is ONE `updateCustomer` carrying the whole new list, queued with
 * the cached customer showing that list at once, in one transaction.
 *
 * Until the server answers, the cached addresses carry id 0 (as a new customer's do, ./customerEdits.ts):
 * their old ids are about to stop existing, so no address edit can be queued against them meanwhile (the
 * customer page offers none for an address without an id).
 */
import { CustomerUpdateSchema, type DeliveryAddressUpdate } from '../../api/requests';
import type { DeliveryAddress } from '../../api/resources';
import { inEditTransaction, serverRecordOf } from '../edits/queueEdit';
import { enqueue } from '../outbox';
import type { DockhandDb } from '../schema';
import type { CustomerEditResult } from './customerEdits';
import { customerName } from './customerIndex';
import {
  addressText,
  blankDeliveryAddressForm,
  deliveryAddressBody,
  type DeliveryAddressForm,
} from './deliveryAddresses';

/** An address as a list item of the PUT: everything but what the server assigns (id, modified_on). */
export function addressItemOf({
  id: _id,
  modified_on: _modified,
  ...item
}: DeliveryAddress): DeliveryAddressUpdate {
  return item;
}

/** The address a list item becomes on the cached row until the server numbers it. */
function unnumbered(item: DeliveryAddressUpdate, modifiedOn: string): DeliveryAddress {
  return {
    id: 0,
    first_name: item.first_name ?? null,
    last_name: item.last_name ?? null,
    company: item.company ?? null,
    address_line1: item.address_line1 ?? null,
    address_line2: item.address_line2 ?? null,
    suburb: item.suburb ?? null,
    state: item.state ?? null,
    postcode: item.postcode ?? null,
    country: item.country ?? null,
    country_code: item.country_code ?? null,
    phone: item.phone ?? null,
    mobile: item.mobile ?? null,
    default: item.default ?? false,
    modified_on: modifiedOn,
  };
}

type ListChange = { kind: 'add'; form: DeliveryAddressForm } | { kind: 'remove'; index: number };

async function replaceList(
  db: DockhandDb,
  customerId: number,
  change: ListChange,
  now: Date,
): Promise<CustomerEditResult> {
  return inEditTransaction(db, async (): Promise<CustomerEditResult> => {
    const customer = await db.customers.get(customerId);
    if (!customer) return { ok: false, errors: { $: ['This customer is not on this computer any more.'] } };
    let items = customer.delivery_addresses.map(addressItemOf);
    let label: string;
    if (change.kind === 'add') {
      const item = deliveryAddressBody(blankDeliveryAddressForm(), change.form);
      if (Object.keys(item).filter((key) => key !== 'default').length === 0)
        return { ok: false, errors: { line1: ['Fill in at least one line of the address.'] } };
      // A new default takes over, as the server's single-default rule asks.
      if (item.default) items = items.map((other) => ({ ...other, default: false }));
      items = [...items, item];
      label = `Add delivery address ${addressText(item as Partial<DeliveryAddress>)} to ${customerName(customer)}`;
    } else {
      const gone = customer.delivery_addresses[change.index];
      if (!gone)
        return { ok: false, errors: { $: ['This delivery address is not on this computer any more.'] } };
      items = items.filter((_item, index) => index !== change.index);
      label = `Remove delivery address ${addressText(gone)} from ${customerName(customer)}`;
    }
    const parsed = CustomerUpdateSchema.safeParse({ delivery_addresses: items });
    if (!parsed.success)
      return { ok: false, errors: { $: parsed.error.issues.map((issue) => issue.message) } };
    const row = {
      ...serverRecordOf(customer),
      delivery_addresses: items.map((item) => unnumbered(item, customer.modified_on)),
    };
    const op = await enqueue(db, {
      kind: 'updateCustomer',
      params: { id: customerId },
      body: parsed.data,
      baseVersion: serverRecordOf(customer),
      cacheChanges: [{ table: 'customers', put: [row] }],
      label,
      now,
    });
    return { ok: true, op, customer: (await db.customers.get(customerId)) ?? customer };
  });
}

/** Queues the customer's list with `form` added (a default address takes the default from the others). */
export function addDeliveryAddress(
  db: DockhandDb,
  customerId: number,
  form: DeliveryAddressForm,
  options: { now?: Date } = {},
): Promise<CustomerEditResult> {
  return replaceList(db, customerId, { kind: 'add', form }, options.now ?? new Date());
}

/** Queues the customer's list without the address at `index` (its position: unsent ones have no id). */
export function removeDeliveryAddress(
  db: DockhandDb,
  customerId: number,
  index: number,
  options: { now?: Date } = {},
): Promise<CustomerEditResult> {
  return replaceList(db, customerId, { kind: 'remove', index }, options.now ?? new Date());
}
