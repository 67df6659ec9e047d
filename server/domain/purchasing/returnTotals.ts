/**
 * Supplier return money (the API names the totals only; the arithmetic is ours). Per item:
 * total_original_buy_ex = original_buy_ex × return_quantity and total_claim_amount_ex = claim_amount_ex ×
 * return_quantity, taxed at TAX_RATE when the return's include_tax is set. The return's totals are the sums
 * over its items, recomputed whole after every change.
 */
import { sumReturnItems, type SupplierReturn, type SupplierReturnItem } from '../../../src/api/resources';
import type { SimState } from '../../state';
import { money, withTax } from './numbers';

export function itemsOfReturn(state: SimState, returnId: number): SupplierReturnItem[] {
  const items: SupplierReturnItem[] = [];
  for (const item of state.supplierReturnItems.values())
    if (item.supplier_return_id === returnId) items.push(item);
  return items;
}

/** Sets an item's totals from its unit amounts, quantity and the return's include_tax. */
export function priceReturnItem(item: SupplierReturnItem, includeTax: boolean): void {
  const claim = withTax(item.claim_amount_ex * item.return_quantity, includeTax);
  item.total_original_buy_ex = money(item.original_buy_ex * item.return_quantity);
  item.total_claim_amount_ex = claim.ex;
  item.total_claim_amount_tax = claim.tax;
  item.total_claim_amount_inc = claim.inc;
}

export function recomputeReturnTotals(ret: SupplierReturn, items: readonly SupplierReturnItem[]): void {
  const sums = sumReturnItems(items);
  ret.total_return_quantity = sums.quantity;
  ret.total_claim_amount_ex = sums.claimEx;
  ret.total_claim_amount_tax = sums.claimTax;
  ret.total_claim_amount_inc = sums.claimInc;
}
