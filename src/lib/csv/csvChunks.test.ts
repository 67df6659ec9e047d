/**
 * The CSV of a list, read back with papaparse the way a spreadsheet would: header once, values with commas,
 * quotes, line breaks and non-ASCII letters intact, empty cells for nulls, the mark for Excel, every row once,
 * a pause between pages (so no task holds the window for more than one page) and a stop on abort.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  arraySource,
  csvChunks,
  CSV_NEWLINE,
  UTF8_BOM,
  type CsvChunkOptions,
  type CsvColumn,
  type CsvProgress,
  type RowSource,
} from './csvChunks';

interface Person {
  id: number;
  name: string;
  company: string | null;
  points: number;
}

const COLUMNS: CsvColumn<Person>[] = [
  { header: 'Number', value: (row) => row.id },
  { header: 'Name', value: (row) => row.name },
  { header: 'Company, town', value: (row) => row.company },
  { header: 'Points', value: (row) => row.points },
];

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Customer ${i + 1}`,
    company: null,
    points: i,
  }));

async function collect<Row>(
  source: RowSource<Row>,
  columns: readonly CsvColumn<Row>[],
  options: CsvChunkOptions = {},
): Promise<{ chunks: string[]; rows: number }> {
  const chunks: string[] = [];
  const generator = csvChunks(source, columns, { pause: async () => {}, ...options });
  for (;;) {
    const next = await generator.next();
    if (next.done) return { chunks, rows: next.value };
    chunks.push(next.value);
  }
}

function parsed(text: string): string[][] {
  const result = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('csvChunks', () => {
  it('writes the header once and keeps commas, quotes, line breaks, non-ASCII and nulls', async () => {
    const tricky: Person[] = [
      { id: 1, name: 'Smith, John', company: 'He said "hi"', points: 12 },
      { id: 2, name: 'Line one\nline two', company: 'Müller & Søn', points: 0 },
      { id: 3, name: 'Zoë Ðurić 山田', company: null, points: -4.5 },
    ];
    const { chunks, rows } = await collect(arraySource(tricky), COLUMNS);
    const text = chunks.join('');
    expect(rows).toBe(3);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.split(UTF8_BOM)).toHaveLength(2);
    expect(text.startsWith(`${UTF8_BOM}Number,Name,"Company, town",Points${CSV_NEWLINE}`)).toBe(true);
    expect(text).toContain('"He said ""hi"""');
    expect(parsed(text)).toEqual([
      ['Number', 'Name', 'Company, town', 'Points'],
      ['1', 'Smith, John', 'He said "hi"', '12'],
      ['2', 'Line one\nline two', 'Müller & Søn', '0'],
      ['3', 'Zoë Ðurić 山田', '', '-4.5'],
    ]);
  });

  it('ends every record with CRLF, the line break inside a value kept as typed', async () => {
    const { chunks } = await collect(arraySource(people(2)), COLUMNS);
    const text = chunks.join('').slice(UTF8_BOM.length);
    expect(text).toBe(`Number,Name,"Company, town",Points\r\n1,Customer 1,,0\r\n2,Customer 2,,1\r\n`);
  });

  it('defuses values a spreadsheet would run as formulas, but not phones or negative numbers', async () => {
    const columns: CsvColumn<string>[] = [{ header: 'Value', value: (value) => value }];
    const values = ['=SUM(A1:A2)', '@cmd', '+HYPERLINK("x")', '-2+3', '+44 20 7946 0958', '-12.5', 'plain'];
    const { chunks } = await collect(arraySource(values), columns);
    expect(parsed(chunks.join('')).slice(1).flat()).toEqual([
      "'=SUM(A1:A2)",
      "'@cmd",
      '\'+HYPERLINK("x")',
      "'-2+3",
      '+44 20 7946 0958',
      '-12.5',
      'plain',
    ]);
  });

  it('writes only the header for an empty list', async () => {
    const { chunks, rows } = await collect(arraySource<Person>([]), COLUMNS);
    expect(rows).toBe(0);
    expect(parsed(chunks.join(''))).toEqual([['Number', 'Name', 'Company, town', 'Points']]);
  });

  it('reads 20,000 rows page by page, pausing before every page, and reports progress from 0', async () => {
    const all = people(20_000);
    const events: string[] = [];
    const source: RowSource<Person> = {
      total: all.length,
      readPage: async (offset, limit) => {
        events.push(`read ${offset}+${limit}`);
        return all.slice(offset, offset + limit);
      },
    };
    const progress: CsvProgress[] = [];
    const { chunks, rows } = await collect(source, COLUMNS, {
      pageSize: 1_500,
      pause: async () => void events.push('pause'),
      onProgress: (p) => progress.push(p),
    });
    expect(rows).toBe(20_000);
    const pages = Math.ceil(20_000 / 1_500);
    // Strictly alternating: nothing reads (or writes) two pages in one task.
    expect(events).toEqual(
      Array.from({ length: pages }, (_, i) => [
        'pause',
        `read ${i * 1_500}+${Math.min(1_500, 20_000 - i * 1_500)}`,
      ]).flat(),
    );
    expect(chunks).toHaveLength(1 + pages);
    expect(progress[0]).toEqual({ done: 0, total: 20_000 });
    expect(progress.at(-1)).toEqual({ done: 20_000, total: 20_000 });
    expect(progress.map((p) => p.done)).toEqual([
      0,
      ...Array.from({ length: pages }, (_, i) => Math.min((i + 1) * 1_500, 20_000)),
    ]);
    const table = parsed(chunks.join(''));
    expect(table).toHaveLength(20_001);
    expect(table[20_000]).toEqual(['20000', 'Customer 20000', '', '19999']);
    expect(new Set(table.slice(1).map((row) => row[0])).size).toBe(20_000);
  });

  it('stops at a short page when the list shrank meanwhile, counting what it wrote', async () => {
    const all = people(10);
    const source: RowSource<Person> = {
      total: 25,
      readPage: (offset, limit) => all.slice(offset, offset + limit),
    };
    const { chunks, rows } = await collect(source, COLUMNS, { pageSize: 4 });
    expect(rows).toBe(10);
    expect(parsed(chunks.join(''))).toHaveLength(11);
  });

  it('stops reading once aborted and throws the reason', async () => {
    const controller = new AbortController();
    const reads: number[] = [];
    const all = people(100);
    const source: RowSource<Person> = {
      total: all.length,
      readPage: (offset, limit) => {
        reads.push(offset);
        return all.slice(offset, offset + limit);
      },
    };
    const run = collect(source, COLUMNS, {
      pageSize: 10,
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 20) controller.abort(new DOMException('The clerk cancelled', 'AbortError'));
      },
    });
    await expect(run).rejects.toThrow('The clerk cancelled');
    expect(reads).toEqual([0, 10]);
  });

  it('refuses to start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const generator = csvChunks(arraySource(people(3)), COLUMNS, { signal: controller.signal });
    await expect(generator.next()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
