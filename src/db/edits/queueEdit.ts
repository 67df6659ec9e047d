/**
 * The frame every offline edit in src/db is saved in: ONE read-write transaction over the outbox, its
 * temp ids and meta and the cache tables, so the op and the cached rows it changes are written together
 * or not at all (../outbox.ts). A payload the outbox refuses (it breaks the contract) comes back as the
 * form's errors, at the fields it names, instead of an exception.
 */
import { OutboxValidationError } from '../outbox';
import { CACHE_TABLES, type DockhandDb } from '../schema';
import type { FormErrors } from './formRules';

/** The cached record without local bookkeeping (`_pendingOps`, `_fetchedAt`): the merge base, and the row an op puts. */
export function serverRecordOf(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('_')));
}

/** Every table an edit writes: the outbox with its temp ids and meta, and the cache. */
export const editTables = (db: DockhandDb) => [
  db.outbox,
  db.tempIds,
  db.meta,
  ...CACHE_TABLES.map((name) => db.table(name)),
];

/**
 * Runs `work` in one edit transaction. A refusal of the outbox
 * becomes `{ ok: false, errors }`, each message at the form field `fieldOf` names for its body path
 * (by default all in the summary, `$`).
 */
export async function inEditTransaction<R>(
  db: DockhandDb,
  work: () => Promise<R>,
  fieldOf: (path: string) => string = () => '$',
): Promise<R | { ok: false; errors: FormErrors }> {
  try {
    return await db.transaction('rw', editTables(db), work);
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
  fieldOf?: (path: string) => string,
): Promise<R | { ok: false; errors: FormErrors }> {
  const gone = { ok: false as const, errors: { $: [missing] } };
  return inEditTransaction(
    db,
    async () => {
      const row = await load();
      return row === undefined ? gone : work(row);
    },
    fieldOf,
  );
}
