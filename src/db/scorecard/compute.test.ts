/**
 * The scorecard's arithmetic on a fixture worked out by hand (docs/scorecard.md states the same rules for
 * the buyer). Supplier 1, Acme; period 1 Jan – 31 Mar 2026; today 15 Apr 2026.
 *
 *   PO   status       sent    ETA     delivered       lines (ordered/cancelled → received)    notes
 *   101  Received     05 Jan  20 Jan  18 Jan          p11 10→10, p12 5→3                     short 2; on time; 13 d
 *   102  Received     01 Feb  10 Feb  15 Feb          p11 20→24, p13 6/2c→4                  over 4; late; 14 d (USD)
 *   103  OnOrder      01 Mar  10 Mar  —               p12 8→0                                open, ETA gone: late
 *   104  BackOrder    20 Mar  none    —               p11 10→12                              open, over 2; no ETA
 *   105  Cancelled    20 Feb                                                                 cancelled: left out
 *   106  Received     20 Dec  —       02 Jan          p11 5→5                                sent before the period
 *   107  Received     31 Mar  05 Apr  (booked 02 Apr) p14 1→1                                last day; on time; 2 d
 *   108  Received     10 Jan  none    25 Jan          p11 2→2                                no ETA; 15 d
 *   109  Incomplete   (created 02 Feb)                                                       a draft: left out
 *   110  OnOrder      15 Mar  30 Apr  —               p12 3→0                                not due yet
 *   201  (supplier 2) 05 Jan                                                                 another supplier
 */
import { describe, expect, it } from 'vitest';
import { scorecard, type ScoredLine, type ScoredOrder, type ScoredReceipt } from './compute';
import { formatPeriodQuery, monthsOf, parsePeriodQuery, periodOf } from './period';

const AUD = { id: 1, currency_code: 'AUD', currency_name: 'Australian dollar' };
const USD = { id: 2, currency_code: 'USD', currency_name: 'US dollar' };
const at = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);

function order(
  id: number,
  status: ScoredOrder['status']['name'],
  days: { sent?: string; eta?: string; received?: string; created?: string },
  currency = AUD,
  supplierId = 1,
): ScoredOrder {
  return {
    id,
    supplier: { id: supplierId, name: supplierId === 1 ? 'Acme' : 'Other' },
    status: { id: 1, name: status },
    sent_on: at(days.sent ?? null),
    eta: at(days.eta ?? null),
    received_on: at(days.received ?? null),
    created_on: at(days.created ?? days.sent ?? null),
    fob_currency: currency,
  };
}

let nextLine = 1;
function line(poId: number, productId: number, ordered: number, received: number, cancelled = 0): ScoredLine {
  return {
    po_id: poId,
    po_item_id: nextLine++,
    product: { id: productId },
    quantity_ordered: ordered,
    quantity_received: received,
    quantity_cancelled: cancelled,
  };
}

const item = (received: number, faulty: number, price: number) => ({
  quantity_received: received,
  quantity_faulty: faulty,
  quantity_invoiced: received,
  buy_price_ex: price,
});
const receipt = (poId: number, booked: string, items: ScoredReceipt['items']): ScoredReceipt => ({
  poId,
  bookedOn: `${booked}T03:00:00.000Z`,
  items,
});

const ORDERS = [
  order(101, 'Received', { sent: '2026-01-05', eta: '2026-01-20', received: '2026-01-18' }),
  order(102, 'Received', { sent: '2026-02-01', eta: '2026-02-10', received: '2026-02-15' }, USD),
  order(103, 'OnOrder', { sent: '2026-03-01', eta: '2026-03-10' }),
  order(104, 'BackOrder', { sent: '2026-03-20' }),
  order(105, 'Cancelled', { sent: '2026-02-20' }),
  order(106, 'Received', { sent: '2025-12-20', received: '2026-01-02' }),
  order(107, 'Received', { sent: '2026-03-31', eta: '2026-04-05' }),
  order(108, 'Received', { sent: '2026-01-10', received: '2026-01-25' }),
  order(109, 'Incomplete', { created: '2026-02-02' }),
  order(110, 'OnOrder', { sent: '2026-03-15', eta: '2026-04-30' }),
  order(201, 'Received', { sent: '2026-01-05', eta: '2026-01-06', received: '2026-01-30' }, AUD, 2),
];
const LINES = [
  line(101, 11, 10, 10),
  line(101, 12, 5, 3),
  line(102, 11, 20, 24),
  line(102, 13, 6, 4, 2),
  line(103, 12, 8, 0),
  line(104, 11, 10, 12),
  line(105, 11, 50, 0, 50),
  line(106, 11, 5, 5),
  line(107, 14, 1, 1),
  line(108, 11, 2, 2),
  line(109, 11, 7, 0),
  line(110, 12, 3, 0),
  line(201, 11, 9, 1),
];
const RECEIPTS = [
  receipt(101, '2026-01-18', [item(10, 1, 3), item(3, 0, 5)]),
  receipt(102, '2026-02-12', [item(20, 2, 1.5)]),
  receipt(102, '2026-02-15', [item(4, 0, 1.5), item(4, 0, 2.25)]),
  receipt(104, '2026-03-25', [item(12, 1, 2)]),
  receipt(106, '2026-01-02', [item(5, 0, 4)]),
  receipt(107, '2026-04-02', [item(1, 1, 9.99)]),
  receipt(201, '2026-01-30', [item(1, 1, 100)]),
];

