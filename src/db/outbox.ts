/**
 * The renderer-side writer of the outbox (design.md "Where data lives"): a local edit and the op that
 * replays it are written in ONE Dexie transaction, so an edit is never shown without being queued, nor
 * queued without being shown.
 *
 * The op's payload is validated with the endpoint's own params/query/body schemas from src/api (the kind
 * specs live in electron/core, which the renderer cannot import; every OpKind is named after its endpoint).
 */
import { z } from 'zod';
import { ENDPOINTS, type EndpointSpec } from '../api/endpoints';
import type { CacheKey, CacheWrite } from './cacheWrites';
import { keyOf } from './cacheRows';
import { refreshBlocking } from './dexieStore';
import { OpRecordSchema, type OpKind, type OpRecord } from './ops';
import { writePendingRows, type PendingRow } from './pendingRows';
import { CACHE_TABLES, type DockhandDb, type LocalMeta } from './schema';
import { allTempIds } from './tempIds';
import { remapTempIds, tempIdsIn } from './tempRefs';

export interface EnqueueInput {
  kind: OpKind;
  /** Path parameters, then query parameters, as the endpoint's schemas accept them. */
  params: Record<string, number | string>;
  body?: unknown;
  /** Updates: the server record as the user saw it when editing (the base of the 3-way merge). */
  baseVersion?: unknown;
  /** The local edit: full rows to put (in their cached shape) and keys to delete. */
  cacheChanges: CacheWrite[];
  label: string;
  /** Creates: the temp id (allocateTempId) the new record carries until the server id replaces it. */
  createsTempId?: number;
  /** Defaults to `<entity>:<id>` from the kind (see AGGREGATES). */
  aggregate?: string;
  now?: Date;
}

export class OutboxValidationError extends Error {
  constructor(
    readonly kind: OpKind,
    readonly fields: Record<string, string[]>,
  ) {
    super(`${kind}: the queued edit does not match the API contract`);
    this.name = 'OutboxValidationError';
  }
}

/** FIFO group of each kind: the record it changes, by a path parameter or, for creates, its temp id. */
const AGGREGATES: Record<OpKind, { entity: string; param?: string }> = {
  createPurchaseOrder: { entity: 'purchaseOrder' },
  deletePurchaseOrderItem: { entity: 'purchaseOrder', param: 'id' },
  createSupplierInvoice: { entity: 'supplierInvoice' },
  updateSupplierInvoice: { entity: 'supplierInvoice', param: 'id' },
  updateSupplierReturn: { entity: 'supplierReturn', param: 'id' },
  createSupplierReturnItem: { entity: 'supplierReturn', param: 'id' },
  updateSupplier: { entity: 'supplier', param: 'id' },
  deleteSupplier: { entity: 'supplier', param: 'id' },
  createProductSuppliers: { entity: 'product', param: 'product_id' },
  updateProductSuppliers: { entity: 'product', param: 'product_id' },
  deleteProductSuppliers: { entity: 'product', param: 'product_id' },
  createCustomer: { entity: 'customer' },
  updateCustomer: { entity: 'customer', param: 'id' },
  updateDeliveryAddress: { entity: 'customer', param: 'id' },
  createSupplierReturnReason: { entity: 'returnReason' },
  updateSupplierReturnReason: { entity: 'returnReason', param: 'id' },
  deleteSupplierReturnReason: { entity: 'returnReason', param: 'id' },
  createShippingPort: { entity: 'shippingPort' },
  updateShippingPort: { entity: 'shippingPort', param: 'id' },
  deleteShippingPort: { entity: 'shippingPort', param: 'id' },
  createShipmentType: { entity: 'shipmentType' },
  updateShipmentType: { entity: 'shipmentType', param: 'id' },
  createFixedPriceGroup: { entity: 'fixedPriceGroup' },
};

export function aggregateFor(
  kind: OpKind,
  params: EnqueueInput['params'],
  createsTempId?: number,
  opId = '',
) {
  const { entity, param } = AGGREGATES[kind];
  const id = param ? params[param] : createsTempId;
  return id === undefined ? `${entity}:new:${opId}` : `${entity}:${id}`;
}

