/**
 * What each queued edit should leave on the server, by op id: the verifier's side of the generator. Records
 * created offline are named by temp id; the verifier maps them through the store's temp-id table at the end.
 */
import type { OpKind, OpRecord } from '../../../../src/db/ops';
import type { NamedRecord, Order, OrderLine } from './world';

export type Expectation =
  | { type: 'createOrder'; order: Order }
  | { type: 'deleteLine'; order: Order; line: OrderLine }
  | { type: 'createInvoice'; number: string; tempId: number }
  /** An update of these top-level fields of a record (`customer:50001`, `returnReason:-7`, …). */
  | { type: 'update'; record: string; fields: string[] }
  | { type: 'createItem'; returnId: number; notes: string }
  | { type: 'deleteSupplier'; id: number }
  /** Any edit of a product's supplier links; the verifier replays them per product. */
  | { type: 'links'; productId: number }
  | { type: 'createCustomer'; tempId: number; number?: string; lastName: string }
  | { type: 'createNamed'; named: NamedRecord }
  | { type: 'deleteNamed'; named: NamedRecord };

export interface LedgerEntry {
  opId: string;
  kind: OpKind;
  expectation: Expectation;
}

export class Ledger {
  readonly entries = new Map<string, LedgerEntry>();
  /** Server-side edits the harness made to records with a queued update (each one forces a conflict). */
  conflictsForced = 0;
  /** Conflicts the harness resolved as the user would, field by field. */
  conflictsResolved = 0;

  record(op: OpRecord, expectation: Expectation): void {
    this.entries.set(op.id, { opId: op.id, kind: op.kind, expectation });
  }

  get size(): number {
    return this.entries.size;
  }
}