const card = scorecard({
  supplier: { id: 1, name: 'Acme', supplier_code: 'ACME' },
  orders: ORDERS,
  lines: LINES,
  receipts: RECEIPTS,
  // Acme's product supplier links: p11 10 days, p12 14 days; p13 and p14 have none.
  statedLeadDays: new Map([
    [11, 10],
    [12, 14],
  ]),
  period: { from: '2026-01-01', to: '2026-03-31' },
  today: '2026-04-15',
});

describe('a supplier scorecard, by hand', () => {
  it('counts the orders sent in the period, drafts and cancelled ones apart', () => {
    // 101, 102, 103, 104, 107, 108, 110 (106 was sent before the period, 109 is a draft, 105 cancelled).
    expect(card.orders).toBe(7);
    expect(card.closed).toBe(4); // 101, 102, 107, 108
    expect(card.cancelled).toBe(1);
  });

  it('fills by line, capped at what was ordered less cancelled, on received orders only', () => {
    // Due: 101 10+5, 102 20+(6-2), 107 1, 108 2 = 15+24+1+2 = 42.
    // Filled: 101 10+3, 102 min(24,20)+4, 107 1, 108 2 = 13+24+1+2 = 40.
    expect(card.fill).toEqual({ part: 40, whole: 42, rate: 40 / 42 });
    // Short: 101's p12 (5-3 = 2). Over: 102's p11 (24-20 = 4) and open 104's p11 (12-10 = 2).
    expect(card.short).toEqual({ orders: 1, units: 2 });
    expect(card.over).toEqual({ orders: 2, units: 6 });
  });

  it('is on time when delivered by the ETA; an open order past its ETA is late', () => {
    // On time: 101 (18 ≤ 20 Jan), 107 (booked 2 Apr ≤ 5 Apr). Late: 102 (15 > 10 Feb), 103 (open, ETA 10 Mar).
    expect(card.onTime).toEqual({ part: 2, whole: 4, rate: 0.5 });
    // No ETA: 104, 108; not due: 110, ETA 30 Apr.
    expect(card.leftOut).toEqual({ noEta: 2, notDue: 1, noDeliveryDate: 0 });
  });

  it('averages lead time and the stated lead time of the same orders', () => {
    // 101 5→18 Jan 13 d, 102 1→15 Feb 14 d, 107 31 Mar→2 Apr 2 d, 108 10→25 Jan 15 d: 44 / 4 = 11.
    // Stated (slowest linked line): 101 max(10,14) = 14, 102 10 (p13 unlinked), 107 none, 108 10: 34 / 3.
    expect(card.leadTime).toEqual({ orders: 4, averageDays: 11, statedOrders: 3, statedDays: 34 / 3 });
  });

  it('counts faulty units and spend by the day a delivery was booked, per currency', () => {
    // Booked in the period: 101 (13, 1 faulty), 102 (20+4+4 = 28, 2), 104 (12, 1), 106 (5, 0); 107 was
    // booked on 2 Apr, after the period. 4 faulty of 58.
    expect(card.faulty).toEqual({ part: 4, whole: 58, rate: 4 / 58 });
    // AUD: Jan 101 10×3 + 3×5 = 45, 106 5×4 = 20 → 65; Mar 104 12×2 = 24; total 89.
    // USD: Feb 102 20×1.5 + 4×1.5 + 4×2.25 = 30 + 6 + 9 = 45. Never added to the AUD.
    const quarter = (amounts: number[]) =>
      amounts.map((amount, index) => ({ month: `2026-0${index + 1}`, amount }));
    expect(card.spend).toEqual([
      { currency: 'AUD', total: 89, months: quarter([65, 0, 24]) },
      { currency: 'USD', total: 45, months: quarter([0, 45, 0]) },
    ]);
  });

  it('says nothing rather than a rate when nothing was received', () => {
    const empty = scorecard({
      supplier: { id: 3, name: null, supplier_code: null },
      orders: [],
      lines: [],
      receipts: [],
      statedLeadDays: new Map(),
      period: { from: '2026-01-01', to: '2026-03-31' },
      today: '2026-04-15',
    });
    expect(empty.name).toBe('Supplier 3');
    expect(empty.fill.rate).toBeNull();
    expect(empty.onTime.rate).toBeNull();
    expect(empty.faulty.rate).toBeNull();
    expect(empty.leadTime.averageDays).toBeNull();
    expect(empty.spend).toEqual([]);
  });
});

describe('the period', () => {
  it('runs whole months back to the day after, up to today', () => {
    // 12 months to 31 May 2026 start 1 Jun 2025; 3 months to 31 May (28 Feb + 1) start 1 Mar; to 15 May, 16 Feb.
    expect(periodOf({ period: '12m', from: '', to: '' }, '2026-05-31')).toEqual({
      period: { from: '2025-06-01', to: '2026-05-31' },
    });
    expect(periodOf({ period: '3m', from: '', to: '' }, '2026-05-31')).toEqual({
      period: { from: '2026-03-01', to: '2026-05-31' },
    });
    expect(periodOf({ period: '3m', from: '', to: '' }, '2026-05-15')).toEqual({
      period: { from: '2026-02-16', to: '2026-05-15' },
    });
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-01' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('keeps a custom range in the address and refuses one that ends before it starts', () => {
    const query = parsePeriodQuery({ period: 'custom', from: '2026-02-01', to: '2026-01-01' });
    expect(formatPeriodQuery(query)).toEqual({ period: 'custom', from: '2026-02-01', to: '2026-01-01' });
    expect(periodOf(query, '2026-05-31')).toEqual({ problem: 'The last day is before the first day.' });
    expect(parsePeriodQuery({ period: 'yearly', from: 'soon' })).toEqual({ period: '12m', from: '', to: '' });
    expect(formatPeriodQuery({ period: '12m', from: '', to: '' })).toEqual({});
  });
});
