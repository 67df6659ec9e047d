/**
 * A supplier's CSV text into rows of cells, with papaparse (the parser the list export writes with,
 * src/lib/csv/csvChunks.ts), never our own splitting: quotes, embedded commas and line breaks, CRLF.
 * Pure (no DOM), so it is tested in Node; it lives beside the screen because src/db may not load papaparse
 * (eslint/runtimeBoundaries.js).
 *
 * The text is parsed a chunk at a time: after each chunk the parser is paused and the thread given back,
 * so a 5,000-row file never freezes the window, and the progress bar moves from the first chunk. A UTF-8
 * byte order mark (Excel's "CSV UTF-8") is dropped; the delimiter is guessed among comma, semicolon
 * (Excel in much of Europe) and tab (a copy from a spreadsheet).
 */
import Papa from 'papaparse';
import { yieldToMain } from '../../../db/yieldingRead';

export interface ParsedCsv {
  rows: string[][];
  /** The delimiter found: ',', ';' or '\t'. */
  delimiter: string;
}

export interface ParseOptions {
  /** Characters per chunk: about 20,000 rows' worth of a short order form in the default. */
  chunkSize?: number;
  yieldNow?: () => Promise<void>;
  /** How far through the text the parser is, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export const DELIMITERS = [',', ';', '\t'];

const DEFAULT_CHUNK = 64 * 1024;

export function parseCsv(text: string, options: ParseOptions = {}): Promise<ParsedCsv> {
  const input = text.replace(/^\ufeff/, '');
  const yieldNow = options.yieldNow ?? yieldToMain;
  const rows: string[][] = [];
  let delimiter: string | null = null;
  return new Promise((resolve, reject) => {
    if (input.trim() === '') {
      resolve({ rows, delimiter: ',' });
      return;
    }
    Papa.parse<string[]>(input, {
      delimitersToGuess: DELIMITERS,
      skipEmptyLines: 'greedy',
      chunkSize: options.chunkSize ?? DEFAULT_CHUNK,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        delimiter ??= results.meta.delimiter;
        for (const row of results.data) rows.push(row);
        options.onProgress?.(Math.min(1, results.meta.cursor / input.length));
        parser.pause();
        void yieldNow().then(() => {
          if (options.signal?.aborted) {
            // Rejected first: papaparse's abort calls `complete`, which must not resolve a cancelled read.
            reject(options.signal.reason as Error);
            parser.abort();
          } else parser.resume();
        });
      },
      complete() {
        options.onProgress?.(1);
        resolve({ rows, delimiter: delimiter ?? ',' });
      },
      error(error: Error) {
        reject(error);
      },
    });
  });
}
