/**
 * The export as a whole: one file saved with every page in order once all are written; nothing saved when
 * cancelled; a file name from the list and the local date.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { arraySource, UTF8_BOM, type CsvColumn } from './csvChunks';
import { CSV_TYPE, csvDay, csvFileName, exportCsv } from './exportCsv';

const COLUMNS: CsvColumn<number>[] = [
  { header: 'N', value: (n) => n },
  { header: 'Name', value: (n) => `Ökonom, ${n}` },
];

describe('exportCsv', () => {
  it('saves one UTF-8 CSV file with the header and every row', async () => {
    const saved: { file: Blob; name: string }[] = [];
    const result = await exportCsv({
      source: arraySource(Array.from({ length: 1_234 }, (_, i) => i)),
      columns: COLUMNS,
      fileName: 'customers.csv',
      pageSize: 100,
      pause: async () => {},
      save: (file, name) => saved.push({ file, name }),
    });
    expect(result).toEqual({ rows: 1_234 });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('customers.csv');
    expect(saved[0]!.file.type).toBe(CSV_TYPE);
    const bytes = new Uint8Array(await saved[0]!.file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const { data, errors } = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: true });
    expect(errors).toEqual([]);
    expect(data).toHaveLength(1_235);
    expect(data[0]).toEqual(['N', 'Name']);
    expect(data[1_234]).toEqual(['1233', 'Ökonom, 1233']);
  });

  it('saves nothing when cancelled midway', async () => {
    const controller = new AbortController();
    const saved: Blob[] = [];
    const run = exportCsv({
      source: arraySource(Array.from({ length: 50 }, (_, i) => i)),
      columns: COLUMNS,
      fileName: 'x.csv',
      pageSize: 10,
      signal: controller.signal,
      pause: async () => {},
      onProgress: ({ done }) => done === 30 && controller.abort(),
      save: (file) => saved.push(file),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(saved).toEqual([]);
  });

  it('names the file after the list and the local date', () => {
    expect(csvFileName('customers', new Date(2026, 10, 7, 23, 59))).toBe('customers-2026-11-07.csv');
    expect(csvFileName('credit notes / May', new Date(2026, 0, 1))).toBe('credit-notes-May-2026-01-01.csv');
    expect(csvFileName('///', new Date(2026, 0, 1))).toBe('export-2026-01-01.csv');
  });

  it('writes a date-time as the local day it fell on, and nothing for a missing one', () => {
    const late = new Date(2026, 2, 31, 23, 30);
    expect(csvDay(late.toISOString())).toBe('2026-03-31');
    expect(csvDay(null)).toBeNull();
    expect(csvDay('not a date')).toBeNull();
  });
});
