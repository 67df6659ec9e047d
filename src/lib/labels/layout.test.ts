/** How many labels a line prints, how many pages they take and where each falls on an A4 sheet. */
import { describe, expect, it } from 'vitest';
import {
  labelCount,
  labelLine,
  LabelQuantitySchema,
  layoutLabels,
  MAX_LABELS,
  slotPosition,
  type LabelLine,
} from './layout';
import { LABEL_SIZES, labelSize } from './sizes';

const line = (more: Partial<LabelLine> = {}): LabelLine => ({
  description: 'Tent 2P',
  sku: 'TENT-2P',
  code: '9300633601232',
  sellPrice: 249.95,
  ...more,
});
const a4 = labelSize('a4-3x8');
const avery = labelSize('a4-3x7');
const roll = labelSize('roll-50x25');

describe('labelLine and labelCount', () => {
  const product = {
    short_description: 'Tent 2P',
    supplier_sku: 'TENT-2P',
    supplier_sku2: '9300633601232',
    manufacturer_sku: 'M-1',
    sell_price_inc: 249.95,
  };

  it('carries the product barcode, else its supplier SKU, else its manufacturer SKU', () => {
    expect(labelLine(product).code).toBe('9300633601232');
    expect(labelLine({ ...product, supplier_sku2: '' }).code).toBe('TENT-2P');
    expect(labelLine({ ...product, supplier_sku2: '', supplier_sku: '' }).code).toBe('M-1');
  });

  it('prints one label a unit received, one when none is given, and what the clerk asked for over both', () => {
    expect(labelCount(labelLine(product, 12))).toBe(12);
    expect(labelCount(labelLine(product))).toBe(1);
    expect(labelCount({ ...labelLine(product, 12), quantity: 3 })).toBe(3);
    expect(labelCount({ ...labelLine(product, 12), quantity: 0 })).toBe(0);
  });
});

describe('LabelQuantitySchema', () => {
  it('takes a whole number of labels up to the most printed at once, and says what it wants otherwise', () => {
    expect(LabelQuantitySchema.parse(' 12 ')).toBe(12);
    expect(LabelQuantitySchema.parse('0')).toBe(0);
    expect(LabelQuantitySchema.parse(String(MAX_LABELS))).toBe(MAX_LABELS);
    const error = (text: string) => LabelQuantitySchema.safeParse(text).error?.issues[0]?.message;
    for (const text of ['', '2.5', '-1', 'ten'])
      expect(error(text)).toBe('Type a whole number of labels, 0 to 1,000.');
    expect(error('1001')).toBe('At most 1,000 labels a line; print the rest after.');
  });
});

describe('slotPosition', () => {
  it('places a 3 × 8 sheet across then down from its margin, with no gaps', () => {
    expect(slotPosition(a4, 0)).toEqual({ xMm: 0, yMm: 0.5 });
    expect(slotPosition(a4, 2)).toEqual({ xMm: 140, yMm: 0.5 });
    expect(slotPosition(a4, 3)).toEqual({ xMm: 0, yMm: 37.5 });
    expect(slotPosition(a4, 23)).toEqual({ xMm: 140, yMm: 259.5 });
  });

  it('adds the gap between columns of a sheet cut with gaps', () => {
    expect(slotPosition(avery, 2)).toEqual({ xMm: 139.25, yMm: 15.15 });
    expect(slotPosition(avery, 20)).toEqual({ xMm: 139.25, yMm: 243.75 });
  });

  it('keeps every declared size inside its page', () => {
    for (const size of LABEL_SIZES) {
      const last = slotPosition(size, size.columns * size.rows - 1);
      expect(last.xMm + size.labelWidthMm, size.id).toBeLessThanOrEqual(size.pageWidthMm);
      expect(last.yMm + size.labelHeightMm, size.id).toBeLessThanOrEqual(size.pageHeightMm);
    }
  });
});

describe('layoutLabels', () => {
  it('fills a sheet line by line and starts a page when one is full', () => {
    const layout = layoutLabels([line({ quantity: 20 }), line({ quantity: 10 })], a4);
    if (!layout.ok) throw new Error(layout.error);
    expect(layout.pages).toBe(2);
    expect(layout.placed).toHaveLength(30);
    expect(layout.placed[19]).toEqual({ line: 0, page: 0, xMm: 70, yMm: 222.5 });
    expect(layout.placed[20]).toEqual({ line: 1, page: 0, xMm: 140, yMm: 222.5 });
    expect(layout.placed[24]).toEqual({ line: 1, page: 1, xMm: 0, yMm: 0.5 });
  });

  it('leaves the used labels of a sheet blank and counts them in its pages', () => {
    const layout = layoutLabels([line({ quantity: 5 })], a4, 22);
    if (!layout.ok) throw new Error(layout.error);
    expect(layout.pages).toBe(2);
    expect(layout.placed.map(({ page, xMm, yMm }) => [page, xMm, yMm])).toEqual([
      [0, 70, 259.5],
      [0, 140, 259.5],
      [1, 0, 0.5],
      [1, 70, 0.5],
      [1, 140, 0.5],
    ]);
  });

  it('prints one label a page on a roll, where nothing is skipped', () => {
    const layout = layoutLabels([line({ unitsReceived: 3 })], roll, 5);
    if (!layout.ok) throw new Error(layout.error);
    expect(layout.pages).toBe(3);
    expect(layout.placed).toEqual([0, 1, 2].map((page) => ({ line: 0, page, xMm: 0, yMm: 0 })));
  });

  it('prints no pages for no labels, and refuses more than a roll holds', () => {
    expect(layoutLabels([line({ quantity: 0 })], a4)).toEqual({ ok: true, pages: 0, placed: [] });
    const lines = [line({ quantity: MAX_LABELS }), line({ quantity: 1 })];
    expect(layoutLabels(lines, roll)).toEqual({
      ok: false,
      error:
        'That is 1,001 labels; print at most 1,000 at a time. Lower the quantities and print the rest after.',
    });
  });
});
