/**
 * Rounding and tax for every purchasing total. Rounding is the generator's (server/data/random.ts), so
 * generated records and records the handlers change agree to the cent. The API gives no tax rate; we use a
 * flat 10% (GST-style) wherever a line or cost is taxed.
 */
import { money } from '../../data/random';

export { money, round } from '../../data/random';

export const TAX_RATE = 0.1;

/** {ex, tax, inc} of an ex-tax amount, each rounded to cents, with inc = ex + tax exactly. */
export function withTax(amountEx: number, taxed: boolean) {
  const ex = money(amountEx);
  const tax = taxed ? money(ex * TAX_RATE) : 0;
  return { ex, tax, inc: money(ex + tax) };
}
