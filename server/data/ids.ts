/**
 * Where each id sequence starts. The ranges do not overlap (a large dataset stays inside its range), so an id
 * passed to the wrong resource is a clean 404 in tests rather than a different record that happens to exist.
 * After generation, `state.nextId[sequence]` is one past the highest id generated (see nextIds.ts).
 */
export const ID_BASES = {
  outlets: 1,
  suppliers: 101,
  returnReasons: 1,
  shippingPorts: 1,
  shipmentTypes: 1,
  standardPriceGroups: 1,
  fixedPriceGroups: 11,
  surveySegments: 1,
  products: 10_001,
  customers: 50_001,
  purchaseOrders: 100_001,
  supplierInvoices: 200_001,
  receipts: 300_001,
  supplierReturns: 400_001,
  supplierReturnItems: 500_001,
  creditNotes: 600_001,
  creditNoteItems: 700_001,
  loyaltyHistory: 800_001,
  purchaseOrderItems: 1_000_001,
  deliveryAddresses: 2_000_001,
} as const;

export type Sequence = keyof typeof ID_BASES;

/** Hands out ascending ids per sequence during generation. */
export class IdCounter {
  private readonly next: Record<string, number> = { ...ID_BASES };

  take(sequence: Sequence): number {
    const id = this.next[sequence]!;
    this.next[sequence] = id + 1;
    return id;
  }
}
