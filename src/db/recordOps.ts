/**
 * What a record's page and a list's badges read of the outbox, in one place: the live ops of one record
 * (its FIFO group, ./opCatalog.ts), the badge those ops give it, and the op states a list's badges tell
 * apart (./recordBadge.ts). DOM-free; callers own the transaction, if any.
 */
import { opCatalog } from './opCatalog';
import type { OpKind, OpRecord, OpState } from './ops';
import { NOTABLE_STATES, orderBadge, type OrderBadge } from './recordBadge';
import type { DockhandDb } from './schema';

const isLive = (op: OpRecord) => op.state !== 'done' && op.state !== 'discarded';

/** The aggregate group an op kind's ops share (`customer` for a customer's create, updates and addresses). */
export const groupOf = (kind: OpKind): string => opCatalog(kind).group;

/** The live ops of record `id` in `group` (groupOf), oldest first. */
export async function recordOps(db: DockhandDb, group: string, id: number): Promise<OpRecord[]> {
  return (await db.outbox.where('aggregate').equals(`${group}:${id}`).sortBy('seq')).filter(isLive);
}

/** The badge of a row whose `pendingOps` are among `ops` (its record's live ops, as recordOps reads them). */
export function badgeAmong(
  pendingOps: readonly string[] | undefined,
  ops: readonly OpRecord[],
): OrderBadge | null {
  const states = new Map(ops.map((op) => [op.id, op.state]));
  return orderBadge(pendingOps, (opId) => states.get(opId));
}

/** The op states of the given op ids that a badge distinguishes (the rest read "Pending"). */
export async function notableStates(db: DockhandDb, opIds: readonly string[]): Promise<Map<string, OpState>> {
  if (!opIds.length) return new Map();
  const ops = await db.outbox
    .where('id')
    .anyOf([...opIds])
    .toArray();
  return new Map(ops.filter((op) => NOTABLE_STATES.includes(op.state)).map((op) => [op.id, op.state]));
}

/**
 * Each row's badge for a list of `rows` read whole: the notable states of all their pending ops in one read,
 * then one badge a row.
 */
export async function listBadges<R extends { _pendingOps?: string[] }>(
  db: DockhandDb,
  rows: readonly R[],
  opsOf: (row: R) => readonly string[] | undefined = (row) => row._pendingOps,
): Promise<(row: R) => OrderBadge | null> {
  const states = await notableStates(
    db,
    rows.flatMap((row) => opsOf(row) ?? []),
  );
  return (row) => orderBadge(opsOf(row), (id) => states.get(id));
}
