/**
 * The comparison list's columns, declared once for the list shell (src/components/list/listShell.ts): the
 * titles (names sort A to Z first, figures highest first) and what "Export CSV" writes for each, as numbers
 * a spreadsheet reads: a rate as a percentage (one decimal, as the screen shows it), deliveries as orders
 * and units, lead times in days, and spend as one column per currency with its code (amounts in different
 * currencies are never added up). A figure the cache cannot tell is an empty cell, never 0.
 */
import type { ListColumn } from '../../components/list/listShell';
import type { CsvColumn } from '../../lib/csv/csvChunks';
import type { Scorecard } from '../../db/scorecard/compute';
import type { SortKey } from './listQuery';
import { percent } from './words';

const tenths = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

/** The currencies spent in across `cards`, A to Z: one spend column each in the file. */
export function spendCurrencies(cards: readonly Scorecard[]): string[] {
  return [...new Set(cards.flatMap((card) => card.spend.map((spend) => spend.currency)))].sort();
}

const spendIn = (currency: string): CsvColumn<Scorecard> => ({
  header: `Spend (${currency})`,
  value: (card) => card.spend.find((spend) => spend.currency === currency)?.total ?? null,
});

const rateColumn = (key: 'fill' | 'onTime' | 'faulty', label: string): ListColumn<Scorecard, SortKey> => ({
  key,
  label,
  sortable: true,
  first: 'desc',
  csvHeader: `${label} (%)`,
  csv: (card) => percent(card[key].rate),
});

const deliveriesColumn = (key: 'short' | 'over', label: string): ListColumn<Scorecard, SortKey> => ({
  key,
  label,
  sortable: true,
  first: 'desc',
  csvHeader: `${label} (orders)`,
  csv: (card) => card[key].orders,
  csvAlso: { header: `${label} (units)`, value: (card) => card[key].units },
});

/** The columns over `currencies` (./listColumns.ts spendCurrencies of the cards). */
export function scorecardColumns(currencies: readonly string[]): ListColumn<Scorecard, SortKey>[] {
  return [
    { key: 'name', label: 'Supplier', sortable: true, csv: (card) => card.name },
    {
      key: 'orders',
      label: 'Orders',
      sortable: true,
      first: 'desc',
      align: 'end',
      csv: (card) => card.orders,
    },
    rateColumn('fill', 'Fill rate'),
    rateColumn('onTime', 'On time'),
    deliveriesColumn('short', 'Short'),
    deliveriesColumn('over', 'Over'),
    rateColumn('faulty', 'Faulty'),
    {
      key: 'leadTime',
      label: 'Lead time',
      sortable: true,
      first: 'desc',
      csvHeader: 'Lead time (days)',
      csv: (card) => tenths(card.leadTime.averageDays),
      csvAlso: { header: 'Stated lead time (days)', value: (card) => tenths(card.leadTime.statedDays) },
    },
    { key: 'spend', label: 'Spend', align: 'end', csvAlso: currencies.map(spendIn) },
  ];
}
