/**
 * A supplier's scorecard, worked out from records already read (./read.ts reads them): pure arithmetic, so
 * every rule is pinned by the hand-computed fixture in ./compute.test.ts. Each figure's definition, in a
 * buyer's words, is docs/scorecard.md; where the cache cannot tell a figure, it is null (or counted as
 * unknown), never guessed.
 */
import type { CachedPurchaseOrder, CachedPurchaseOrderItem } from '../schema';
import { dayOf, monthsOf, within, type Period } from './period';

export type ScoredOrder = Pick<
  CachedPurchaseOrder,
  'id' | 'supplier' | 'status' | 'eta' | 'sent_on' | 'created_on' | 'received_on' | 'fob_currency'
>;
export type ScoredLine = Pick<
  CachedPurchaseOrderItem,
  'po_id' | 'po_item_id' | 'quantity_ordered' | 'quantity_received' | 'quantity_cancelled'
> & { product: { id: number } };

/** One receipt of an order (one delivery), dated by the invoice it was booked on. */
export interface ScoredReceipt {
  poId: number;
  /** The invoice's created_on: when the delivery was booked in. */
  bookedOn: string | null;
  items: readonly {
    quantity_received: number;
    quantity_faulty: number;
    quantity_invoiced: number;
    buy_price_ex: number;
  }[];
}

export interface ScorecardInput {
  supplier: { id: number; name: string | null; supplier_code: string | null };
  orders: readonly ScoredOrder[];
  lines: readonly ScoredLine[];
  receipts: readonly ScoredReceipt[];
  /** Stated lead time in days of a product from this supplier (its product supplier link), by product id. */
  statedLeadDays: ReadonlyMap<number, number>;
  period: Period;
  /** `YYYY-MM-DD`: an open order whose ETA is before today is late already. */
  today: string;
}

export interface Rate {
  /** The counted part (units received, orders on time, faulty units). */
  part: number;
  /** What it is out of; the rate is null when this is 0. */
  whole: number;
  rate: number | null;
}

export interface MonthSpend {
  month: string;
  amount: number;
}

export interface CurrencySpend {
  currency: string;
  total: number;
  months: MonthSpend[];
}

/** Orders delivered short (or over), and the units missing (or extra). */
export interface Deliveries {
  orders: number;
  units: number;
}

