/**
 * The order shapes the chaos run shares across its parts: loaded by ./orders.ts, held in the world
 * (./world.ts), written into the ledger and checked by the verifier. They live here, below all of those, so
 * loading orders and holding them in the world do not import each other.
 */

export interface OrderLine {
  /** The line's temp id on an order the run created, its server id on a dataset order. */
  id: number;
  product: number;
  qty: number;
  /** quantity_received before the run (0 on the run's own orders). */
  start: number;
  /** Units the run's queued receipts add to it. */
  received: number;
  deleted: boolean;
}

export interface Order {
  /** A temp id for an order the run created offline, a server id for a dataset order. */
  id: number;
  /** Created by the run (only those get line deletes). */
  ours: boolean;
  lines: OrderLine[];
}
