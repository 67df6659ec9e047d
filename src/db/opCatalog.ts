/**
 * What every op kind is, as pure data both sides of the bridge need: the renderer's outbox writer (which
 * cannot import the engine) and the sync engine's op specs (electron/core/sync/ops) both read it from here,
 * so an op's aggregate, endpoint, payload rules and temp ids can never differ between the two.
 *
 *   operation    the endpoint row the op is sent with (every kind is named after its operation)
 *   payload      the `{params, body}` schema (./opPayload.ts), validated on enqueue and before sending
 *   aggregateOf  the FIFO group (docs/architecture.md, "Sync state machine"): `<group>:<id>` where the id is
 *                a path parameter naming the record changed, or for a create the temp id it makes; a create
 *                whose caller gives no temp id falls back to its natural key (the one reconciliation uses)
 *   creates      the table (and temp-id entity) a create adds to
 *   tempIdsOf    the temp ids the op references: it stays blocked until each is mapped
 *   prepareBody  a body rewrite made once, on enqueue (the PO create's idempotency key)
 *   itemKey      an update whose body is an array of items keyed by this field: merged and resolved item by
 *                item (./keyedArrays.ts), never the whole array against the server's
 * What the engine alone needs (reading responses, reconciliation, labels) stays in the specs.
 */
import { z } from 'zod';
import type { OperationId } from '../api/endpoints';
import { PurchaseOrderCreateSchema } from '../api/requests';
import type { OpKind, OpRecord } from './ops';
import { payloadOf, tempIdsOf, type BodyOf, type Payload } from './opPayload';
import type { CacheTable } from './schema';

/** The op as aggregateOf sees it; `createsTempId` only matters to creates. */
export type OpShape = Pick<OpRecord, 'params' | 'body'> & { createsTempId?: number | undefined };

type AnyPayload = { params: OpRecord['params']; body?: unknown };

export interface OpCatalogEntry<K extends OpKind = OpKind, T = AnyPayload> {
  kind: K;
  operation: OperationId;
  payload: z.ZodType<T>;
  /** The aggregate prefix: `purchaseOrder` → `purchaseOrder:<id>`. */
  group: string;
  creates?: CacheTable;
  /** Parses the payload (throws when invalid) and names its aggregate. */
  aggregateOf(op: OpShape): string;
  tempIdsOf(op: Pick<OpRecord, 'params' | 'body'>): number[];
  prepareBody?(body: unknown, opId: string): unknown;
  itemKey?: string;
}

interface Rule<N extends string, B> {
  /** The endpoint's path parameters (checked against the row when the module loads). */
  params: readonly N[];
  /** A body schema stricter than the contract's. */
  body?: z.ZodType<B>;
  group: string;
  /** The path parameter naming the aggregate's record; creates without one use their temp id. */
  by?: N;
  creates?: CacheTable;
  /** A create's natural key, when its caller gives no temp id. */
  naturalKey?(payload: Payload<N, B>): string;
  prepareBody?(body: unknown, opId: string): unknown;
  itemKey?: string;
}

function entry<K extends OpKind & OperationId, N extends string = never, B extends BodyOf<K> = BodyOf<K>>(
  kind: K,
  rule: Rule<N, B>,
): OpCatalogEntry<K, Payload<N, B>> {
  const payload = payloadOf<K, N, B>(kind, rule.params, rule.body);
  if (rule.by === undefined && (rule.creates === undefined || rule.naturalKey === undefined))
    throw new Error(`${kind}: an aggregate needs a path parameter, or a create's temp id and natural key`);
  return {
    kind,
    operation: kind,
    payload,
    group: rule.group,
    ...(rule.creates ? { creates: rule.creates } : {}),
    aggregateOf(op) {
      const parsed = payload.parse({ params: op.params, body: op.body });
      const id =
        rule.by !== undefined ? parsed.params[rule.by] : (op.createsTempId ?? rule.naturalKey!(parsed));
      return `${rule.group}:${id}`;
    },
    tempIdsOf,
    ...(rule.prepareBody ? { prepareBody: rule.prepareBody } : {}),
    ...(rule.itemKey ? { itemKey: rule.itemKey } : {}),
  };
}

/**
 * The contract leaves external_purchase_order_id optional for other clients; a queued create must carry one,
 * since it is the only key an uncertain create can be found by (the server keeps it unique).
 */
const PurchaseOrderOpBodySchema = PurchaseOrderCreateSchema.extend({
  external_purchase_order_id: z.string().min(1),
});

/**
 * The PO's idempotency key (docs/architecture.md, "Sync state machine"): a lost create is found again by it.
 */
function withExternalId(body: unknown, opId: string): unknown {
  if (!body || typeof body !== 'object') return body;
  const po = body as { external_purchase_order_id?: string | null };
  return po.external_purchase_order_id ? body : { ...po, external_purchase_order_id: `dockhand-${opId}` };
}

