/**
 * The purchase order list's declaration for the list shell (src/components/list/listShell.ts): its columns
 * (what each writes into the CSV), its filters, and why nothing matches in words. Its URL state and
 * queries are ./listQuery.ts's. DOM-free, tested in Node.
 */
import { PURCHASE_ORDER_STATUSES } from '../../api/resources';
import { dayRangeText, narrowedBy } from '../../components/list/listQuery';
import {
  dateRange,
  searchFilter,
  statusFilter,
  type ListColumn,
  type ListFilter,
  type ListParams,
} from '../../components/list/listShell';
import type { Choice } from '../../db/parties';
import { csvDay } from '../../lib/csv/exportCsv';
import { poNumber, statusText } from '../../lib/recordFormat';
import type { PoFilters, PoListRow } from './listQuery';

/**
 * No column sorts: the list is read a window at a time in its own order (orders raised here, then the
 * newest). The CSV writes the amount as a number with its currency beside it, a missing value as an empty
 * cell; the badge is sync state, not data.
 */
export const PO_COLUMNS: readonly ListColumn<PoListRow, never>[] = [
  { key: 'number', label: 'PO', csv: (row) => poNumber(row.id) },
  { key: 'externalId', label: 'External id', csv: (row) => row.externalId },
  { key: 'supplier', label: 'Supplier', csv: (row) => row.supplierName },
  { key: 'outlet', label: 'Outlet', csv: (row) => row.outletName },
  { key: 'status', label: 'Status', csv: (row) => statusText(row.status) },
  { key: 'eta', label: 'ETA', csv: (row) => csvDay(row.eta) },
  {
    key: 'total',
    label: 'Total (ex tax)',
    align: 'end',
    csv: (row) => row.total,
    csvAlso: { header: 'Currency', value: (row) => row.currency },
  },
  { key: 'badge', label: '' },
];

/** The parties the filters offer: read once the first rows are in (src/lib/partyOptions.svelte.ts). */
export interface PoParties {
  readonly suppliers: readonly Choice[];
  readonly outlets: readonly Choice[];
}

export function poFilters(parties: PoParties): readonly ListFilter<PoFilters>[] {
  return [
    statusFilter(PURCHASE_ORDER_STATUSES, statusText),
    searchFilter<PoFilters>({
      key: 'supplierId',
      label: 'Supplier',
      placeholder: 'Any supplier',
      options: () => parties.suppliers,
    }),
    { key: 'outletId', label: 'Outlet', placeholder: 'Any outlet', options: () => parties.outlets },
    ...dateRange<PoFilters>({ key: 'etaFrom', label: 'ETA from' }, { key: 'etaTo', label: 'ETA to' }),
  ];
}

const nameIn = (choices: readonly Choice[], id: number | null, noun: string) =>
  id !== null && (choices.find((choice) => choice.value === id)?.label ?? `${noun} ${id}`);

/** Why the list is empty, in words: "with status On order, of Acme, due on or after 2026-03-01". */
export function filtersText({ filters, search }: ListParams<PoFilters, never>, parties: PoParties): string {
  const supplier = nameIn(parties.suppliers, filters.supplierId, 'supplier');
  const outlet = nameIn(parties.outlets, filters.outletId, 'outlet');
  return narrowedBy(
    search,
    filters.status && `with status ${statusText(filters.status)}`,
    supplier && `of ${supplier}`,
    outlet && `for ${outlet}`,
    dayRangeText('due', filters.etaFrom, filters.etaTo),
  );
}
