/**
 * The outbox's record: one queued write ("op"). Shared by the renderer (which writes an op in the same
 * Dexie transaction as the local edit it describes), the store port and the sync engine.
 *
 * Temp ids: a record created offline gets a negative integer id (-1, -2, …) from the tempIds table. Negative
 * ints satisfy the contract's int32 schemas, so payloads that reference a not-yet-created parent (a return
 * item on an offline return, an invoice receipt on an offline PO) validate as they are; when the parent's
 * create succeeds, the engine rewrites every queued payload and cache row from the temp id to the server id
 * in one transaction.
 */
import { z } from 'zod';

/**
 * queued     waiting for its turn (or for its backoff to pass: nextAttemptAt)
 * sending    write-ahead mark: the request may have left; found in this state after a crash → uncertain
 * uncertain  the outcome is unknown (lost response, crash); reconciled by lookup before any retry
 * failed     the server rejected it (400/403/404/409/422) or reconciliation was ambiguous; the user acts
 * blocked    depends on a failed, conflicted or discarded op (or an unresolved temp id)
 * conflicted the record changed on the server and locally on the same field; the user resolves per field
 * done       applied on the server exactly once; kept briefly for the sync centre, then pruned
 * discarded  the user threw it away (with its dependents)
 */
export const OP_STATES = [
  'queued',
  'sending',
  'uncertain',
  'failed',
  'blocked',
  'conflicted',
  'done',
  'discarded',
] as const;
export const OpStateSchema = z.enum(OP_STATES);
export type OpState = z.infer<typeof OpStateSchema>;

/** Every write operation of the API (src/api/endpoints) that the app queues (issue #4). */
export const OP_KINDS = [
  'createPurchaseOrder',
  'deletePurchaseOrderItem',
  'createSupplierInvoice',
  'updateSupplierInvoice',
  'updateSupplierReturn',
  'createSupplierReturnItem',
  'updateSupplier',
  'deleteSupplier',
  'createProductSuppliers',
  'updateProductSuppliers',
  'deleteProductSuppliers',
  'createCustomer',
  'updateCustomer',
  'updateDeliveryAddress',
  'createSupplierReturnReason',
  'updateSupplierReturnReason',
  'deleteSupplierReturnReason',
  'createShippingPort',
  'updateShippingPort',
  'deleteShippingPort',
  'createShipmentType',
  'updateShipmentType',
  'createFixedPriceGroup',
] as const;
export const OpKindSchema = z.enum(OP_KINDS);
export type OpKind = z.infer<typeof OpKindSchema>;

/** The server's problem body as the user sees it in the sync centre. */
export const OpProblemSchema = z.strictObject({
  status: z.number().int().nullable(),
  title: z.string().nullable(),
  detail: z.string().nullable(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type OpProblem = z.infer<typeof OpProblemSchema>;

/** One field changed on both sides to different values: the user picks per field. */
export const FieldConflictSchema = z.strictObject({
  field: z.string(),
  base: z.unknown(),
  local: z.unknown(),
  server: z.unknown(),
});
export type FieldConflict = z.infer<typeof FieldConflictSchema>;

export const OpRecordSchema = z.strictObject({
  /** Client-generated UUID: stable across retries and restarts. */
  id: z.string().min(1),
  /** Enqueue order (auto-increment in Dexie); FIFO within an aggregate follows it. */
  seq: z.number().int().optional(),
  kind: OpKindSchema,
  /** The aggregate the op belongs to, e.g. `purchaseOrder:-3`, `customer:50012`; FIFO per aggregate. */
  aggregate: z.string().min(1),
  /** Path parameters, query and body for the operation, as the contract's schemas accept them. */
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  body: z.unknown().optional(),
  /** Temp ids (negative) this op's params or body reference; it cannot be sent until they resolve. */
  dependsOnTempIds: z.array(z.number().int().negative()),
  /** The temp id this op creates (creates only): the server id replaces it on success. */
  createsTempId: z.number().int().negative().optional(),
  /** For updates: the server record as the user last saw it, the base of the 3-way merge. */
  baseVersion: z.unknown().optional(),
  state: OpStateSchema,
  attempts: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /** When the last attempt was marked sending (write-ahead), for reconciliation windows. */
  lastAttemptAt: z.iso.datetime().optional(),
  /** Earliest time of the next attempt (backoff / Retry-After). */
  nextAttemptAt: z.iso.datetime().optional(),
  problem: OpProblemSchema.optional(),
  conflicts: z.array(FieldConflictSchema).optional(),
  /** Why the op is blocked or failed, in words for the sync centre. */
  reason: z.string().optional(),
  /** The server id the op produced (creates), once done. */
  resultId: z.number().int().optional(),
  /** A short human label for lists: "New PO for Eastbay Design Group (3 lines)". */
  label: z.string(),
});
export type OpRecord = z.infer<typeof OpRecordSchema>;
