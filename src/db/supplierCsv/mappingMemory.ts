/**
 * The column mapping a clerk chose for a supplier's CSV, remembered on this PC per supplier (the cache's
 * `meta` table, key `supplierCsv.mapping.<supplierId>`), so the supplier's next file maps itself. What is read
 * back is checked with zod: a stored value this version cannot read (an older shape, a damaged row) is
 * ignored and the file's own guess stands, never an error on the screen.
 */
import { z } from 'zod';
import type { DockhandDb } from '../schema';
import { guessMapping, MAPPED_FIELDS, type ColumnMapping } from './columns';

const key = (supplierId: number) => `supplierCsv.mapping.${supplierId}`;

/** A column by position, and by heading when the file had headings: the heading wins if it moved. */
const StoredColumnSchema = z.strictObject({
  column: z.number().int().min(0).max(10_000),
  heading: z.string().max(200).nullable(),
});

const StoredMappingSchema = z.strictObject({
  version: z.literal(1),
  code: StoredColumnSchema.nullable(),
  quantity: StoredColumnSchema.nullable(),
  price: StoredColumnSchema.nullable(),
  firstRowHeadings: z.boolean(),
});

export type StoredMapping = z.infer<typeof StoredMappingSchema>;

const squash = (text: string) => text.trim().toLowerCase();

/** The mapping as it is kept: positions, with the headings they had in this file. */
export function storedMappingOf(mapping: ColumnMapping, rows: readonly (readonly string[])[]): StoredMapping {
  const headings = mapping.firstRowHeadings ? (rows[0] ?? []) : [];
  const column = (at: number | null) =>
    at === null ? null : { column: at, heading: headings[at]?.trim() || null };
  return {
    version: 1,
    code: column(mapping.code),
    quantity: column(mapping.quantity),
    price: column(mapping.price),
    firstRowHeadings: mapping.firstRowHeadings,
  };
}

/** The remembered mapping applied to a file: by heading where it has that heading, else by position. */
export function applyStoredMapping(
  stored: StoredMapping,
  rows: readonly (readonly string[])[],
): ColumnMapping {
  const first = rows[0] ?? [];
  const width = Math.max(0, ...rows.slice(0, 50).map((row) => row.length));
  const resolve = (entry: StoredMapping['code']): number | null => {
    if (!entry) return null;
    if (stored.firstRowHeadings && entry.heading !== null) {
      const at = first.findIndex((cell) => squash(cell) === squash(entry.heading!));
      if (at >= 0) return at;
    }
    return entry.column < width ? entry.column : null;
  };
  const mapping: ColumnMapping = {
    code: null,
    quantity: null,
    price: null,
    firstRowHeadings: stored.firstRowHeadings,
  };
  for (const field of MAPPED_FIELDS) mapping[field] = resolve(stored[field]);
  return mapping;
}

/** The supplier's remembered mapping, or null when none is kept or the kept one does not read. */
export async function readStoredMapping(db: DockhandDb, supplierId: number): Promise<StoredMapping | null> {
  const entry = await db.meta.get(key(supplierId));
  const parsed = StoredMappingSchema.safeParse(entry?.value);
  return parsed.success ? parsed.data : null;
}

export async function rememberMapping(
  db: DockhandDb,
  supplierId: number,
  mapping: ColumnMapping,
  rows: readonly (readonly string[])[],
): Promise<void> {
  await db.meta.put({ key: key(supplierId), value: storedMappingOf(mapping, rows) });
}

/** What a file starts with for this supplier: the remembered mapping, else the file's own guess. */
export async function startingMapping(
  db: DockhandDb,
  supplierId: number,
  rows: readonly (readonly string[])[],
): Promise<{ mapping: ColumnMapping; remembered: boolean }> {
  const stored = await readStoredMapping(db, supplierId);
  if (stored) return { mapping: applyStoredMapping(stored, rows), remembered: true };
  return { mapping: guessMapping(rows), remembered: false };
}
