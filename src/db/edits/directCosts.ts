/**
 * An invoice's freight and misc costs as the back office types them: the one home for their arithmetic,
 * used by Complete receipt (../receiving/complete.ts) and the invoice editor (./supplierInvoiceForm.ts,
 * ./supplierInvoices.ts), so both read and total a cost the same way.
 *
 * One meaning, the API field's: `includes_tax` says the amount typed already has tax in it, so the tax is
 * taken out of it, never added on top: $25.50 including tax is $23.18 + $2.32 tax = $25.50, not $28.05.
 * Not ticked, the amount has no tax in it and none is added. The API stores a cost as its ex-tax amount
 * with the flag (`total_ex`, `includes_tax`) and works out the tax and total from them at its rate
 * (server/domain/purchasing/invoiceTotals.ts), so what is sent is the ex amount whose total is the amount
 * typed: the same cost on both sides, whoever computes it.
 */
import type { DirectCosts, SupplierInvoice } from '../../api/resources';

/**
 * The tax rate of a taxed cost. The API names no rate; this is the business's GST, the rate the server
 * applies (server/domain/purchasing/numbers.ts).
 */
export const COST_TAX_RATE = 0.1;

export interface CostFigures {
  includes_tax: boolean;
  total_ex: number;
  total_tax: number;
  total_inc: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A cost stored as its ex amount and flag, with tax and total as the server works them out. */
export function costFigures(totalEx: number, includesTax: boolean): CostFigures {
  const ex = cents(totalEx);
  const tax = includesTax ? cents(ex * COST_TAX_RATE) : 0;
  return { includes_tax: includesTax, total_ex: ex, total_tax: tax, total_inc: cents(ex + tax) };
}

/**
 * The cost of an amount as typed: with tax in it when `includesTax`. The ex amount is the one whose total
 * comes back to the amount typed; for the odd amount no whole-cent ex reaches exactly (tax is rounded to
 * the cent), the nearest, so the total is at most a cent off.
 */
export function costOfTyped(amount: number, includesTax: boolean): CostFigures {
  if (!includesTax) return costFigures(amount, false);
  const guess = cents(amount / (1 + COST_TAX_RATE));
  let best = costFigures(guess, true);
  for (const ex of [cents(guess - 0.01), cents(guess + 0.01)]) {
    if (ex < 0) continue;
    const candidate = costFigures(ex, true);
    if (Math.abs(candidate.total_inc - amount) < Math.abs(best.total_inc - amount) - 1e-9) best = candidate;
  }
  return best;
}

/**
 * A cost amount's label, saying what the figure typed is: "Freight (inc tax)" while its "includes tax" box
 * is ticked, "Freight (ex tax)" while not (then it has no tax, and none is added).
 */
export function amountLabel(cost: string, includesTax: boolean): string {
  return `${cost} (${includesTax ? 'inc' : 'ex'} tax)`;
}

/** The amount as the clerk typed it: the total with its tax when the flag is set, else the ex amount. */
export function typedAmountOf(cost: Pick<CostFigures, 'total_ex' | 'includes_tax'>): number {
  return costFigures(cost.total_ex, cost.includes_tax).total_inc;
}

type Totals = Pick<
  SupplierInvoice,
  'total_buy_price_ex' | 'total_tax' | 'total_buy_price_inc' | 'total_applied_buy_price_ex'
>;

/** The invoice's totals at these direct costs, worked out as the server does. */
export function invoiceTotals(
  invoice: Pick<
    SupplierInvoice,
    'purchase_order_receipts' | 'rounding_adjustment' | 'landed_costs_calculation' | 'currency_conversion'
  >,
  costs: DirectCosts,
): Totals {
  let ex = costs.freight.total_ex + costs.misc.total_ex + costs.duty.total_ex;
  let tax = costs.freight.total_tax + costs.misc.total_tax + costs.duty.total_tax;
  for (const receipt of invoice.purchase_order_receipts) {
    for (const line of receipt.purchase_order_receipt_items) {
      const lineEx = cents(line.buy_price_ex * line.quantity_invoiced);
      ex += lineEx;
      if (line.include_tax) tax += cents(lineEx * COST_TAX_RATE);
    }
  }
  const conversion =
    invoice.landed_costs_calculation === 'Currency Conversion' ? (invoice.currency_conversion ?? 1) : 1;
  return {
    total_buy_price_ex: cents(ex),
    total_tax: cents(tax),
    total_buy_price_inc: cents(ex + tax + invoice.rounding_adjustment),
    total_applied_buy_price_ex: cents(ex * conversion),
  };
}

/**
 * The invoice with new direct costs: each changed cost line's tax and total worked out here, and the
 * invoice's totals moved by exactly what the costs changed, so the rest of the server's figures stand
 * until its answer replaces the row.
 */
export function withDirectCosts<T extends SupplierInvoice>(invoice: T, costs: DirectCosts): T {
  const before = invoice.direct_costs;
  const sum = (c: DirectCosts, key: 'total_ex' | 'total_tax') => c.freight[key] + c.misc[key] + c.duty[key];
  const exBy = sum(costs, 'total_ex') - sum(before, 'total_ex');
  const taxBy = sum(costs, 'total_tax') - sum(before, 'total_tax');
  const conversion =
    invoice.landed_costs_calculation === 'Currency Conversion' ? (invoice.currency_conversion ?? 1) : 1;
  return {
    ...invoice,
    direct_costs: costs,
    total_buy_price_ex: cents(invoice.total_buy_price_ex + exBy),
    total_tax: cents(invoice.total_tax + taxBy),
    total_buy_price_inc: cents(invoice.total_buy_price_inc + exBy + taxBy),
    total_applied_buy_price_ex: cents(invoice.total_applied_buy_price_ex + exBy * conversion),
  };
}
