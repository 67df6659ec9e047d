/**
 * Every kind of value a purchasing request names by `{id}`, and how it is found in the state and turned into
 * what a response embeds ({id, name} for most). Responses get fresh objects, never the reference lists' own,
 * so no record aliases shared state.
 */
import type { Product } from '../../../src/api/resources';
import type { Currency, NamedValue, ReferenceLists, SimState } from '../../state';
import type { Finder } from '../checks';
import { asOrderStatus } from './orderStatus';

const named = (id: number, name: string | null | undefined): NamedValue => ({ id, name: name ?? '' });

function finder<T>(what: string, find: (id: number) => T | undefined): Finder<T> {
  return { what, find };
}

function fromList(what: string, list: readonly NamedValue[]): Finder<NamedValue> {
  return finder(what, (id) => {
    const value = list.find((entry) => entry.id === id);
    return value && named(value.id, value.name);
  });
}

/** The finders for one request, bound to the state it reads. */
export function references(state: SimState) {
  const lists: ReferenceLists = state.reference;
  return {
    outlet: finder('outlet', (id) => {
      const outlet = state.outlets.get(id);
      return outlet && named(id, outlet.name);
    }),
    // A supplier's name is nullable; its code stands in so the embedded reference still says who it is.
    supplier: finder('supplier', (id) => {
      const supplier = state.suppliers.get(id);
      return supplier && named(id, supplier.name ?? supplier.supplier_code);
    }),
    shippingPort: finder('shipping port', (id) => {
      const port = state.shippingPorts.get(id);
      return port && named(id, port.name);
    }),
    shipmentType: finder('shipment type', (id) => {
      const type = state.shipmentTypes.get(id);
      return type && named(id, type.name);
    }),
    // A soft-deleted reason stays readable but can no longer be chosen for a new return line.
    returnReason: finder('supplier return reason that is not deleted', (id) => {
      const reason = state.returnReasons.get(id);
      return reason && !reason.deleted ? named(id, reason.name) : undefined;
    }),
    product: finder<Product>('product', (id) => state.products.get(id)),
    currency: finder<Currency>('currency', (id) => {
      const currency = lists.currencies.find((entry) => entry.id === id);
      return currency && { ...currency };
    }),
    purchaseOrderStatus: finder('purchase order status', (id) => {
      const status = lists.purchaseOrderStatuses.find((entry) => entry.id === id);
      return status && asOrderStatus(status);
    }),
    shippingStatus: fromList('shipping status', lists.shippingStatuses),
    country: fromList('country', lists.countries),
    supplierReturnStatus: fromList('supplier return status', lists.supplierReturnStatuses),
    supplierReturnItemSource: fromList('supplier return item source', lists.supplierReturnItemSources),
  };
}

export type References = ReturnType<typeof references>;
