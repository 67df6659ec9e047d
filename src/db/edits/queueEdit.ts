/**
 * The frame every offline edit in src/db is saved in: ONE read-write transaction over the outbox, its
 * temp ids and meta and the cache tables, so the op and the cached rows it changes are written together
 * or not at all (../outbox.ts). A payload the outbox refuses (it breaks the contract) comes back as the
 * form's errors, at the fields it names, instead of an exception.
 */
import type { Table } from 'dexie';
import type { OpKind, OpRecord } from '../ops';
import { editTables, enqueue, OutboxValidationError } from '../outbox';
import type { CacheTable, DockhandDb } from '../schema';
import type { FormErrors, FormResult } from './formRules';

/** The cached record without local bookkeeping (`_pendingOps`, `_fetchedAt`): the merge base, and the row an op puts. */
export function serverRecordOf(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('_')));
}

/** How an edit's transaction reports a refusal, and what else it reads. */
export interface EditOptions {
  /** The form field of an outbox refusal's body path (default: all in the summary, `$`). */
  fieldOf?: (path: string) => string;
  /** Tables it reads beyond those an edit writes (the sync cursors, say). */
  reads?: readonly Table[];
}

/**
 * Runs `work` in one edit transaction. A refusal of the outbox becomes `{ ok: false, errors }`, each message
 * at the form field `fieldOf` names for its body path.
 */
export async function inEditTransaction<R>(
  db: DockhandDb,
  work: () => Promise<R>,
  { fieldOf = () => '$', reads = [] }: EditOptions = {},
): Promise<R | { ok: false; errors: FormErrors }> {
  try {
    return await db.transaction('rw', [...editTables(db), ...reads], work);
  } catch (error) {
    if (!(error instanceof OutboxValidationError)) throw error;
    const errors: FormErrors = {};
    for (const [path, messages] of Object.entries(error.fields))
      (errors[fieldOf(path)] ??= []).push(...messages);
    return { ok: false, errors };
  }
}

/**
 * Runs `work` on the cached record `load` finds, in one edit transaction; a record no longer on this
 * computer (deleted by a sync meanwhile) answers `missing` in the form's summary and writes nothing.
 */
export function editCached<Row, R>(
  db: DockhandDb,
  load: () => Promise<Row | undefined>,
  missing: string,
  work: (row: Row) => Promise<R>,
  options?: EditOptions,
): Promise<R | { ok: false; errors: FormErrors }> {
  const gone = { ok: false as const, errors: { $: [missing] } };
  return inEditTransaction(
    db,
    async () => {
      const row = await load();
      return row === undefined ? gone : work(row);
    },
    options,
  );
}

/** An update of one cached record by id, as the edit forms save it (a supplier, a return's header, a customer). */
export interface RecordUpdate<Row, B extends object> {
  kind: OpKind;
  table: CacheTable;
  id: number;
  /** The form's summary when the record is no longer on this computer. */
  missing: string;
  /** The record as the form opened with (default: the cached row now): what changed is from it, and it is the merge base. */
  seen?: Row | undefined;
  now?: Date | undefined;
  /** The body of what the form changed from `seen`, or why it cannot be saved: the form's rules and the record's. */
  check: (row: Row, seen: Row) => Promise<FormResult<B>> | FormResult<B>;
  /** The cached row with the body applied, as the server will store it. */
  after: (row: Row, body: B) => Promise<Row> | Row;
  /** The op's label in the sync centre. */
  label: (row: Row, body: B) => string;
}

export type RecordUpdateResult<Row> =
  { ok: true; op: OpRecord | null; row: Row } | { ok: false; errors: FormErrors };

/**
 * Checks the form and, when it changed something, queues the update (only the changed fields, `seen` as the
 * merge base) and puts the changed row, in one transaction. Nothing changed: `op` is null and nothing is
 * written. Refused: the errors, nothing written. `row`: the record as cached after it.
 */
export function saveRecordUpdate<Row extends object, B extends object>(
  db: DockhandDb,
  update: RecordUpdate<Row, B>,
): Promise<RecordUpdateResult<Row>> {
  const table = db.table(update.table);
  const load = () => table.get(update.id) as Promise<Row | undefined>;
  return editCached(db, load, update.missing, async (row): Promise<RecordUpdateResult<Row>> => {
    const seen = update.seen ?? row;
    const valid = await update.check(row, seen);
    if (!valid.ok) return valid;
    const body = valid.body;
    if (Object.keys(body).length === 0) return { ok: true, op: null, row };
    const after = await update.after(row, body);
    const op = await enqueue(db, {
      kind: update.kind,
      params: { id: update.id },
      body,
      baseVersion: serverRecordOf(seen),
      cacheChanges: [{ table: update.table, put: [serverRecordOf(after)] }],
      label: update.label(row, body),
      now: update.now ?? new Date(),
    });
    return { ok: true, op, row: (await load()) ?? after };
  });
}
