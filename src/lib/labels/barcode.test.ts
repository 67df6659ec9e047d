/**
 * Which symbology a product's code is printed in, and the codes refused in a clerk's words. That the drawn
 * bars decode back to the same code is proven in Chromium (components/labels/LabelSheet.browser.test.svelte.ts).
 */
import { describe, expect, it } from 'vitest';
import { barcodeSvg, chooseSymbology, LABEL_CODE_MAX } from './barcode';

describe('chooseSymbology', () => {
  it('prints a valid EAN-13 as EAN-13', () => {
    expect(chooseSymbology('9300633601232')).toBe('ean13');
    expect(chooseSymbology('4006381333931')).toBe('ean13');
  });

  it('prints SKUs and other GTIN lengths as Code 128, so the scan reads back the same digits', () => {
    expect(chooseSymbology('TENT-2P')).toBe('code128');
    expect(chooseSymbology('012345678905')).toBe('code128'); // UPC-A: as EAN-13 it would scan with a 0 in front
    expect(chooseSymbology('96385074')).toBe('code128'); // EAN-8
    expect(chooseSymbology('10012345678902')).toBe('code128'); // GTIN-14 of a carton
    expect(chooseSymbology('12345')).toBe('code128');
  });
});

describe('barcodeSvg', () => {
  it('draws an EAN-13 and a Code 128 as SVG scaled to their box', () => {
    const ean = barcodeSvg('9300633601232');
    expect(ean).toMatchObject({ ok: true, symbology: 'ean13', code: '9300633601232' });
    const sku = barcodeSvg(' TENT-2P ');
    expect(sku).toMatchObject({ ok: true, symbology: 'code128', code: 'TENT-2P' });
    for (const drawn of [ean, sku]) {
      if (!drawn.ok) throw new Error(drawn.error);
      expect(drawn.svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"/);
      expect(drawn.svg).not.toMatch(/<svg[^>]* width=/);
    }
  });

  it('refuses a 13-digit code with a wrong check digit instead of printing a label the scanner refuses', () => {
    const drawn = barcodeSvg('9300633601233');
    expect(drawn.ok).toBe(false);
    if (!drawn.ok) expect(drawn.error).toMatch(/check digit\) is wrong/);
    expect(barcodeSvg('012345678901').ok).toBe(false); // UPC-A with a wrong check digit
  });

  it('refuses an empty code, one too long to scan and one a scanner cannot type back', () => {
    const error = (code: string) => {
      const drawn = barcodeSvg(code);
      return drawn.ok ? null : drawn.error;
    };
    expect(error('   ')).toMatch(/no barcode or SKU/);
    expect(error('A'.repeat(LABEL_CODE_MAX))).toBeNull();
    expect(error('A'.repeat(LABEL_CODE_MAX + 1))).toMatch(/longer than 24 characters/);
    expect(error('CAFÉ-01')).toMatch(/a scanner cannot type back/);
  });
});
