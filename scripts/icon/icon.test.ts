import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ICO_SIZES, PNG_SIZES, writeIcons } from '../icons';
import { encodePng } from './encode';
import { parseIconSvg, rasterise } from './svg';

/** Width, height and RGBA pixels of a PNG written by encodePng (unfiltered rows). */
function decodePng(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const pixel = (x: number, y: number) => [...rows.subarray(y * (width * 4 + 1) + 1 + x * 4).subarray(0, 4)];
  return { width, height, pixel };
}

const dir = mkdtempSync(join(tmpdir(), 'dockhand-icons-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('icon generation', () => {
  it('draws the source at every size: transparent corners, opaque blue edge, the carton in the middle', () => {
    const written = writeIcons(undefined, dir);
    expect(written).toHaveLength(PNG_SIZES.length + 1);
    for (const size of PNG_SIZES) {
      const { width, height, pixel } = decodePng(readFileSync(join(dir, 'png', `${size}x${size}.png`)));
      expect([width, height]).toEqual([size, size]);
      expect(pixel(0, 0)[3]).toBe(0);
      expect(pixel(Math.floor(size * 0.1), Math.floor(size / 2))).toEqual([0x1f, 0x4e, 0x79, 255]);
    }
    const { pixel } = decodePng(readFileSync(join(dir, 'png', '512x512.png')));
    expect(pixel(160, 300)).toEqual([0xf2, 0xb5, 0x44, 255]);

    const ico = readFileSync(join(dir, 'icon.ico'));
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, ICO_SIZES.length]);
    const sizes = ICO_SIZES.map((_, i) => ico.readUInt8(6 + 16 * i) || 256);
    expect(sizes).toEqual([...ICO_SIZES]);
    const last = 6 + 16 * (ICO_SIZES.length - 1);
    const image = ico.subarray(
      ico.readUInt32LE(last + 12),
      ico.readUInt32LE(last + 12) + ico.readUInt32LE(last + 8),
    );
    expect(decodePng(image).width).toBe(256);
  });

  it('anti-aliases edges and composites in order', () => {
    const drawing = parseIconSvg(
      '<svg viewBox="0 0 2 2"><rect x="0" y="0" width="1" height="2" fill="#ff0000"/>' +
        '<circle cx="2" cy="2" r="0.5" fill="#0000ff"/></svg>',
    );
    const pixels = rasterise(drawing, 4);
    const { pixel } = decodePng(encodePng(pixels, 4));
    expect(pixel(0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(3, 0)[3]).toBe(0);
    expect(pixel(3, 3)[2]).toBe(255);
    expect(pixel(3, 3)[3]).toBeGreaterThan(0);
    expect(pixel(3, 3)[3]).toBeLessThan(255);
  });

  it('refuses what it cannot draw instead of drawing it wrong', () => {
    expect(() => parseIconSvg('<svg viewBox="0 0 8 8"><path d="M0 0h8" fill="#000000"/></svg>')).toThrow(
      '<path> is not drawn',
    );
    expect(() =>
      parseIconSvg('<svg viewBox="0 0 8 8"><rect width="8" height="8" fill="red"/></svg>'),
    ).toThrow('fill must be #rrggbb');
    expect(() => parseIconSvg('<svg><rect width="8" height="8" fill="#000000"/></svg>')).toThrow('viewBox');
  });
});
