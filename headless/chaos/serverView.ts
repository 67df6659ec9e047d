/**
 * The verifier's reads of the simulator's state through its own API (faults off): records by id (null when
 * gone), lists by the run's natural keys. Each answer is cached, since many ops check the same record.
 */
import type { OperationId } from '../../src/api/endpoints';
import { buildFilter, queryFor } from '../../src/api/query';
import { ApiCallError, type ApiClient } from '../../electron/core/api';
import { namePrefix } from './scenariosParties';
import type { NamedResource } from './world';

type Row = Record<string, unknown>;

/** A read whose 404 means "gone": null instead of an error. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiCallError && error.kind === 'not-found') return null;
    throw error;
  }
}

/** Every page of a search, until a short page or `total_records`. */
export async function everyPage<T>(
  fetch: (page_number: number) => Promise<{ data: T[] | null; total_records: number }>,
) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total_records } = await fetch(page);
    rows.push(...(data ?? []));
    if (!data?.length || rows.length >= total_records) return rows;
  }
}

/** The record kinds the API reads by id, and the operation that reads each. */
const READ_BY_ID = {
  customer: 'getCustomer',
  supplier: 'getSupplier',
  supplierInvoice: 'getSupplierInvoice',
  supplierReturn: 'getSupplierReturn',
  returnReason: 'getSupplierReturnReason',
  shippingPort: 'getShippingPort',
  shipmentType: 'getShipmentType',
} as const satisfies Record<string, OperationId>;

export class ServerView {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: ApiClient,
    private readonly seed: number,
  ) {}

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.cache.has(key)) this.cache.set(key, read());
    return this.cache.get(key) as Promise<T>;
  }

  /** A record named by a verifier record key (`customer:50001`, `deliveryAddress:50001:2000001`, …). */
  record(resource: string, id: number, sub?: number): Promise<Row | null> {
    const c = this.client;
    return this.once(`${resource}:${id}:${sub ?? ''}`, async () => {
      const params = { params: { id } };
      if (Object.hasOwn(READ_BY_ID, resource)) {
        return orNull(c.call(READ_BY_ID[resource as keyof typeof READ_BY_ID], params));
      }
      switch (resource) {
        case 'deliveryAddress': {
          const customer = await orNull(c.call('getCustomer', params));
          return customer?.delivery_addresses.find((a) => a.id === sub) ?? null;
        }
        case 'fixedPriceGroup': {
          // The API lists fixed price groups but has no read by id.
          const all = await everyPage((page_number) =>
            c.call('searchFixedPriceGroups', { query: { page_number, page_size: 500 } }),
          );
          return all.find((group) => group.id === id) ?? null;
        }
        default:
          throw new Error(`No reader for ${resource}`);
      }
    }) as Promise<Row | null>;
  }

  /** Customers with this customer_number, or (without one) with this last name. */
  customers(key: { number?: string; lastName: string }): Promise<Row[]> {
    const where = queryFor('searchCustomers').where;
    const clause = key.number ? where('customer_number').eq(key.number) : where('last_name').eq(key.lastName);
    return this.once(`customers:${key.number ?? key.lastName}`, async () => {
      const rows = await everyPage((page_number) =>
        this.client.call('searchCustomers', {
          query: { filter_by: buildFilter([clause]), page_number, page_size: 500 },
        }),
      );
      // The search ignores case; the keys are exact.
      return rows.filter((c) =>
        key.number ? c.customer_number === key.number : c.last_name === key.lastName,
      );
    });
  }

  /** The order's lines (po_item_id and quantity_received), or null when there is no such order. */
  purchaseOrder(id: number): Promise<{ po_item_id: number | null; quantity_received: number }[] | null> {
    return this.once(`purchaseOrder:${id}`, async () => {
      const order = await orNull(
        this.client.call('getPurchaseOrder', { params: { id }, query: { include_items: true } }),
      );
      return order ? (order.purchase_order_items ?? []) : null;
    });
  }

  returnItems(returnId: number): Promise<Row[]> {
    return this.once(`items:${returnId}`, () =>
      everyPage((page_number) =>
        this.client.call('searchSupplierReturnItems', {
          params: { id: returnId },
          query: { page_number, page_size: 500 },
        }),
      ),
    );
  }

  links(productId: number): Promise<Row[]> {
    return this.once(`links:${productId}`, () =>
      this.client.call('listProductSuppliers', { params: { product_id: productId } }),
    );
  }

  /** The run's records of a listable `{name}` resource (every name the run gives has the run's prefix). */
  namedByPrefix(resource: Exclude<NamedResource, 'shippingPort'>): Promise<Row[]> {
    const prefix = namePrefix(this.seed);
    return this.once(`named:${resource}`, async () => {
      const c = this.client;
      const rows: Row[] =
        resource === 'returnReason'
          ? await everyPage((page_number) =>
              c.call('searchSupplierReturnReasons', { query: { page_number, page_size: 500 } }),
            )
          : resource === 'shipmentType'
            ? await everyPage((page_number) =>
                c.call('searchShipmentTypes', {
                  query: { name: prefix.trim(), page_number, page_size: 500 },
                }),
              )
            : await everyPage((page_number) =>
                c.call('searchFixedPriceGroups', { query: { page_number, page_size: 500 } }),
              );
      return rows.filter((row) => typeof row.name === 'string' && row.name.startsWith(prefix));
    });
  }
}
