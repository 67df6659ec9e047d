/**
 * A supplier return's totals from its items: the one way both sides add them up. The simulator sets a
 * return's header from it (server/domain/purchasing/returnTotals.ts), and the client's return page shows it
 * for the items its cache holds (src/db/supplierReturns/returnRecords.ts), so header and lines agree.
 */
import type { SupplierReturnItem } from './supplierReturn';

export interface ReturnItemSums {
  quantity: number;
  /** Rounded to cents, as the API's amounts are. */
  claimEx: number;
  claimTax: number;
  claimInc: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function sumReturnItems(
  items: readonly Pick<
    SupplierReturnItem,
    'return_quantity' | 'total_claim_amount_ex' | 'total_claim_amount_tax'
  >[],
): ReturnItemSums {
  let quantity = 0;
  let ex = 0;
  let tax = 0;
  for (const item of items) {
    quantity += item.return_quantity;
    ex += item.total_claim_amount_ex;
    tax += item.total_claim_amount_tax;
  }
  return { quantity, claimEx: cents(ex), claimTax: cents(tax), claimInc: cents(ex + tax) };
}