/** The `{name}` resources keep live names unique ignoring case: the name is a create's natural key. */
const byName = ({ body }: { body: { name: string } }) => `name:${body.name.toLocaleLowerCase()}`;

export const OP_CATALOG = {
  createPurchaseOrder: entry('createPurchaseOrder', {
    params: [],
    body: PurchaseOrderOpBodySchema,
    group: 'purchaseOrder',
    creates: 'purchaseOrders',
    naturalKey: ({ body }) => `ext:${body.external_purchase_order_id}`,
    prepareBody: withExternalId,
  }),
  deletePurchaseOrderItem: entry('deletePurchaseOrderItem', {
    params: ['id', 'item_id'],
    group: 'purchaseOrder',
    by: 'id',
  }),
  createSupplierInvoice: entry('createSupplierInvoice', {
    params: [],
    group: 'supplierInvoice',
    creates: 'supplierInvoices',
    // The invoice number is unique per order; the first receipt's order is the one it is looked up by.
    naturalKey: ({ body }) =>
      `po:${body.purchase_order_receipts[0]!.purchase_order_id}:number:${body.supplier_invoice_number}`,
  }),
  updateSupplierInvoice: entry('updateSupplierInvoice', {
    params: ['id'],
    group: 'supplierInvoice',
    by: 'id',
  }),
  // Items join their return's aggregate: items added before a finalise must reach the server before it.
  updateSupplierReturn: entry('updateSupplierReturn', { params: ['id'], group: 'supplierReturn', by: 'id' }),
  createSupplierReturnItem: entry('createSupplierReturnItem', {
    params: ['id'],
    group: 'supplierReturn',
    by: 'id',
    creates: 'supplierReturnItems',
  }),
  updateSupplier: entry('updateSupplier', { params: ['id'], group: 'supplier', by: 'id' }),
  deleteSupplier: entry('deleteSupplier', { params: ['id'], group: 'supplier', by: 'id' }),
  // Links are keyed [product_id, supplier_code]: a create has no temp id, the product is the group.
  createProductSuppliers: entry('createProductSuppliers', {
    params: ['product_id'],
    group: 'productSuppliers',
    by: 'product_id',
    creates: 'productSuppliers',
  }),
  // A bulk edit names the links it changes by code: merged link by link, field by field.
  updateProductSuppliers: entry('updateProductSuppliers', {
    params: ['product_id'],
    group: 'productSuppliers',
    by: 'product_id',
    itemKey: 'supplier_code',
  }),
  deleteProductSuppliers: entry('deleteProductSuppliers', {
    params: ['product_id'],
    group: 'productSuppliers',
    by: 'product_id',
  }),
  createCustomer: entry('createCustomer', {
    params: [],
    group: 'customer',
    creates: 'customers',
    // Without a customer number there is no key: such creates share one group rather than guess.
    naturalKey: ({ body }) => (body.customer_number ? `number:${body.customer_number}` : 'new'),
  }),
  updateCustomer: entry('updateCustomer', { params: ['id'], group: 'customer', by: 'id' }),
  // A customer PUT that replaces delivery_addresses and an address PUT keep the user's order.
  updateDeliveryAddress: entry('updateDeliveryAddress', {
    params: ['id', 'address_id'],
    group: 'customer',
    by: 'id',
  }),
  createSupplierReturnReason: entry('createSupplierReturnReason', {
    params: [],
    group: 'returnReason',
    creates: 'returnReasons',
    naturalKey: byName,
  }),
  updateSupplierReturnReason: entry('updateSupplierReturnReason', {
    params: ['id'],
    group: 'returnReason',
    by: 'id',
  }),
  deleteSupplierReturnReason: entry('deleteSupplierReturnReason', {
    params: ['id'],
    group: 'returnReason',
    by: 'id',
  }),
  createShippingPort: entry('createShippingPort', {
    params: [],
    group: 'shippingPort',
    creates: 'shippingPorts',
    naturalKey: byName,
  }),
  updateShippingPort: entry('updateShippingPort', { params: ['id'], group: 'shippingPort', by: 'id' }),
  deleteShippingPort: entry('deleteShippingPort', { params: ['id'], group: 'shippingPort', by: 'id' }),
  createShipmentType: entry('createShipmentType', {
    params: [],
    group: 'shipmentType',
    creates: 'shipmentTypes',
    naturalKey: byName,
  }),
  updateShipmentType: entry('updateShipmentType', { params: ['id'], group: 'shipmentType', by: 'id' }),
  createFixedPriceGroup: entry('createFixedPriceGroup', {
    params: [],
    group: 'fixedPriceGroup',
    creates: 'fixedPriceGroups',
    naturalKey: byName,
  }),
} satisfies { readonly [K in OpKind]: { kind: K } };

/** One kind's entry with its payload typed loosely, for code generic over kinds. */
export function opCatalog(kind: OpKind): OpCatalogEntry {
  return OP_CATALOG[kind] as unknown as OpCatalogEntry;
}
