/**
 * The chaos generator's picture of the server and of the edits it has queued: which records exist and may be
 * edited, which were created offline (by temp id) and what each record looks like to the user (its "view",
 * the base version of the next update). Loaded once through the API with faults off, then kept up to date as
 * edits are queued and conflicts resolved; the parent process holds it for the whole run.
 */
import { buildFilter, queryFor } from '../../src/api/query';
import type { ApiClient } from '../../electron/core/api';
import { loadOrders } from './orders';
import type { Random } from './random';
import { type ChaosSimulator, type SpareSupplier } from './simulator';
import type { Order } from './types';

export type View = Record<string, unknown>;

export type NamedResource = 'returnReason' | 'shippingPort' | 'shipmentType' | 'fixedPriceGroup';

export interface NamedRecord {
  resource: NamedResource;
  tempId: number;
  name: string;
  deleted: boolean;
}

export interface World {
  seed: number;
  /** Dataset suppliers: edited, named by orders and product links, never deleted. */
  suppliers: { id: number; code: string }[];
  /** Unreferenced suppliers added for the run: edited and deleted. */
  spares: (SpareSupplier & { deleted: boolean })[];
  outlets: number[];
  products: number[];
  /** The products whose supplier links the run edits (a few, so edits pile up on each). */
  linkProducts: number[];
  /** Live links per product as the queued edits leave them; loaded from the API on first use. */
  links: Map<number, Map<string, View>>;
  /** The links each product had before the run, for the verifier's replay. */
  initialLinks: Map<number, View[]>;
  reasonIds: number[];
  customers: { id: number; addressIds: number[] }[];
  /** Customers created by the run (temp ids). */
  newCustomers: number[];
  /** In-progress invoices: the dataset's and the run's (temp ids); `finalised` once a finalise is queued. */
  invoices: { id: number; finalised: boolean }[];
  returns: { id: number; statusId: number; hasItems: boolean; finalised: boolean }[];
  /** Orders receipts may go to: open dataset orders and the run's own (by temp id). */
  orders: Order[];
  /** Received or Cancelled dataset orders: receiving into one is refused (409), which the run means. */
  closedOrders: Order[];
  named: NamedRecord[];
  /** Record key (`customer:50001`, `customer:-4`, `deliveryAddress:50001:2000001`) → the user's view. */
  views: Map<string, View>;
  counter: number;
}

/** A value no other edit uses: conflicts and verification rely on every written value being distinct. */
export function unique(world: World, prefix: string): string {
  world.counter += 1;
  return `${prefix}${world.seed}-${world.counter}`;
}

export const recordKey = (resource: string, ...ids: number[]) => [resource, ...ids].join(':');

async function pages<T>(fetch: (page: number) => Promise<{ data: T[] | null; total_records: number }>) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total_records } = await fetch(page);
    rows.push(...(data ?? []));
    if (!data?.length || rows.length >= total_records) return rows;
  }
}

export async function loadWorld(
  client: ApiClient,
  sim: ChaosSimulator,
  options: {
    seed: number;
    spares: SpareSupplier[];
    linkProducts: number[];
    /** How many open dataset orders receipts may go to. */
    receivingOrders: number;
    random: Random;
  },
): Promise<World> {
  const views = new Map<string, View>();
  const spareIds = new Set(options.spares.map((s) => s.id));
  const suppliers: World['suppliers'] = [];
  for (const id of [...sim.state.suppliers.keys()].filter((id) => !spareIds.has(id))) {
    const supplier = await client.call('getSupplier', { params: { id } });
    if (supplier.supplier_code) suppliers.push({ id, code: supplier.supplier_code });
    views.set(recordKey('supplier', id), supplier);
  }
  for (const spare of options.spares) {
    views.set(
      recordKey('supplier', spare.id),
      await client.call('getSupplier', { params: { id: spare.id } }),
    );
  }

  const customers = await pages((page_number) =>
    client.call('searchCustomers', { query: { page_number, page_size: 500 } }),
  );
  for (const customer of customers) {
    views.set(recordKey('customer', customer.id), customer);
    for (const address of customer.delivery_addresses)
      if (address.id !== null) views.set(recordKey('deliveryAddress', customer.id, address.id), address);
  }

  const invoices = await pages((page_number) =>
    client.call('searchSupplierInvoices', {
      query: {
        filter_by: buildFilter([queryFor('searchSupplierInvoices').where('status').eq('In Progress')]),
        page_number,
        page_size: 500,
      },
    }),
  );
  for (const invoice of invoices) views.set(recordKey('supplierInvoice', invoice.id), invoice);

  const returns: World['returns'] = [];
  for (const id of sim.state.supplierReturns.keys()) {
    const record = await client.call('getSupplierReturn', { params: { id } });
    if (record.supplier_return_status.id === 3) continue;
    views.set(recordKey('supplierReturn', id), record);
    const statusId = record.supplier_return_status.id ?? 1;
    returns.push({ id, statusId, hasItems: record.total_return_quantity > 0, finalised: false });
  }

  const reasons = await pages((page_number) =>
    client.call('searchSupplierReturnReasons', { query: { is_deleted: false, page_number, page_size: 500 } }),
  );

  const orders = await loadOrders(client, options.random, options.receivingOrders);

  return {
    seed: options.seed,
    suppliers,
    spares: options.spares.map((spare) => ({ ...spare, deleted: false })),
    outlets: [...sim.state.outlets.keys()],
    products: [...sim.state.products.keys()],
    linkProducts: options.linkProducts,
    links: new Map(),
    initialLinks: new Map(),
    reasonIds: reasons.flatMap((reason) => (reason.id === null ? [] : [reason.id])),
    customers: customers.map((c) => ({
      id: c.id,
      addressIds: c.delivery_addresses.flatMap((a) => (a.id === null ? [] : [a.id])),
    })),
    newCustomers: [],
    invoices: invoices.map((invoice) => ({ id: invoice.id, finalised: false })),
    returns,
    orders: orders.open,
    closedOrders: orders.closed,
    named: [],
    views,
    counter: 0,
  };
}

/** The product's live links as the queued edits leave them, read from the API the first time. */
export async function linksOf(
  world: World,
  client: ApiClient,
  productId: number,
): Promise<Map<string, View>> {
  let links = world.links.get(productId);
  if (!links) {
    const live = await client.call('listProductSuppliers', { params: { product_id: productId } });
    world.initialLinks.set(productId, live);
    links = new Map(live.map((link) => [link.supplier_code, { ...link }]));
    world.links.set(productId, links);
  }
  return links;
}
