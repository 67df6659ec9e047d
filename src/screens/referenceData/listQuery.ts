/**
 * A reference list as data for the list shell (DOM-free, tested in Node): what it keeps in the URL (a search
 * by name, the sort by name, and the return reasons' deleted filter `?deleted=live|deleted`, absent for both
 * as the API's `is_deleted` is tri-state; anything else is dropped, so a hand-edited link never breaks the
 * list), its columns and what each writes into the CSV, and how a row's state reads in the list.
 */
import { z } from 'zod';
import { listSpec, searchMatch } from '../../components/list/listQuery';
import {
  choicesOf,
  type ListColumn,
  type ListFilter,
  type ListParams,
} from '../../components/list/listShell';
import type { ListRow } from '../../db/referenceData/listRows';
import type { NamedRow } from '../../db/referenceData/namedLists';
import type { OrderBadge } from '../../db/recordBadge';
import { DELETED_FILTERS, type DeletedFilter } from '../../db/referenceData/returnReasons';
import { dayText } from '../../lib/recordFormat';

export interface ReferenceFilters {
  deleted: DeletedFilter | null;
}
export type SortKey = 'name';
export type ReferenceListParams = ListParams<ReferenceFilters, SortKey>;

export const referenceListSpec = listSpec<ReferenceFilters, SortKey>(
  { deleted: { param: 'deleted', schema: z.enum(DELETED_FILTERS) } },
  ['name'],
);

/** The return reasons' filter: live, deleted, or both (no choice). */
export const REASON_FILTERS: readonly ListFilter<ReferenceFilters>[] = [
  {
    key: 'deleted',
    label: 'Deleted reasons',
    placeholder: 'Live and deleted',
    options: choicesOf({ live: 'Live only', deleted: 'Deleted only' }),
  },
];

/** A row as the list reads it: a name, and what may set it apart (deleted and when, disabled). */
export type ShownRecord = NamedRow & { deleted_on?: string | null; enabled?: boolean };

/**
 * What sets a row apart, in words: a change of it the server refused or that waits for the user (the badge
 * says the state; this says what to do), then deleted and when, or disabled.
 */
export function stateText(record: ShownRecord, badge: OrderBadge | null = null): string {
  if (badge === 'failed') return 'Refused by the server: open it to see why';
  if (badge === 'conflicted') return 'Changed on the server too: open it to choose';
  if (badge === 'blocked') return 'Waiting for an earlier change';
  if (record.deleted) return `Deleted ${dayText(record.deleted_on)}`;
  if (record.enabled === false) return 'Disabled';
  return '';
}

/** The row's accessible name: its name and state in one sentence. */
export function rowText(row: ListRow<ShownRecord>, noun: string): string {
  return [recordName(row.record, noun), stateText(row.record, row.badge)].filter(Boolean).join(', ');
}

/** The record's name, or "Outlet 9" for one without. */
export const recordName = (record: ShownRecord, noun: string) => record.name ?? `${noun} ${record.id}`;

/** Name and state; the badge is sync state, not data, and not exported. */
export function referenceColumns(noun: string): ListColumn<ListRow<ShownRecord>, SortKey>[] {
  return [
    { key: 'name', label: 'Name', sortable: true, csv: (row) => recordName(row.record, noun) },
    { key: 'state', label: 'State', csv: (row) => stateText(row.record, row.badge) || null },
    { key: 'badge', label: '' },
  ];
}

/**
 * The rows shown: the deleted filter (where the list has one), then every word of the search in the name
 * or id; by name as read (src/db/referenceData/listRows.ts), or the other way round.
 */
export function narrowRows<Row extends ListRow<ShownRecord>>(
  rows: readonly Row[],
  { filters, search, sort }: ReferenceListParams,
  hasDeletedFilter: boolean,
): Row[] {
  const matches = searchMatch(search);
  const deleted = hasDeletedFilter ? filters.deleted : null;
  const kept = rows.filter(
    ({ record }) =>
      (deleted === null || Boolean(record.deleted) === (deleted === 'deleted')) &&
      matches(`${record.name ?? ''} ${record.id}`.toLowerCase()),
  );
  return sort?.direction === 'desc' ? kept.reverse() : kept;
}

/** Why the list is empty, in words: "deleted, matching “box”". */
export function filtersText({ filters, search }: ReferenceListParams, hasDeletedFilter: boolean): string {
  const parts: string[] = [];
  if (hasDeletedFilter && filters.deleted) parts.push(`that are ${filters.deleted}`);
  if (search.trim()) parts.push(`matching “${search.trim()}”`);
  return parts.join(', ');
}
