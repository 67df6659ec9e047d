import { describe, expect, it } from 'vitest';
import { csvColumns } from '../../components/list/listShell';
import type { Scorecard } from '../../db/scorecard/compute';
import { scorecardColumns, spendCurrencies } from './listColumns';
import { FIGURE_HEADERS } from './testing';

const rate = (part: number, whole: number) => ({ part, whole, rate: whole ? part / whole : null });

/** Two suppliers: one with every figure known, spending in two currencies; one with nothing received. */
const KNOWN: Scorecard = {
  supplierId: 1,
  name: 'Acme, "Best" Supplies',
  orders: 3,
  closed: 2,
  cancelled: 0,
  fill: rate(37, 40),
  short: { orders: 1, units: 3 },
  over: { orders: 0, units: 0 },
  onTime: rate(1, 3),
  leftOut: { noEta: 0, notDue: 0, noDeliveryDate: 0 },
  faulty: rate(2, 37),
  leadTime: { orders: 2, averageDays: 12.25, statedOrders: 2, statedDays: 10 },
  spend: [
    { currency: 'AUD', total: 1098, months: [] },
    { currency: 'USD', total: 45.5, months: [] },
  ],
};
const NOTHING: Scorecard = {
  ...KNOWN,
  supplierId: 2,
  name: 'Bolt',
  orders: 0,
  closed: 0,
  fill: rate(0, 0),
  short: { orders: 0, units: 0 },
  onTime: rate(0, 0),
  faulty: rate(0, 0),
  leadTime: { orders: 0, averageDays: null, statedOrders: 0, statedDays: null },
  spend: [{ currency: 'NZD', total: 0, months: [] }],
};

describe('the comparison list’s columns', () => {
  it('writes each figure as a number a spreadsheet reads: rates in percent, spend per currency', () => {
    const currencies = spendCurrencies([NOTHING, KNOWN]);
    expect(currencies).toEqual(['AUD', 'NZD', 'USD']);
    const csv = csvColumns(scorecardColumns(currencies));
    expect(csv.map((column) => column.header)).toEqual([
      ...FIGURE_HEADERS,
      'Spend (AUD)',
      'Spend (NZD)',
      'Spend (USD)',
    ]);
    expect(csv.map((column) => column.value(KNOWN))).toEqual([
      'Acme, "Best" Supplies',
      3,
      92.5,
      33.3,
      1,
      3,
      0,
      0,
      5.4,
      12.3,
      10,
      1098,
      null,
      45.5,
    ]);
    // Not known is an empty cell, never 0 %; no order short is a count of 0.
    expect(csv.map((column) => column.value(NOTHING)).slice(2, 11)).toEqual([
      null,
      null,
      0,
      0,
      0,
      0,
      null,
      null,
      null,
    ]);
  });

  it('sorts names A to Z first and every figure highest first', () => {
    const sortable = scorecardColumns([]).filter((column) => column.sortable);
    expect(sortable.map((column) => [column.key, column.first ?? 'asc'])).toEqual([
      ['name', 'asc'],
      ['orders', 'desc'],
      ['fill', 'desc'],
      ['onTime', 'desc'],
      ['short', 'desc'],
      ['over', 'desc'],
      ['faulty', 'desc'],
      ['leadTime', 'desc'],
    ]);
  });
});
