/**
 * The renderer-side writer of the outbox (docs/architecture.md, "Runtimes"): a local edit and the op that
 * replays it are written in ONE Dexie transaction, so an edit is never shown without being queued, nor
 * queued without being shown.
 *
 * The op's payload is validated, and its aggregate and temp ids found, by the op catalog (./opCatalog.ts):
 * the same rules the engine's op specs apply, since the renderer cannot import the specs themselves.
 */
import type { CacheKey, CacheWrite } from './cacheWrites';
import { keyOf } from './cacheRows';
import { opCatalog } from './opCatalog';
import { refreshBlockingAround } from './opIndex';
import { OpRecordSchema, type OpKind, type OpRecord } from './ops';
import { writePendingRows, type PendingRow } from './pendingRows';
import { CACHE_TABLES, type DockhandDb, type LocalMeta } from './schema';
import { remapTempIds, tempIdsIn } from './tempRefs';
import { addTombstone } from './tombstones';

export interface EnqueueInput {
  kind: OpKind;
  /** Path parameters, then query parameters, as the endpoint's schemas accept them. */
  params: Record<string, number | string>;
  body?: unknown;
  /** Updates: the server record as the user saw it when editing (the base of the 3-way merge). */
  baseVersion?: unknown;
  /** The local edit: full rows to put (in their cached shape) and keys to delete. */
  cacheChanges: CacheWrite[];
  label: string;
  /** Creates: the temp id (allocateTempId) the new record carries until the server id replaces it. */
  createsTempId?: number;
  /** Defaults to the kind's aggregate (./opCatalog.ts); override only to serialise unrelated records. */
  aggregate?: string;
  now?: Date;
}

export class OutboxValidationError extends Error {
  constructor(
    readonly kind: OpKind,
    readonly fields: Record<string, string[]>,
  ) {
    super(`${kind}: the queued edit does not match the API contract`);
    this.name = 'OutboxValidationError';
  }
}

/**
 * The op's FIFO group (./opCatalog.ts, the same function the engine's specs use). `body` matters only to
 * creates given no temp id: they fall back to their natural key.
 */
export function aggregateFor(
  kind: OpKind,
  params: EnqueueInput['params'],
  createsTempId?: number,
  body?: unknown,
): string {
  return opCatalog(kind).aggregateOf({ params, body, createsTempId });
}

/** Validates `{params, body}` with the op kind's payload schema (./opCatalog.ts), as the engine will. */
export function validatePayload(kind: OpKind, params: EnqueueInput['params'], body: unknown): void {
  const result = opCatalog(kind).payload.safeParse({ params, body });
  if (result.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    (fields[issue.path.map(String).join('.') || '$'] ??= []).push(issue.message);
  }
  throw new OutboxValidationError(kind, fields);
}

const isLocalKey = (key: string) => key.startsWith('_');

function changedFields(before: Record<string, unknown> | undefined, after: Record<string, unknown>) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)].filter((k) => !isLocalKey(k)));
  return [...keys].filter((k) => !before || JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

type Row = Record<string, unknown> & LocalMeta;

/** Applies the local edit, recording per row what changed and what it held before (for rebase and undo). */
export async function applyLocalEdit(
  db: DockhandDb,
  opId: string,
  writes: readonly CacheWrite[],
): Promise<PendingRow[]> {
  const touched: PendingRow[] = [];
  for (const write of writes) {
    const table = db.table<Row, CacheKey>(write.table);
    for (const key of write.delete ?? []) {
      // Tombstoned even when not cached: a pull must not bring the row in while its delete is queued.
      await addTombstone(db, write.table, key, opId);
      const before = await table.get(key);
      if (!before) {
        touched.push({ table: write.table, key, fields: [], before: null, deleted: true });
        continue;
      }
      await table.delete(key);
      const { _pendingOps: _, ...row } = before;
      touched.push({ table: write.table, key, fields: Object.keys(row), before: row, deleted: true });
    }
    for (const raw of write.put ?? []) {
      const row = raw as Row;
      const key = keyOf(db, write.table, row);
      const existing = await table.get(key);
      const fields = changedFields(existing, row);
      const before = existing
        ? Object.fromEntries(fields.filter((f) => f in existing).map((f) => [f, existing[f]]))
        : null;
      // An amended op (./amendQueued.ts) changes rows it already marks: listed once.
      const pending = [...(existing?._pendingOps ?? []).filter((other) => other !== opId), opId];
      const next: Row = { ...row, _pendingOps: pending };
      if (typeof key === 'number' ? key < 0 : key[0] < 0) next._temp = true;
      if (existing?._fetchedAt) next._fetchedAt = existing._fetchedAt;
      await table.put(next);
      touched.push({ table: write.table, key, fields, before });
    }
  }
  return touched;
}

/** Every table an edit writes: the outbox with its temp ids and meta, and the cache. */
export const editTables = (db: DockhandDb) => [
  db.outbox,
  db.tempIds,
  db.meta,
  ...CACHE_TABLES.map((name) => db.table(name)),
];

/** Queues one edit: validates it, applies the local change and writes the op, all in one transaction. */
export async function enqueue(db: DockhandDb, input: EnqueueInput): Promise<OpRecord> {
  const id = crypto.randomUUID();
  const catalog = opCatalog(input.kind);
  const body = catalog.prepareBody ? catalog.prepareBody(input.body, id) : input.body;
  validatePayload(input.kind, input.params, body);
  return db.transaction('rw', editTables(db), async () => {
    // A temp id the UI still shows may have resolved meanwhile: the op is written with the server id.
    const named = tempIdsIn([input.params, body, input.baseVersion]);
    const resolved = new Map(
      (await db.tempIds.bulkGet(named)).flatMap((e) =>
        e?.serverId === undefined ? [] : [[e.tempId, e.serverId] as const],
      ),
    );
    const params = remapTempIds(input.params, resolved).value;
    const payloadBody = remapTempIds(body, resolved).value;
    const op: OpRecord = {
      id,
      kind: input.kind,
      aggregate: input.aggregate ?? aggregateFor(input.kind, params, input.createsTempId, payloadBody),
      params,
      dependsOnTempIds: catalog
        .tempIdsOf({ params, body: payloadBody })
        .filter((t) => t !== input.createsTempId),
      state: 'queued',
      attempts: 0,
      createdAt: (input.now ?? new Date()).toISOString(),
      label: input.label,
    };
    if (payloadBody !== undefined) op.body = payloadBody;
    if (input.baseVersion !== undefined) op.baseVersion = remapTempIds(input.baseVersion, resolved).value;
    if (input.createsTempId !== undefined) op.createsTempId = input.createsTempId;
    OpRecordSchema.parse(op);
    await writePendingRows(db, id, await applyLocalEdit(db, id, input.cacheChanges));
    await db.outbox.add(op);
    // Only the new op's part of the outbox can change: its aggregate and the creators of what it names.
    await refreshBlockingAround(db, { aggregates: [op.aggregate] });
    return (await db.outbox.where('id').equals(id).first())!;
  });
}

export { allocateTempId } from './tempIds';
