/**
 * How a purchase order's figures read on every PO screen (list, detail, new), so the same order looks the
 * same wherever it appears, and how money reads on every screen. Pure: no DOM, no Dexie.
 */
import { resourceLabel } from './format';
import { ownCurrency } from './ownCurrency';

/** "PO 1042"; an order created here and not yet synced has a negative temp id: "New PO 3". */
export function poNumber(id: number): string {
  return id < 0 ? `New PO ${-id}` : `PO ${id}`;
}

/** A status name as words: `ReceivingInProgress` → "Receiving in progress". */
export function statusText(name: string): string {
  return resourceLabel(name);
}

/**
 * Money reads the same way on every screen and every computer: en-AU digits (1,146.55), fixed so a figure
 * never changes shape with the PC's language settings (and tests see what clerks see).
 */
export const MONEY_LOCALE = 'en-AU';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string | null, own: boolean): Intl.NumberFormat {
  const key = `${currency ?? ''}|${own}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(MONEY_LOCALE, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // An amount that rounds to zero is 0.00, never -0.00.
      signDisplay: 'negative',
      ...(currency ? { style: 'currency', currency, currencyDisplay: own ? 'narrowSymbol' : 'code' } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount with two decimals, by one rule on every screen (issue 26):
 *  - in the business's own currency (./ownCurrency.ts), plainly with its symbol: "$1,146.55";
 *  - in any other currency, always with its code: "USD 161.96" (a bare "$" would pass for our own dollars);
 *  - `currency` null: the cache does not know the figure's currency (a supplier none of whose orders is on
 *    this computer), so no symbol claims one: "161.96".
 * Leave `currency` out for figures that are the business's own by nature (customer balances, sell prices,
 * landed costs). While the own currency is not known yet (before the first sync brings an outlet), every
 * known currency names its code.
 */
export function moneyText(value: number | null | undefined, currency?: string | null): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const own = ownCurrency();
  const code = currency === undefined ? own : currency;
  return moneyTexts.get(`${value}|${code ?? ''}|${own ?? ''}`, () => {
    // Intl throws on a code that is not three letters; such a code is still named, the same way round.
    if (code !== null && !/^[A-Za-z]{3}$/.test(code))
      return `${code}\u00a0${moneyFormat(null, false).format(value)}`;
    return moneyFormat(code, code !== null && code === own).format(value);
  });
}

/**
 * Texts made once and kept by what they were made from: a list draws the same dates and amounts again and
 * again (its rows as a sync lands, a scroll), and one Intl format call took 0.3–0.5 ms at 4× CPU throttle
 * (dayText 14.6 ms and moneyText 10.3 ms of one 126 ms task redrawing the purchase order list mid-sync,
 * bench/stress/profile.ts, issue #24). At most `limit` are kept; past it they are all forgotten at once.
 */
export class KeptTexts {
  readonly #kept = new Map<string, string>();

  constructor(private readonly limit = 5_000) {}

  get(key: string, make: () => string): string {
    let text = this.#kept.get(key);
    if (text === undefined) {
      if (this.#kept.size >= this.limit) this.#kept.clear();
      this.#kept.set(key, (text = make()));
    }
    return text;
  }

  get size(): number {
    return this.#kept.size;
  }
}

const moneyTexts = new KeptTexts();
const dayTexts = new KeptTexts();

/** "US dollar (USD)": the words a form shows for the currency an amount will be in. */
export function currencyLabel(currency: { currency_code: string; currency_name: string }): string {
  return currency.currency_name && currency.currency_name !== currency.currency_code
    ? `${currency.currency_name} (${currency.currency_code})`
    : currency.currency_code;
}

/**
 * A date the API sends as a date-time (an ETA is midnight UTC of its day): read in UTC, so it is the same
 * calendar day in every time zone.
 */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dayTexts.get(iso, () => {
    const at = Date.parse(iso);
    return Number.isNaN(at) ? iso : dayFormat().format(at);
  });
}

// One formatter for the page's life: toLocaleDateString with options builds a new one per call, which
// was 1.5 s of the renderer's main thread in two minutes of the large demo's first sync, the lists
// re-rendering as orders arrived (bench/sync --profile).
let days: Intl.DateTimeFormat | undefined;
function dayFormat(): Intl.DateTimeFormat {
  return (days ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }));
}

/** "1 line", "3 lines". */
export function counted(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;
}
