/**
 * What goes on a label and where each label falls on the printed pages (issue #28 part 3). A label line is
 * one product and how many of its labels to print: by default one for each unit received, when the labels
 * are printed from a receipt, else one. Pure arithmetic, no DOM: LabelSheet.svelte draws what this places.
 */
import { z } from 'zod';
import type { Product } from '../../api/resources';
import { labelsPerPage, type LabelSize } from './sizes';

/** Most labels printed at once: a whole roll of 50 × 25 mm labels is about 1,000. */
export const MAX_LABELS = 1000;

export const LabelLineSchema = z.strictObject({
  description: z.string(),
  sku: z.string(),
  /** The code the barcode carries (./barcode.ts decides its symbology). */
  code: z.string(),
  /** Sell price including tax, in the business's own currency; null when the product has none. */
  sellPrice: z.number().nullable(),
  /** Labels the clerk asked for; when left out, the units received, else one. */
  quantity: z.number().int().min(0).max(MAX_LABELS).optional(),
  unitsReceived: z.number().int().min(0).optional(),
});
export type LabelLine = z.infer<typeof LabelLineSchema>;

/** What a label reads of a product. The sell price is null where only an order line's copy is cached. */
export type LabelProduct = Pick<
  Product,
  'short_description' | 'supplier_sku' | 'supplier_sku2' | 'manufacturer_sku'
> & { sell_price_inc: number | null };

/**
 * A product's label line. Its barcode carries the product's barcode (SKU2, what the shelf scanner matches
 * first), else its supplier SKU, else its manufacturer SKU; the SKU printed is the supplier SKU.
 */
export function labelLine(product: LabelProduct, unitsReceived?: number): LabelLine {
  return LabelLineSchema.parse({
    description: product.short_description,
    sku: product.supplier_sku,
    code: product.supplier_sku2 || product.supplier_sku || product.manufacturer_sku,
    sellPrice: product.sell_price_inc,
    ...(unitsReceived === undefined ? {} : { unitsReceived }),
  });
}

/** A quantity of labels as the clerk types it: a whole number from 0 to MAX_LABELS. */
export const LabelQuantitySchema = z
  .string()
  .trim()
  .regex(/^\d+$/, `Type a whole number of labels, 0 to ${MAX_LABELS.toLocaleString('en-AU')}.`)
  .transform(Number)
  .pipe(
    z
      .number()
      .max(MAX_LABELS, `At most ${MAX_LABELS.toLocaleString('en-AU')} labels a line; print the rest after.`),
  );

export function labelCount(line: LabelLine): number {
  return line.quantity ?? line.unitsReceived ?? 1;
}

/** One printed label: which line it is of, on which page (from 0), and its top-left corner on that page. */
export interface PlacedLabel {
  line: number;
  page: number;
  xMm: number;
  yMm: number;
}

export type Layout = { ok: true; pages: number; placed: PlacedLabel[] } | { ok: false; error: string };

/** Where slot `slot` (0 = top left, across then down) of a page is. */
export function slotPosition(size: LabelSize, slot: number): { xMm: number; yMm: number } {
  const column = slot % size.columns;
  const row = Math.floor(slot / size.columns);
  // Rounded to a hundredth of a millimetre: 7.25 + 2 × 66 must print as 139.25, not 139.25000000000003.
  const round = (mm: number) => Math.round(mm * 100) / 100;
  return {
    xMm: round(size.marginLeftMm + column * (size.labelWidthMm + size.gapXMm)),
    yMm: round(size.marginTopMm + row * (size.labelHeightMm + size.gapYMm)),
  };
}

/**
 * The labels of `lines` in order, each line's copies together, filling each page across then down.
 * `skip` leaves that many labels of the first sheet blank: a sheet already partly used goes back in the
 * printer. A roll has nothing to skip.
 */
export function layoutLabels(lines: readonly LabelLine[], size: LabelSize, skip = 0): Layout {
  const perPage = labelsPerPage(size);
  const blank = size.kind === 'sheet' ? Math.max(0, Math.min(Math.floor(skip), perPage - 1)) : 0;
  const counts = lines.map(labelCount);
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total > MAX_LABELS)
    return {
      ok: false,
      error: `That is ${total.toLocaleString('en-AU')} labels; print at most ${MAX_LABELS.toLocaleString('en-AU')} at a time. Lower the quantities and print the rest after.`,
    };
  const placed: PlacedLabel[] = [];
  let at = blank;
  counts.forEach((count, line) => {
    for (let copy = 0; copy < count; copy++, at++) {
      const page = Math.floor(at / perPage);
      placed.push({ line, page, ...slotPosition(size, at % perPage) });
    }
  });
  return { ok: true, pages: total === 0 ? 0 : Math.ceil(at / perPage), placed };
}
