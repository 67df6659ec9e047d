/** One meaning for a cost's tax flag: the amount typed includes the tax, which is taken out, never added. */
import { describe, expect, it } from 'vitest';
import { sampleSupplierInvoice } from '../../api/resources/fixtures';
import { costFigures, costOfTyped, invoiceTotals, typedAmountOf, withDirectCosts } from './directCosts';

describe('costOfTyped', () => {
  it('takes the tax out of an amount that includes it: $25.50 stays $25.50, never $28.05', () => {
    expect(costOfTyped(25.5, true)).toEqual({
      includes_tax: true,
      total_ex: 23.18,
      total_tax: 2.32,
      total_inc: 25.5,
    });
    expect(costOfTyped(25.5, false)).toEqual({
      includes_tax: false,
      total_ex: 25.5,
      total_tax: 0,
      total_inc: 25.5,
    });
  });

  it('sends the ex amount whose total, as the server works it out, is the amount typed', () => {
    for (let cents = 1; cents <= 20_000; cents += 7) {
      const amount = cents / 100;
      const cost = costOfTyped(amount, true);
      const server = costFigures(cost.total_ex, true);
      expect(server).toEqual(cost);
      expect(Math.abs(server.total_inc - amount)).toBeLessThanOrEqual(0.0100001);
    }
  });

  it('reads a stored cost back as the amount typed', () => {
    expect(typedAmountOf({ total_ex: 23.18, includes_tax: true })).toBe(25.5);
    expect(typedAmountOf({ total_ex: 50, includes_tax: false })).toBe(50);
  });
});

describe('invoice totals', () => {
  it('adds the costs as typed: freight 25.50 including tax adds 25.50 to the total', () => {
    const invoice = sampleSupplierInvoice();
    const none = {
      freight: costFigures(0, false),
      misc: costFigures(0, false),
      duty: { total_ex: 0, total_tax: 0, total_inc: 0 },
    };
    const base = invoiceTotals(invoice, none);
    const withFreight = invoiceTotals(invoice, { ...none, freight: costOfTyped(25.5, true) });
    expect(withFreight.total_buy_price_inc - base.total_buy_price_inc).toBeCloseTo(25.5, 10);
    const moved = withDirectCosts(
      { ...invoice, direct_costs: none, ...base },
      {
        ...none,
        freight: costOfTyped(25.5, true),
      },
    );
    expect(moved).toMatchObject(withFreight);
  });
});
