/**
 * The labels page's lines as the clerk edits them: the rows (one per product) and the quantity typed for
 * each, as text until it is valid. Pure, so what a scan adds and what goes to the printer are tested in Node
 * (./labelRows.test.ts); LabelsEditor.svelte holds the state.
 */
import { readTypedQuantity } from '../../db/receiving/typedQuantity';
import { LabelCodeSchema } from '../../lib/labels/barcode';
import { labelCount, LabelQuantitySchema, MAX_LABELS, type LabelLine } from '../../lib/labels/layout';
import type { LabelRow } from './labelSources';

/** Typed quantities by product id. */
export type Quantities = Readonly<Record<number, string>>;

export interface LabelRows {
  rows: readonly LabelRow[];
  quantities: Quantities;
}

/** Rows as read, each quantity its default (units on the shelf from a receipt, else one). */
export function startRows(rows: readonly LabelRow[]): LabelRows {
  return {
    rows,
    quantities: Object.fromEntries(rows.map((row) => [row.productId, String(labelCount(row.line))])),
  };
}

/**
 * How many labels a scan asks for: one, or what was typed before it (`5x` units, `2c` cartons of the
 * product); an error in the clerk's words when the typing is not a quantity or the product has no carton
 * quantity.
 */
export function scannedUnits(
  typed: string,
  row: Pick<LabelRow, 'cartonQuantity'>,
): { ok: true; units: number } | { ok: false; error: string } {
  if (typed.trim() === '') return { ok: true, units: 1 };
  const quantity = readTypedQuantity(typed);
  if (!quantity)
    return {
      ok: false,
      error: `“${typed.trim()}” is not a number of labels: type it as a number then x, such as 5x, then scan.`,
    };
  if ('units' in quantity) return { ok: true, units: quantity.units };
  if (row.cartonQuantity === null)
    return {
      ok: false,
      error: 'This product has no carton quantity, so “c” cannot count its labels: type units, such as 12x.',
    };
  return { ok: true, units: quantity.cartons * row.cartonQuantity };
}

/** A scanned product: `units` more labels on its row, or a new row of `units` at the end. */
export function addLabels(current: LabelRows, row: LabelRow, units: number): LabelRows {
  const known = current.rows.some((existing) => existing.productId === row.productId);
  const typed = LabelQuantitySchema.safeParse(current.quantities[row.productId] ?? '0');
  const before = known && typed.success ? typed.data : 0;
  return {
    rows: known ? current.rows : [...current.rows, row],
    quantities: { ...current.quantities, [row.productId]: String(Math.min(MAX_LABELS, before + units)) },
  };
}

export function removeRow(current: LabelRows, productId: number): LabelRows {
  const { [productId]: _removed, ...quantities } = current.quantities;
  return { rows: current.rows.filter((row) => row.productId !== productId), quantities };
}

export interface PrintPlan {
  /** Every row with its quantity, for the preview (a row whose quantity is not valid prints none). */
  lines: LabelLine[];
  /** Why a typed quantity is refused, by product id. */
  errors: Record<number, string>;
  /** Labels that will print: rows with a valid quantity and a barcode that can be drawn. */
  total: number;
}

export function printPlan({ rows, quantities }: LabelRows): PrintPlan {
  const errors: Record<number, string> = {};
  let total = 0;
  const lines = rows.map((row) => {
    const parsed = LabelQuantitySchema.safeParse(quantities[row.productId] ?? '');
    if (!parsed.success) errors[row.productId] = parsed.error.issues[0]?.message ?? 'Check the number.';
    const quantity = parsed.success ? parsed.data : 0;
    if (LabelCodeSchema.safeParse(row.line.code).success) total += quantity;
    return { ...row.line, quantity };
  });
  return { lines, errors, total };
}
