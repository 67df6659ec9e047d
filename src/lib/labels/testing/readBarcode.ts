/**
 * Reads a drawn barcode back, for tests only: pixels (a canvas's RGBA ImageData, or the grey levels of a
 * printed PDF page rendered by poppler's pdftoppm) read by ZXing (@zxing/library, a port of the Java
 * ZXing decoders, a dev dependency) as EAN-13, UPC-A or Code 128. Written apart from the renderer
 * (../barcode.ts, bwip-js), so a bar drawn wrong cannot pass because renderer and test share the mistake.
 * Used by src/components/labels/LabelSheet.browser.test.svelte.ts and e2e/labels.spec.ts.
 */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

export interface Pixels {
  /** Row by row: red, green, blue and alpha for each pixel, or one grey level for each. */
  data: ArrayLike<number>;
  width: number;
  height: number;
}

export interface Decoded {
  text: string;
  format: 'ean13' | 'code128' | 'other';
}

/** The code the pixels read as, and its symbology; throws when nothing in them reads. */
export function readBarcode({ data, width, height }: Pixels): Decoded {
  const grey = new Uint8ClampedArray(width * height);
  const rgba = data.length === grey.length * 4;
  for (let at = 0; at < grey.length; at++) {
    if (!rgba) grey[at] = data[at] ?? 0;
    else {
      const [red = 0, green = 0, blue = 0] = [data[at * 4], data[at * 4 + 1], data[at * 4 + 2]];
      grey[at] = (red * 299 + green * 587 + blue * 114) / 1000;
    }
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)));
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128, BarcodeFormat.UPC_A]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = new MultiFormatReader().decode(bitmap, hints);
  const format = result.getBarcodeFormat();
  return {
    text: result.getText(),
    format:
      format === BarcodeFormat.EAN_13 ? 'ean13' : format === BarcodeFormat.CODE_128 ? 'code128' : 'other',
  };
}
