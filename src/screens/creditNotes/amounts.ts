/**
 * Amounts of credit notes and supplier returns as a clerk reads them: two decimals, and the supplier's
 * currency code after the figure when the page or list mixes currencies ("16.80 NZD"), so two figures in
 * different currencies never look alike. The returns area uses it too.
 */
import { moneyText } from '../../lib/recordFormat';

export function amountText(
  value: number | null | undefined,
  currency: string | null,
  withCode: boolean,
): string {
  const figure = moneyText(value);
  return withCode && currency && figure !== '—' ? `${figure} ${currency}` : figure;
}
