/**
 * How a purchase order's figures read on every PO screen (list, detail, new), so the same order looks the
 * same wherever it appears. Pure: no DOM, no Dexie.
 */
import { resourceLabel } from './format';

/** "PO 1042"; an order created here and not yet synced has a negative temp id: "New PO 3". */
export function poNumber(id: number): string {
  return id < 0 ? `New PO ${-id}` : `PO ${id}`;
}

/** A status name as words: `ReceivingInProgress` → "Receiving in progress". */
export function statusText(name: string): string {
  return resourceLabel(name);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount with two decimals, in the order's currency when it is known. */
export function moneyText(value: number | null | undefined, currency?: string | null): string {
  if (value === null || value === undefined) return '—';
  const key = currency ?? '';
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(currency ? { style: 'currency', currency } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * A date the API sends as a date-time (an ETA is midnight UTC of its day): read in UTC, so it is the same
 * calendar day in every time zone.
 */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return dayFormat().format(at);
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