/** Splits the op's params into the endpoint's path and query parameters and validates all three parts. */
export function validatePayload(kind: OpKind, params: EnqueueInput['params'], body: unknown): void {
  const endpoint = ENDPOINTS[kind] as EndpointSpec;
  const pathNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = Object.fromEntries(Object.entries(params).filter(([k]) => pathNames.includes(k)));
  const query = Object.fromEntries(Object.entries(params).filter(([k]) => !pathNames.includes(k)));
  const fields: Record<string, string[]> = {};
  const check = (where: string, schema: z.ZodType | null, value: unknown) => {
    if (!schema) {
      if (value !== undefined && !(typeof value === 'object' && Object.keys(value ?? {}).length === 0)) {
        (fields[where] ??= []).push(`${kind} takes no ${where}`);
      }
      return;
    }
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      (fields[[where, ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
    }
  };
  check('params', endpoint.params, path);
  check('query', endpoint.query, query);
  check('body', endpoint.body, body);
  if (Object.keys(fields).length) throw new OutboxValidationError(kind, fields);
}

const isLocalKey = (key: string) => key.startsWith('_');

function changedFields(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)].filter((k) => !isLocalKey(k)));
  return [...keys].filter((k) => !before || JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

type Row = Record<string, unknown> & LocalMeta;

/** Applies the local edit, recording per row what changed and what it held before (for rebase and undo). */
async function applyLocalEdit(
  db: DockhandDb,
  opId: string,
  writes: readonly CacheWrite[],
): Promise<PendingRow[]> {
  const touched: PendingRow[] = [];
  for (const write of writes) {
    const table = db.table<Row, CacheKey>(write.table);
    for (const key of write.delete ?? []) {
      const before = await table.get(key);
      if (!before) continue;
      await table.delete(key);
      const { _pendingOps: _, ...row } = before;
      touched.push({ table: write.table, key, fields: Object.keys(row), before: row, deleted: true });
    }
    for (const raw of write.put ?? []) {
      const row = raw as Row;
      const key = keyOf(db, write.table, row);
      const existing = await table.get(key);
      const fields = changedFields(existing, row);
      const before = existing
        ? Object.fromEntries(fields.filter((f) => f in existing).map((f) => [f, existing[f]]))
        : null;
      const pending = [...(existing?._pendingOps ?? []), opId];
      const next: Row = { ...row, _pendingOps: pending };
      if (typeof key === 'number' ? key < 0 : key[0] < 0) next._temp = true;
      if (existing?._fetchedAt) next._fetchedAt = existing._fetchedAt;
      await table.put(next);
      touched.push({ table: write.table, key, fields, before });
    }
  }
  return touched;
}

/** Queues one edit: validates it, applies the local change and writes the op, all in one transaction. */
export async function enqueue(db: DockhandDb, input: EnqueueInput): Promise<OpRecord> {
  const id = crypto.randomUUID();
  let body = input.body;
  // The PO's idempotency key (design.md "Write-ahead"): a lost create is found again by it.
  if (input.kind === 'createPurchaseOrder' && body && typeof body === 'object') {
    const po = body as { external_purchase_order_id?: string | null };
    if (!po.external_purchase_order_id) body = { ...po, external_purchase_order_id: `dockhand-${id}` };
  }
  validatePayload(input.kind, input.params, body);
  const tables = [db.outbox, db.tempIds, db.meta, ...CACHE_TABLES.map((name) => db.table(name))];
  return db.transaction('rw', tables, async () => {
    // A temp id the UI still shows may have resolved meanwhile: the op is written with the server id.
    const resolved = new Map(
      (await allTempIds(db)).flatMap((e) =>
        e.serverId === undefined ? [] : [[e.tempId, e.serverId] as const],
      ),
    );
    const params = remapTempIds(input.params, resolved).value;
    const payloadBody = remapTempIds(body, resolved).value;
    const op: OpRecord = {
      id,
      kind: input.kind,
      aggregate: input.aggregate ?? aggregateFor(input.kind, params, input.createsTempId, id),
      params,
      dependsOnTempIds: tempIdsIn({ params, body: payloadBody }).filter((t) => t !== input.createsTempId),
      state: 'queued',
      attempts: 0,
      createdAt: (input.now ?? new Date()).toISOString(),
      label: input.label,
    };
    if (payloadBody !== undefined) op.body = payloadBody;
    if (input.baseVersion !== undefined) op.baseVersion = remapTempIds(input.baseVersion, resolved).value;
    if (input.createsTempId !== undefined) op.createsTempId = input.createsTempId;
    OpRecordSchema.parse(op);
    await writePendingRows(db, id, await applyLocalEdit(db, id, input.cacheChanges));
    await db.outbox.add(op);
    await refreshBlocking(db);
    return (await db.outbox.where('id').equals(id).first())!;
  });
}

export { allocateTempId } from './tempIds';
