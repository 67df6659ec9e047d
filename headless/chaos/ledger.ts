/**
 * What each queued edit should leave on the server, by op id: the verifier's side of the generator. Records
 * created offline are named by temp id; the verifier maps them through the store's temp-id table at the end.
 * An edit the scenario means the server to refuse says why (`meantToFail`); every other op must end done.
 */
import type { OpKind, OpRecord } from '../../src/db/ops';
import type { Order, OrderLine } from './types';
import type { NamedRecord } from './world';

export type Expectation =
  | { type: 'createOrder'; order: Order; externalId: string }
  | { type: 'deleteLine'; order: Order; line: OrderLine }
  /** An invoice and the receipts it was queued with: these, no more and no fewer, must reach its orders. */
  | { type: 'createInvoice'; number: string; tempId: number; receipts: QueuedReceipt[] }
  /** An update of these top-level fields of a record (`customer:50001`, `returnReason:-7`, …). */
  | { type: 'update'; record: string; fields: string[] }
  | { type: 'createItem'; returnId: number; notes: string }
  | { type: 'deleteSupplier'; id: number }
  /** Any edit of a product's supplier links; the verifier replays them per product. */
  | { type: 'links'; productId: number }
  | { type: 'createCustomer'; tempId: number; number?: string; lastName: string }
  | { type: 'createNamed'; named: NamedRecord }
  | { type: 'deleteNamed'; named: NamedRecord };

export interface QueuedReceipt {
  order: Order;
  items: { line: OrderLine; qty: number }[];
}

export interface LedgerEntry {
  opId: string;
  kind: OpKind;
  expectation: Expectation;
  /** How and why the server must refuse this op (it must end `failed`); absent: it must end `done`. */
  meantToFail?: MeantToFail;
}

export interface MeantToFail {
  /** The problem status the refusal must carry. */
  status: number;
  why: string;
}

export class Ledger {
  readonly entries = new Map<string, LedgerEntry>();
  /** Server-side edits the harness made to records with a queued update (each one forces a conflict). */
  conflictsForced = 0;
  /** Conflicts the harness resolved as the user would, field by field. */
  conflictsResolved = 0;

  record(op: OpRecord, expectation: Expectation, meantToFail?: MeantToFail): void {
    this.entries.set(op.id, {
      opId: op.id,
      kind: op.kind,
      expectation,
      ...(meantToFail ? { meantToFail } : {}),
    });
  }

  get size(): number {
    return this.entries.size;
  }
}
