/**
 * Supplier invoice money (the API names the totals only; the arithmetic is ours):
 *  - a receipt line costs buy_price_ex × quantity_invoiced, taxed at TAX_RATE when its include_tax is set;
 *  - freight and misc are taxed at TAX_RATE when their includes_tax is set (the flag says the cost attracts
 *    tax; total_ex stays the ex-tax amount); duty is never taxed;
 *  - total_buy_price_ex = lines + direct costs (ex), total_tax = their tax, and total_buy_price_inc =
 *    ex + tax + rounding_adjustment;
 *  - total_applied_buy_price_ex is what is applied to stock in the local currency: total_buy_price_ex times
 *    currency_conversion when landed costs use 'Currency Conversion', otherwise total_buy_price_ex.
 */
import type {
  DirectCost,
  DirectCosts as DirectCostsInput,
  DirectCostsUpdate,
} from '../../../src/api/requests';
import type { DirectCosts, SupplierInvoice } from '../../../src/api/resources';
import { money, withTax } from './numbers';

function taxableCost(input: DirectCost | undefined) {
  const includes_tax = input?.includes_tax ?? false;
  const { ex, tax, inc } = withTax(input?.total_ex ?? 0, includes_tax);
  return { includes_tax, total_ex: ex, total_tax: tax, total_inc: inc };
}

/** The stored direct costs of a create body; a cost line not sent is zero. */
export function directCostsOf(input: DirectCostsInput | undefined): DirectCosts {
  const duty = withTax(input?.duty?.total_ex ?? 0, false);
  return {
    freight: taxableCost(input?.freight),
    misc: taxableCost(input?.misc),
    duty: { total_ex: duty.ex, total_tax: duty.tax, total_inc: duty.inc },
  };
}

/**
 * The stored direct costs with an update's changes merged in, line by line and field by field (PUT is
 * partial: what is not sent stays); each changed line's tax and inc are recomputed from its ex and flag.
 */
export function mergedDirectCosts(stored: DirectCosts, changes: DirectCostsUpdate | undefined): DirectCosts {
  if (!changes) return stored;
  const merged = (line: DirectCosts['freight'], change: Partial<DirectCost> | undefined) =>
    change
      ? taxableCost({
          includes_tax: change.includes_tax ?? line.includes_tax,
          total_ex: change.total_ex ?? line.total_ex,
        })
      : line;
  const duty = changes.duty
    ? withTax(changes.duty.total_ex ?? stored.duty.total_ex, false)
    : { ex: stored.duty.total_ex, tax: stored.duty.total_tax, inc: stored.duty.total_inc };
  return {
    freight: merged(stored.freight, changes.freight),
    misc: merged(stored.misc, changes.misc),
    duty: { total_ex: duty.ex, total_tax: duty.tax, total_inc: duty.inc },
  };
}

export function recomputeInvoiceTotals(invoice: SupplierInvoice): void {
  const { freight, misc, duty } = invoice.direct_costs;
  let ex = freight.total_ex + misc.total_ex + duty.total_ex;
  let tax = freight.total_tax + misc.total_tax + duty.total_tax;
  for (const receipt of invoice.purchase_order_receipts) {
    for (const line of receipt.purchase_order_receipt_items) {
      const amount = withTax(line.buy_price_ex * line.quantity_invoiced, line.include_tax);
      ex += amount.ex;
      tax += amount.tax;
    }
  }
  invoice.total_buy_price_ex = money(ex);
  invoice.total_tax = money(tax);
  invoice.total_buy_price_inc = money(ex + tax + invoice.rounding_adjustment);
  const conversion =
    invoice.landed_costs_calculation === 'Currency Conversion' ? (invoice.currency_conversion ?? 1) : 1;
  invoice.total_applied_buy_price_ex = money(ex * conversion);
}
