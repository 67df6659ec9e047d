/**
 * For browser tests of "Export CSV": the files the window would save through ../downloadCsv.ts are kept
 * instead (the object URL is a stand-in and the link's click does nothing), and read back as a spreadsheet
 * would. One home, so every list's export test checks its file the same way.
 */
import Papa from 'papaparse';
import { expect, vi } from 'vitest';

export interface KeptDownloads {
  readonly files: Blob[];
  /** Downloads go back to the browser's own behaviour. */
  restore(): void;
}

export function keepDownloads(): KeptDownloads {
  const files: Blob[] = [];
  const url = vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
    files.push(file as Blob);
    return 'blob:kept';
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    files,
    restore() {
      url.mockRestore();
      click.mockRestore();
    },
  };
}

/** A saved CSV's records, header first, as papaparse reads them; the file must parse without an error. */
export async function csvRecords(file: Blob): Promise<string[][]> {
  const { data, errors } = Papa.parse<string[]>(await file.text(), { skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}
