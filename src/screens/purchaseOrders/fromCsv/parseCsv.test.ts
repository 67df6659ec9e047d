import { describe, expect, it } from 'vitest';
import { parseCsv } from './parseCsv';

/** A yield that only counts: the parse must give the thread back between chunks, not wait on a clock. */
function countingYield() {
  const counter = { yields: 0, yieldNow: () => Promise.resolve().then(() => void counter.yields++) };
  return counter;
}

describe('parseCsv', () => {
  it('keeps quoted commas, quotes and line breaks in one cell, over CRLF line ends and a byte order mark', async () => {
    const text =
      '\ufeffBarcode,Description,Qty,Price\r\n' +
      '9300000000011,"Tee, black ""classic""",12,8.40\r\n' +
      '9300000000028,"Socks\r\nwool, grey",3,\r\n' +
      '\r\n';
    const parsed = await parseCsv(text, countingYield());
    expect(parsed.delimiter).toBe(',');
    expect(parsed.rows).toEqual([
      ['Barcode', 'Description', 'Qty', 'Price'],
      ['9300000000011', 'Tee, black "classic"', '12', '8.40'],
      ['9300000000028', 'Socks\r\nwool, grey', '3', ''],
    ]);
  });

  it('finds a semicolon or tab delimiter, with decimal commas left to the price reader', async () => {
    const semicolons = await parseCsv('EAN;Menge;Preis\n4000000000017;2;"12,50"\n', countingYield());
    expect(semicolons.delimiter).toBe(';');
    expect(semicolons.rows[1]).toEqual(['4000000000017', '2', '12,50']);
    const tabs = await parseCsv('SKU\tQty\tCost\nACME-TEE\t5\t8.40\n', countingYield());
    expect(tabs.delimiter).toBe('\t');
    expect(tabs.rows).toEqual([
      ['SKU', 'Qty', 'Cost'],
      ['ACME-TEE', '5', '8.40'],
    ]);
  });

  it('parses 5,000 rows a chunk at a time, giving the thread back and reporting progress from the first chunk', async () => {
    const lines = ['Barcode,Description,Qty,Price'];
    for (let i = 0; i < 5000; i++)
      lines.push(
        `93${String(i).padStart(11, '0')},"Item ${i}, size ""M""",${(i % 9) + 1},${(i % 50) + 0.25}`,
      );
    // Quoted cells with line breaks straddle chunk boundaries somewhere in here.
    lines.push('9399999999999,"last\nrow",1,1.00');
    const counter = countingYield();
    const progress: number[] = [];
    const parsed = await parseCsv(lines.join('\r\n'), {
      chunkSize: 4096,
      yieldNow: counter.yieldNow,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(parsed.rows).toHaveLength(5002);
    expect(parsed.rows[4000]).toEqual(['9300000003999', 'Item 3999, size "M"', '4', '49.25']);
    expect(parsed.rows[5001]).toEqual(['9399999999999', 'last\nrow', '1', '1.00']);
    expect(counter.yields).toBeGreaterThan(20);
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress[0]).toBeLessThan(0.2);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('stops when the clerk cancels, and reads an empty paste as no rows', async () => {
    const controller = new AbortController();
    const text = Array.from({ length: 3000 }, (_, i) => `CODE-${i},1,2.00`).join('\n');
    const parsing = parseCsv(text, {
      chunkSize: 1024,
      yieldNow: () => Promise.resolve().then(() => controller.abort(new Error('cancelled'))),
      signal: controller.signal,
    });
    await expect(parsing).rejects.toThrow('cancelled');
    expect((await parseCsv('  \r\n', countingYield())).rows).toEqual([]);
  });
});
