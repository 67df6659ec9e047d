/**
 * Amounts of credit notes and supplier returns: the one money rule (../../lib/recordFormat.ts moneyText),
 * the supplier's currency named whenever it is not the business's own. Kept for the return page until it
 * calls moneyText itself; `_withCode` is ignored (every foreign figure names its code now, issue 26).
 */
import { moneyText } from '../../lib/recordFormat';

export function amountText(
  value: number | null | undefined,
  currency: string | null,
  _withCode?: boolean,
): string {
  return moneyText(value, currency);
}
