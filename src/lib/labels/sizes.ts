/**
 * The label sizes the app prints (issue #28 part 3), declared once: rolls of common thermal label printers
 * (one label a page: the printer's driver feeds one label for each page) and A4 sheets of die-cut labels
 * (a grid of labels on each page, at the margins and gaps the sheet is cut with). docs/labels.md says which
 * to choose. All lengths in millimetres, as the label makers quote them and as the printed CSS uses them.
 */
import { z } from 'zod';

/** Read-only: a size is a fact of the label stock, declared once below. */
export interface LabelSize {
  readonly id: string;
  /** What the clerk picks from: the size and what it is for. */
  readonly name: string;
  readonly kind: 'roll' | 'sheet';
  readonly labelWidthMm: number;
  readonly labelHeightMm: number;
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  readonly columns: number;
  readonly rows: number;
  /** Top-left corner of the first label on the page. */
  readonly marginLeftMm: number;
  readonly marginTopMm: number;
  /** Space between neighbouring labels, across and down. */
  readonly gapXMm: number;
  readonly gapYMm: number;
}

/** A roll label: the page is the label. */
function roll(id: string, width: number, height: number, use: string): LabelSize {
  return {
    id,
    name: `${width} × ${height} mm roll (${use})`,
    kind: 'roll',
    labelWidthMm: width,
    labelHeightMm: height,
    pageWidthMm: width,
    pageHeightMm: height,
    columns: 1,
    rows: 1,
    marginLeftMm: 0,
    marginTopMm: 0,
    gapXMm: 0,
    gapYMm: 0,
  };
}

const A4 = { pageWidthMm: 210, pageHeightMm: 297 } as const;

export const LABEL_SIZES = [
  roll('roll-50x25', 50, 25, 'shelf edge'),
  roll('roll-58x40', 58, 40, 'shelf or bin'),
  roll('roll-100x50', 100, 50, 'carton'),
  // 3 × 8 of 70 × 37 mm, no gaps (e.g. Avery 3475): 8 rows of 37 mm leave 0.5 mm top and bottom.
  {
    id: 'a4-3x8',
    name: 'A4 sheet, 24 labels (3 × 8, 70 × 37 mm)',
    kind: 'sheet',
    labelWidthMm: 70,
    labelHeightMm: 37,
    ...A4,
    columns: 3,
    rows: 8,
    marginLeftMm: 0,
    marginTopMm: 0.5,
    gapXMm: 0,
    gapYMm: 0,
  },
  // 3 × 7 of 63.5 × 38.1 mm with 2.5 mm between columns (e.g. Avery L7160).
  {
    id: 'a4-3x7',
    name: 'A4 sheet, 21 labels (3 × 7, 63.5 × 38.1 mm)',
    kind: 'sheet',
    labelWidthMm: 63.5,
    labelHeightMm: 38.1,
    ...A4,
    columns: 3,
    rows: 7,
    marginLeftMm: 7.25,
    marginTopMm: 15.15,
    gapXMm: 2.5,
    gapYMm: 0,
  },
] as const satisfies readonly LabelSize[];

/** The first size, a 50 × 25 mm roll: the shelf label most thermal printers are loaded with. */
export const DEFAULT_LABEL_SIZE_ID = LABEL_SIZES[0].id;

export const LabelSizeIdSchema = z
  .string()
  .refine((id) => LABEL_SIZES.some((size) => size.id === id), 'Pick one of the label sizes listed.');

/** The size with this id; an unknown id (a size since removed) falls back to the default. */
export function labelSize(id: string): LabelSize {
  return LABEL_SIZES.find((size) => size.id === id) ?? LABEL_SIZES[0];
}

export const labelsPerPage = (size: LabelSize): number => size.columns * size.rows;
