/**
 * An export from start to file: the chunks of ./csvChunks.ts gathered into one Blob and handed to `save`
 * (./downloadCsv.ts in the window). The Blob is made only once every page is written, so a cancelled or failed
 * export saves nothing. Pure apart from Blob (in browsers and Node alike), so it is tested in Node.
 */
import { csvChunks, type CsvChunkOptions, type CsvColumn, type RowSource } from './csvChunks';

export type SaveFile = (file: Blob, fileName: string) => void;

export interface ExportCsvOptions<Row> extends CsvChunkOptions {
  source: RowSource<Row>;
  columns: readonly CsvColumn<Row>[];
  fileName: string;
  save: SaveFile;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';

/** Writes the rows and saves the file; resolves with the number of rows written. */
export async function exportCsv<Row>(options: ExportCsvOptions<Row>): Promise<{ rows: number }> {
  const { source, columns, fileName, save, ...chunkOptions } = options;
  const parts: string[] = [];
  const chunks = csvChunks(source, columns, chunkOptions);
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      options.signal?.throwIfAborted();
      save(new Blob(parts, { type: CSV_TYPE }), fileName);
      return { rows: next.value };
    }
    parts.push(next.value);
  }
}

/** The local date as yyyy-mm-dd: what every spreadsheet reads as a date, whatever its language. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A record's date-time as the day it fell on here (yyyy-mm-dd) for a CSV cell; missing or unreadable: null. */
export function csvDay(iso: string | null | undefined): string | null {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? null : localDay(new Date(at));
}

/** "customers-2026-11-27.csv": the list's name and the local date, safe on every file system. */
export function csvFileName(list: string, at: Date): string {
  const safe = list.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${localDay(at)}.csv`;
}
