/**
 * `npm run icons`: every icon the installers need, from the one source resources/icon.svg, into resources/icons/
 * (generated, ignored by git; `npm run package` and `npm run package:check` run this first):
 * - png/NxN.png, 16 to 512: the Linux icon set (AppImage, deb) and, at 512, the macOS icon;
 * - icon.ico, 16 to 256: Windows (the executable, the NSIS installer and uninstaller, the MSI).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeIco, encodePng } from './icon/encode';
import { parseIconSvg, rasterise } from './icon/svg';

export const ICON_SOURCE = resolve(import.meta.dirname, '../resources/icon.svg');
export const ICON_DIR = resolve(import.meta.dirname, '../resources/icons');
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/** Renders every size and writes them, replacing what was there; returns the written paths. */
export function writeIcons(source = ICON_SOURCE, outDir = ICON_DIR): string[] {
  const drawing = parseIconSvg(readFileSync(source, 'utf8'));
  const pngs = new Map(PNG_SIZES.map((size) => [size, encodePng(rasterise(drawing, size), size)]));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'png'), { recursive: true });
  const written: string[] = [];
  for (const [size, png] of pngs) {
    const path = join(outDir, 'png', `${size}x${size}.png`);
    writeFileSync(path, png);
    written.push(path);
  }
  const ico = join(outDir, 'icon.ico');
  writeFileSync(ico, encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size)! }))));
  written.push(ico);
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = writeIcons();
  console.log(`icons: ${written.length} files from resources/icon.svg into resources/icons/`);
}