export interface Scorecard {
  supplierId: number;
  name: string;
  /** Orders sent in the period (drafts and cancelled orders left out). */
  orders: number;
  /** Of them, fully received (closed). */
  closed: number;
  cancelled: number;
  /** Units received of units ordered (less cancelled units), each line capped at its order, on closed orders. */
  fill: Rate;
  /** Closed orders with a line short, and the units short; orders with a line over-delivered (closed or not). */
  short: Deliveries;
  over: Deliveries;
  /** Orders received by their ETA of orders whose delivery is known against a known ETA. */
  onTime: Rate;
  /** What the on-time rate cannot count: orders with no ETA, open ones not due yet, received ones with no date. */
  leftOut: { noEta: number; notDue: number; noDeliveryDate: number };
  /** Faulty units of units received on deliveries booked in the period. */
  faulty: Rate;
  /** Average days from sent to received on closed orders, and the average stated lead time of the same orders. */
  leadTime: { orders: number; averageDays: number | null; statedOrders: number; statedDays: number | null };
  /** Invoiced value (ex tax) per currency, per month of booking; never added across currencies. */
  spend: CurrencySpend[];
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const rate = (part: number, whole: number): Rate => ({ part, whole, rate: whole > 0 ? part / whole : null });
const mean = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
/** To the cent, as amounts are shown, so sums of many prices do not drift. */
const cents = (value: number) => Math.round(value * 100) / 100;

/** When an order was sent, or, for one with no sent date, raised: it is in the period by this day. */
export const orderDay = (order: ScoredOrder) => dayOf(order.sent_on) ?? dayOf(order.created_on);

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

interface LineTally {
  ordered: number;
  filled: number;
  short: number;
  over: number;
}

function tallyLines(lines: readonly ScoredLine[]): LineTally {
  const tally: LineTally = { ordered: 0, filled: 0, short: 0, over: 0 };
  for (const line of lines) {
    const due = Math.max(0, line.quantity_ordered - (line.quantity_cancelled ?? 0));
    tally.ordered += due;
    tally.filled += Math.min(line.quantity_received, due);
    tally.short += Math.max(0, due - line.quantity_received);
    tally.over += Math.max(0, line.quantity_received - due);
  }
  return tally;
}

export function scorecard(input: ScorecardInput): Scorecard {
  const { supplier, period, today } = input;
  const mine = input.orders.filter((order) => order.supplier.id === supplier.id);
  const inPeriod = mine.filter((order) => within(orderDay(order), period));
  const cancelled = inPeriod.filter((order) => order.status.name === 'Cancelled').length;
  const counted = inPeriod.filter(
    (order) => order.status.name !== 'Cancelled' && order.status.name !== 'Incomplete',
  );
  const linesOf = groupBy(input.lines, (line) => line.po_id);
  const receiptsOf = groupBy(input.receipts, (receipt) => receipt.poId);

  let ordered = 0;
  let filled = 0;
  const short = { orders: 0, units: 0 };
  const over = { orders: 0, units: 0 };
  let onTime = 0;
  let late = 0;
  let noEta = 0;
  let noDeliveryDate = 0;
  let notDue = 0;
  const leadDays: number[] = [];
  const statedDays: number[] = [];
  let closed = 0;

  for (const order of counted) {
    const lines = linesOf.get(order.id) ?? [];
    const tally = tallyLines(lines);
    const isClosed = order.status.name === 'Received';
    if (tally.over > 0) {
      over.orders += 1;
      over.units += tally.over;
    }
    const eta = dayOf(order.eta);
    if (!isClosed) {
      // Still open: not short yet, but late once its ETA has gone by.
      if (eta === null) noEta += 1;
      else if (eta < today) late += 1;
      else notDue += 1;
      continue;
    }
    closed += 1;
    ordered += tally.ordered;
    filled += tally.filled;
    if (tally.short > 0) {
      short.orders += 1;
      short.units += tally.short;
    }
    const booked = (receiptsOf.get(order.id) ?? []).map((r) => dayOf(r.bookedOn)).filter((d) => d !== null);
    const delivered = dayOf(order.received_on) ?? (booked.length ? booked.sort().at(-1)! : null);
    if (delivered === null) noDeliveryDate += 1;
    else if (eta === null) noEta += 1;
    else if (delivered <= eta) onTime += 1;
    else late += 1;
    const sent = dayOf(order.sent_on);
    if (sent !== null && delivered !== null) {
      leadDays.push(daysBetween(sent, delivered));
      // The order's stated lead time is its slowest line's, as a buyer would plan it.
      const stated = lines
        .map((line) => input.statedLeadDays.get(line.product.id))
        .filter((d) => d !== undefined);
      if (stated.length) statedDays.push(Math.max(...stated));
    }
  }

  // Receipts count by the day they were booked in, whatever the order's own day.
  const supplierOrders = new Map(mine.map((order) => [order.id, order]));
  let receivedUnits = 0;
  let faultyUnits = 0;
  const spend = new Map<string, Map<string, number>>();
  for (const receipt of input.receipts) {
    const order = supplierOrders.get(receipt.poId);
    const booked = dayOf(receipt.bookedOn);
    if (!order || !within(booked, period)) continue;
    const month = booked.slice(0, 7);
    const months = spend.get(order.fob_currency.currency_code) ?? new Map<string, number>();
    spend.set(order.fob_currency.currency_code, months);
    for (const item of receipt.items) {
      receivedUnits += item.quantity_received;
      faultyUnits += item.quantity_faulty;
      months.set(month, (months.get(month) ?? 0) + item.quantity_invoiced * item.buy_price_ex);
    }
  }

  const allMonths = monthsOf(period);
  return {
    supplierId: supplier.id,
    name: supplier.name ?? `Supplier ${supplier.id}`,
    orders: counted.length,
    closed,
    cancelled,
    fill: rate(filled, ordered),
    short,
    over,
    onTime: rate(onTime, onTime + late),
    leftOut: { noEta, notDue, noDeliveryDate },
    faulty: rate(faultyUnits, receivedUnits),
    leadTime: {
      orders: leadDays.length,
      averageDays: mean(leadDays),
      statedOrders: statedDays.length,
      statedDays: mean(statedDays),
    },
    spend: [...spend]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, months]) => {
        const perMonth = allMonths.map((month) => ({ month, amount: cents(months.get(month) ?? 0) }));
        return { currency, months: perMonth, total: cents(perMonth.reduce((sum, m) => sum + m.amount, 0)) };
      }),
  };
}
