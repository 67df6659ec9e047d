/**
 * `state.nextId`: one past the highest id of every sequence, read from the generated records themselves (not
 * from the generator's counters), so it is right even for sequences that ended up empty. Sequence names are
 * the id-keyed Map names of STATE_MAPS, plus the children that live inside other records.
 */
import { STATE_MAPS, type SimState } from '../state';
import { ID_BASES, type Sequence } from './ids';

/**
 * Maps of STATE_MAPS whose keys are not record ids: msl by `product:outlet`, product suppliers by product.
 */
const NOT_SEQUENCES = new Set<string>(['msl', 'productSuppliers', 'loyaltyHistory']);

export function computeNextIds(state: Omit<SimState, 'nextId'>): Record<string, number> {
  const highest: Record<string, number> = {};
  const see = (sequence: Sequence, id: number | null | undefined) => {
    if (id != null && id >= (highest[sequence] ?? 0)) highest[sequence] = id;
  };

  for (const name of STATE_MAPS) {
    if (NOT_SEQUENCES.has(name)) continue;
    for (const id of (state[name] as Map<number, unknown>).keys()) see(name as Sequence, id);
  }
  for (const order of state.purchaseOrders.values())
    for (const item of order.items) see('purchaseOrderItems', item.po_item_id);
  for (const entries of state.loyaltyHistory.values())
    for (const entry of entries) see('loyaltyHistory', entry.id);
  for (const customer of state.customers.values())
    for (const address of customer.delivery_addresses) see('deliveryAddresses', address.id);
  for (const invoice of state.supplierInvoices.values())
    for (const receipt of invoice.purchase_order_receipts) see('receipts', receipt.id);

  // An empty sequence starts at its base, so ids created later stay inside their range.
  const next: Record<string, number> = {};
  for (const sequence of Object.keys(ID_BASES) as Sequence[]) {
    next[sequence] = highest[sequence] !== undefined ? highest[sequence] + 1 : ID_BASES[sequence];
  }
  return next;
}
