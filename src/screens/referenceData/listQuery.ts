/**
 * What a reference list keeps in the URL (DOM-free, tested in Node): the return reasons' deleted filter,
 * `?deleted=live|deleted`, absent for both (as the API's `is_deleted` is tri-state). Anything else in the
 * URL is dropped, so a hand-edited link never breaks the list. And how a row's state reads in the list.
 */
import { z } from 'zod';
import type { ListRow } from '../../db/referenceData/listRows';
import type { NamedRow } from '../../db/referenceData/namedLists';
import type { OrderBadge } from '../../db/recordBadge';
import { DELETED_FILTERS, type DeletedFilter } from '../../db/referenceData/returnReasons';
import { dayText } from '../../lib/recordFormat';
import type { Query } from '../../lib/routes';

export interface ListParams {
  deleted: DeletedFilter | null;
}

const ListQuerySchema = z.object({ deleted: z.enum(DELETED_FILTERS).optional().catch(undefined) });

export function listParamsOf(query: Readonly<Record<string, string>>): ListParams {
  return { deleted: ListQuerySchema.parse(query).deleted ?? null };
}

export function queryOfListParams({ deleted }: ListParams): Query {
  return { deleted };
}

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
  const name = row.record.name ?? `${noun} ${row.record.id}`;
  return [name, stateText(row.record, row.badge)].filter(Boolean).join(', ');
}
