/**
 * The buyer's "order up to" targets, per outlet and product, kept in this PC's cache (`meta`): the API has
 * no field for them, so they are this PC's, like the receiving settings. Validated on read: a hand-edited or
 * older value drops the entries that do not parse, never the whole list.
 */
import { z } from 'zod';
import type { DockhandDb } from '../schema';

const keyOf = (outletId: number) => `reorder.targets.${outletId}`;

const Target = z.number().int().positive().max(999_999);

/** productId → target, for one outlet. */
export type Targets = ReadonlyMap<number, number>;

export function parseTargets(stored: unknown): Map<number, number> {
  const targets = new Map<number, number>();
  if (!stored || typeof stored !== 'object') return targets;
  for (const [key, value] of Object.entries(stored)) {
    const productId = Number(key);
    const target = Target.safeParse(value);
    if (Number.isInteger(productId) && productId > 0 && target.success) targets.set(productId, target.data);
  }
  return targets;
}

export async function readTargets(db: DockhandDb, outletId: number): Promise<Map<number, number>> {
  return parseTargets((await db.meta.get(keyOf(outletId)))?.value);
}

/** Sets (or with null, clears) one product's target at an outlet. Throws on a target that is not a whole number above 0. */
export async function writeTarget(
  db: DockhandDb,
  outletId: number,
  productId: number,
  target: number | null,
): Promise<void> {
  const valid = target === null ? null : Target.parse(target);
  await db.transaction('rw', db.meta, async () => {
    const targets = await readTargets(db, outletId);
    if (valid === null) targets.delete(productId);
    else targets.set(productId, valid);
    await db.meta.put({ key: keyOf(outletId), value: Object.fromEntries(targets) });
  });
}
