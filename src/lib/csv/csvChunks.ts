/**
 * A list as CSV text, a page of rows at a time (issue #27: every list exports what it shows). Pure: no DOM,
 * so it runs in the renderer, a worker or a Node test alike. Quoting is papaparse's `unparse` (RFC 4180:
 * commas, quotes, line breaks), never our own.
 *
 * Choices:
 *   - CRLF between records: RFC 4180's line break, what Excel on Windows writes and reads; every other reader
 *     (LibreOffice, Numbers, papaparse, Python's csv) takes it too. A line break inside a quoted value stays as typed.
 *   - A UTF-8 byte order mark first: without it Excel reads the file in the computer's legacy code page and
 *     "Müller" or "Søren" come out garbled; LibreOffice, Numbers and papaparse skip the mark.
 *   - A value that would start a spreadsheet formula (=, @, a tab or carriage return, or + / - not followed by
 *     only a number) is written with a leading apostrophe (papaparse's `escapeFormulae`, OWASP's advice
 *     against CSV injection): customer data arrives from elsewhere and the clerk opens the file in Excel.
 *     Phone numbers (+44 20…) and negative amounts stay as they are.
 */
import Papa from 'papaparse';

/** One column of the file: its header and what a row puts under it (null: an empty cell). */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null;
}

/**
 * Where the rows come from, in the list's order: a count up front (for the progress bar) and pages by offset,
 * so a source over Dexie reads only one page at a time. A page shorter than asked ends the export early.
 */
export interface RowSource<Row> {
  total: number;
  readPage(offset: number, limit: number): Promise<readonly Row[]> | readonly Row[];
}

export interface CsvProgress {
  done: number;
  total: number;
}

export interface CsvChunkOptions {
  /** Stops the export before the next page; the generator then throws the signal's reason. */
  signal?: AbortSignal;
  /** Called with 0 of the total before the first page is read, then after every page. */
  onProgress?: (progress: CsvProgress) => void;
  /** Rows per page: one page is read and turned into text in one task, well under 50 ms (see the test). */
  pageSize?: number;
  /** Waits between pages so the window can paint and answer input; the screen passes src/lib/afterPaint.ts. */
  pause?: () => Promise<void>;
}

export const CSV_NEWLINE = '\r\n';
export const UTF8_BOM = '\uFEFF';
export const CSV_PAGE_SIZE = 500;
/** Formula starters; + and - only when what follows is not just a number (a phone, a negative amount). */
export const FORMULA_START = /^(?:[=@\t\r]|[+-](?![\d\s().,/]*$))/;

const UNPARSE: Papa.UnparseConfig = { newline: CSV_NEWLINE, escapeFormulae: FORMULA_START };

/** A task boundary without the DOM: the default pause. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A source over rows already in memory (a list screen's filtered, sorted rows). */
export function arraySource<Row>(rows: readonly Row[]): RowSource<Row> {
  return { total: rows.length, readPage: (offset, limit) => rows.slice(offset, offset + limit) };
}

/**
 * The CSV text in chunks: the mark and the header line first, then one chunk per page, each ending in CRLF.
 * Returns the number of rows written.
 */
export async function* csvChunks<Row>(
  source: RowSource<Row>,
  columns: readonly CsvColumn<Row>[],
  options: CsvChunkOptions = {},
): AsyncGenerator<string, number, void> {
  const { signal, onProgress, pageSize = CSV_PAGE_SIZE, pause = nextTask } = options;
  if (!(pageSize >= 1)) throw new RangeError(`pageSize must be at least 1, not ${pageSize}`);
  signal?.throwIfAborted();
  const total = source.total;
  onProgress?.({ done: 0, total });
  yield UTF8_BOM + Papa.unparse([columns.map((column) => column.header)], UNPARSE) + CSV_NEWLINE;
  let done = 0;
  while (done < total) {
    await pause();
    signal?.throwIfAborted();
    const limit = Math.min(pageSize, total - done);
    const page = (await source.readPage(done, limit)).slice(0, limit);
    signal?.throwIfAborted();
    if (page.length === 0) break;
    const cells = page.map((row) => columns.map((column) => column.value(row)));
    yield Papa.unparse(cells, UNPARSE) + CSV_NEWLINE;
    done += page.length;
    onProgress?.({ done, total });
    if (page.length < limit) break;
  }
  return done;
}
