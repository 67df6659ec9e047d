/**
 * What the suites of an edit form need around their record: the cached row, its form as it opens with the
 * clerk's `changes` typed over it, and the one op a save queued. One home for the supplier, return,
 * invoice and reference list edit suites.
 */
import { expect } from 'vitest';
import type { OpRecord } from '../ops';
import type { DockhandDb } from '../schema';

/** `read`: the cached row by id (the suite's database at call time); `id`: the record most tests edit. */
export function editedForm<Row, Form>(
  read: (id: number) => Promise<unknown>,
  formOf: (row: Row) => Form,
  id: number,
) {
  const cached = async (at = id) => (await read(at)) as Row;
  const edited = async (changes: Partial<Form>, at = id): Promise<Form> => ({
    ...formOf(await cached(at)),
    ...changes,
  });
  return { cached, edited };
}

/** The op a save queued, checked to be the only one in the outbox. */
export async function onlyOp(db: DockhandDb): Promise<OpRecord> {
  const ops = await db.outbox.toArray();
  expect(ops).toHaveLength(1);
  return ops[0]!;
}
