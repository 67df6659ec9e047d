/**
 * How scorecard figures read on screen (docs/scorecard.md defines them): the words beside each rate, and
 * what is said where the cache cannot tell a figure.
 */
import { localDate } from '../../db/edits/purchaseOrders';
import type { Deliveries, Scorecard } from '../../db/scorecard/compute';
import { counted, moneyText } from '../../lib/recordFormat';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 26" for `2026-03`. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

export const fillDetail = (card: Scorecard) =>
  `${card.fill.part.toLocaleString()} of ${counted(card.fill.whole, 'unit')}`;
export const onTimeDetail = (card: Scorecard) =>
  `${card.onTime.part.toLocaleString()} of ${counted(card.onTime.whole, 'order')}`;
export const faultyDetail = (card: Scorecard) =>
  `${card.faulty.part.toLocaleString()} of ${counted(card.faulty.whole, 'unit')} received`;

export const UNKNOWN = {
  fill: 'No order fully received in this period',
  onTime: 'No delivery to compare with an ETA',
  faulty: 'Nothing received in this period',
};

/** "2 orders, 14 units" or "None". */
export function deliveriesText(part: Deliveries): string {
  return part.orders === 0 ? 'None' : `${counted(part.orders, 'order')}, ${counted(part.units, 'unit')}`;
}

const days = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} days`;

/** The average lead time and the stated one (or why the average is not known), as two phrases. */
export function leadTimeParts(card: Scorecard): { average: string; stated: string } {
  const { averageDays, statedDays } = card.leadTime;
  if (averageDays === null) return { average: 'Not known', stated: 'no received order with a sent date' };
  const stated = statedDays === null ? 'stated: not known' : `stated ${days(statedDays)}`;
  return { average: days(averageDays), stated };
}

/** "12.5 days (stated 10 days)", or why it is not known. */
export function leadTimeText(card: Scorecard): string {
  const { average, stated } = leadTimeParts(card);
  return card.leadTime.averageDays === null ? `${average}: ${stated}` : `${average} (${stated})`;
}

/** Each currency's total on its own line: never one sum across currencies. */
export function spendTexts(card: Scorecard): string[] {
  return card.spend.length ? card.spend.map((spend) => moneyText(spend.total, spend.currency)) : ['None'];
}

/** What the on-time rate leaves out, so the buyer knows what it is out of. */
export function onTimeNotes(card: Scorecard): string[] {
  return [
    card.leftOut.noEta ? `${counted(card.leftOut.noEta, 'order')} without an ETA` : '',
    card.leftOut.notDue ? `${counted(card.leftOut.notDue, 'order')} not due yet` : '',
    card.leftOut.noDeliveryDate
      ? `${counted(card.leftOut.noDeliveryDate, 'order')} without a delivery date`
      : '',
  ].filter(Boolean);
}

/** Today on this PC's calendar, `YYYY-MM-DD`: the last day of a period that runs up to today. */
export const todayText = () => localDate(new Date());

/** A rate's bar as both screens draw it (components/chart/RateBar): the rate, its words, and which way is good. */
export function rateBar(card: Scorecard, figure: 'fill' | 'onTime' | 'faulty') {
  const detail = { fill: fillDetail, onTime: onTimeDetail, faulty: faultyDetail }[figure](card);
  const good = figure === 'faulty' ? ('low' as const) : ('high' as const);
  return { rate: card[figure].rate, detail, unknown: UNKNOWN[figure], good };
}

/** 0.925 → 92.5, as RateBar shows a rate; unknown stays unknown. */
export const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
