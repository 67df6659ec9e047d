/**
 * Labels in Chromium (./LabelSheet.svelte): every barcode a label shows reads back, by a decoder written apart
 * from the renderer, as the product's code in the symbology barcode.ts chose; pages and labels have their
 * printed size in millimetres; the print's page size follows the label size; a code that cannot be printed
 * is named with its reason and left off the pages.
 *
 * Reading back: each label's SVG is drawn on a white canvas at its drawing's own scale (two pixels a module)
 * and read by ZXing (../../lib/labels/testing/readBarcode.ts), so a bar drawn wrong cannot pass because
 * renderer and test share the mistake.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LabelLineSchema, type LabelLine } from '../../lib/labels/layout';
import { labelSize } from '../../lib/labels/sizes';
import { readBarcode, type Decoded } from '../../lib/labels/testing/readBarcode';
import { setOwnCurrency } from '../../lib/ownCurrency';
import { mountInPage } from '../testing/mountInPage';
import LabelSheet from './LabelSheet.svelte';

/** A label's SVG drawn on a white canvas at its drawing's own scale (two pixels a module). */
async function pixels(svg: SVGSVGElement): Promise<ImageData> {
  const { width, height } = svg.viewBox.baseVal;
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

const decodeSvg = async (svg: SVGSVGElement): Promise<Decoded> => readBarcode(await pixels(svg));

afterEach(() => setOwnCurrency(null));

const line = (more: Partial<LabelLine>): LabelLine =>
  LabelLineSchema.parse({
    description: 'Tent 2P',
    sku: 'TENT-2P',
    code: 'TENT-2P',
    sellPrice: 249.95,
    ...more,
  });

const lines: LabelLine[] = [
  line({ description: 'Tent 2P', code: '9300633601232', unitsReceived: 2 }),
  line({ description: 'Tent pegs', sku: 'PEG-10', code: 'PEG-10', quantity: 1 }),
  line({ description: 'Camp stove', sku: 'stv/0042.a', code: 'stv/0042.a', quantity: 1 }),
  line({ description: 'Lantern', sku: 'LAN-1', code: '012345678905', sellPrice: null, quantity: 1 }),
  line({ description: 'Billy can', sku: 'BIL-1', code: '10012345678902', quantity: 1 }),
];

const mm = (value: number) => (value * 96) / 25.4;

describe('LabelSheet', () => {
  it('prints barcodes that read back as the same codes, EAN-13 for an EAN-13 and Code 128 for the rest', async () => {
    const { target } = mountInPage(LabelSheet, { lines, size: labelSize('a4-3x8') });
    const barcodes = [...target.querySelectorAll<HTMLElement>('.barcode')];
    expect(barcodes.map((box) => box.dataset.code)).toEqual([
      '9300633601232',
      '9300633601232',
      'PEG-10',
      'stv/0042.a',
      '012345678905',
      '10012345678902',
    ]);
    const read = [];
    for (const box of barcodes) read.push(await decodeSvg(box.querySelector('svg')!));
    expect(read).toEqual([
      { text: '9300633601232', format: 'ean13' },
      { text: '9300633601232', format: 'ean13' },
      { text: 'PEG-10', format: 'code128' },
      { text: 'stv/0042.a', format: 'code128' },
      { text: '012345678905', format: 'code128' },
      { text: '10012345678902', format: 'code128' },
    ]);
  });

  it('shows each label with its description, SKU and sell price in the own currency', () => {
    setOwnCurrency('AUD');
    const { target } = mountInPage(LabelSheet, { lines: lines.slice(2, 4), size: labelSize('roll-50x25') });
    const labels = [...target.querySelectorAll('.label')].map((label) =>
      label.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(labels).toEqual(['Camp stove stv/0042.a $249.95', 'Lantern LAN-1']);
  });

  it('lays an A4 sheet out in millimetres, 3 across and 8 down, a new page after 24', () => {
    const { target } = mountInPage(LabelSheet, {
      lines: [line({ quantity: 25 })],
      size: labelSize('a4-3x8'),
    });
    const pages = [...target.querySelectorAll<HTMLElement>('.page')];
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual([
      'Label page 1 of 2',
      'Label page 2 of 2',
    ]);
    const [first, second] = pages as [HTMLElement, HTMLElement];
    const page = first.getBoundingClientRect();
    expect(page.width).toBeCloseTo(mm(210), 0);
    expect(page.height).toBeCloseTo(mm(297), 0);
    const labels = [...first.querySelectorAll('.label')].map((label) => label.getBoundingClientRect());
    expect(labels).toHaveLength(24);
    const label = (at: number) => labels[at]!;
    expect(label(5).left - page.left).toBeCloseTo(mm(140), 0);
    expect(label(5).top - page.top).toBeCloseTo(mm(37.5), 0);
    expect(label(23).width).toBeCloseTo(mm(70), 0);
    expect(label(23).height).toBeCloseTo(mm(37), 0);
    expect(second.querySelectorAll('.label')).toHaveLength(1);
    // The barcode is drawn inside its label, not cut off by it.
    const bars = first.querySelector('.barcode svg')!.getBoundingClientRect();
    expect(bars.width).toBeGreaterThan(mm(30));
    expect(bars.right).toBeLessThanOrEqual(label(0).right);
    expect(bars.bottom).toBeLessThanOrEqual(label(0).bottom);
  });

  it('sets the print page to the label size while it is shown', () => {
    mountInPage(LabelSheet, { lines: lines.slice(0, 1), size: labelSize('roll-50x25') });
    const rules = [...document.head.querySelectorAll('style[data-label-page]')].map(
      (style) => style.textContent,
    );
    expect(rules).toEqual(['@page { size: 50mm 25mm; margin: 0; }']);
  });

  it('names a line whose code cannot be printed, with the reason, and prints the others', () => {
    const { target } = mountInPage(LabelSheet, {
      lines: [line({ description: 'Tarp', code: '9300633601233', quantity: 4 }), lines[1]],
      size: labelSize('roll-50x25'),
    });
    expect(target.querySelector('[role="alert"]')?.textContent?.replace(/\s+/g, ' ')).toContain(
      'Tarp: This barcode’s last digit (its check digit) is wrong, so a scanner would refuse it.',
    );
    expect([...target.querySelectorAll<HTMLElement>('.barcode')].map((box) => box.dataset.code)).toEqual([
      'PEG-10',
    ]);
  });
});
