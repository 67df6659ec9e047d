/**
 * A quantity and a price as suppliers write them in a CSV, read into numbers or refused in a clerk's words.
 * The bounds are the New PO form's (../edits/formBounds.ts), so a row accepted here is never refused when
 * the order is raised.
 *
 * Prices: "12.50", "$12.50", "12,50" (a decimal comma, as semicolon files from Europe write it),
 * "1,234.50" and "1.234,50". Quantities are whole units: "12", "12.0", "1,200".
 */
import { PRICE_PLACES, QUANTITY_MAX, UNIT_PRICE_MAX } from '../edits/formBounds';

export type ValueRead = { ok: true; value: number } | { ok: false; message: string };

/** Spaces (also thin and no-break ones) and currency signs or codes around the figure. */
function bare(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(AUD|NZD|USD|EUR|GBP)/i, '')
    .replace(/(AUD|NZD|USD|EUR|GBP)$/i, '')
    .replace(/^[$€£]|[$€£]$/g, '');
}

/** A decimal figure with either separator convention, or null when it is not one. */
function decimalOf(text: string): number | null {
  let figure = text;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(figure)) figure = figure.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(figure)) figure = figure.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d+$/.test(figure)) figure = figure.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(figure) && !/^\.\d+$/.test(figure)) return null;
  return Number(figure);
}

export function readQuantity(text: string): ValueRead {
  const raw = bare(text);
  if (raw === '') return { ok: false, message: 'No quantity' };
  if (raw.startsWith('-')) return { ok: false, message: `Quantity "${text.trim()}" is below zero` };
  const value = /^\d{1,3}(,\d{3})+$/.test(raw) ? Number(raw.replace(/,/g, '')) : decimalOf(raw);
  if (value === null) return { ok: false, message: `Quantity "${text.trim()}" is not a number` };
  if (!Number.isInteger(value)) return { ok: false, message: `Quantity "${text.trim()}" is not whole units` };
  if (value === 0) return { ok: false, message: 'Quantity is 0' };
  if (value > QUANTITY_MAX)
    return { ok: false, message: `Quantity ${value.toLocaleString('en-AU')} is more than a line can take` };
  return { ok: true, value };
}

/** An empty price is `null`: the line takes the supplier's buy price. */
export function readPrice(text: string): ValueRead | { ok: true; value: null } {
  const raw = bare(text);
  if (raw === '') return { ok: true, value: null };
  if (raw.startsWith('-')) return { ok: false, message: `Price "${text.trim()}" is below zero` };
  const value = decimalOf(raw);
  if (value === null) return { ok: false, message: `Price "${text.trim()}" is not a number` };
  if (value > UNIT_PRICE_MAX)
    return { ok: false, message: `Price ${text.trim()} is more than a unit can cost` };
  const places = Math.round(value * 10 ** PRICE_PLACES) / 10 ** PRICE_PLACES;
  if (Math.abs(places - value) > 1e-9)
    return { ok: false, message: `Price "${text.trim()}" has more than ${PRICE_PLACES} decimal places` };
  return { ok: true, value };
}
