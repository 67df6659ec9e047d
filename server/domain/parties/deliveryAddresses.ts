/**
 * Customer delivery addresses: built from request items when a customer is created or its list is
 * replaced, and edited one at a time by PUT /customers/{id}/deliveryaddresses/{address_id}.
 */
import type { DeliveryAddressUpdate } from '../../../src/api/requests';
import { EMPTY_DELIVERY_ADDRESS, type DeliveryAddress } from '../../../src/api/resources';
import { notFound } from '../../errors';
import { nextId, type SimState } from '../../state';
import { ok, type Handler } from '../context';
import { found, idParam, pathParam } from '../checks';
import { sent, stamp } from './shared';

/**
 * A new address with its id from the `deliveryAddresses` sequence (addresses have no map of their own: they
 * live in their customer). Unsent lines are null; an unsent or null `default` is false.
 */
export function newDeliveryAddress(
  state: SimState,
  body: DeliveryAddressUpdate,
  now: string,
): DeliveryAddress {
  return {
    id: nextId(state, 'deliveryAddresses'),
    ...EMPTY_DELIVERY_ADDRESS,
    ...sent(body),
    default: body.default ?? false,
    modified_on: now,
  };
}

/**
 * Merges the sent fields into one address. `default: true` takes the default from the customer's other
 * addresses (each of those is modified too, so it gets the new modified_on); `default: false` leaves the
 * customer without a default. The customer's own modified_on moves as well: its embedded list changed, and
 * clients pull customers by modified_on.
 */
const updateDeliveryAddress: Handler<'updateDeliveryAddress'> = (ctx) => {
  const customerId = idParam(ctx.params);
  const addressId = pathParam(ctx.params, 'address_id', 'number');
  const customer = found(ctx.state.customers, customerId, 'customer');
  const current = customer.delivery_addresses.find((address) => address.id === addressId);
  if (!current) throw notFound(`delivery address on customer ${customerId}`, addressId);

  const now = stamp(ctx);
  const updated: DeliveryAddress = { ...current, ...sent(ctx.body), modified_on: now };
  const addresses = customer.delivery_addresses.map((address) => {
    if (address.id === addressId) return updated;
    if (updated.default === true && address.default === true)
      return { ...address, default: false, modified_on: now };
    return address;
  });
  ctx.state.customers.set(customerId, { ...customer, delivery_addresses: addresses, modified_on: now });
  return ok(updated);
};

export const deliveryAddressHandlers = { updateDeliveryAddress };
