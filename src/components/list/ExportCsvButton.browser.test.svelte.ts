/**
 * ExportCsvButton in Chromium: the bar and "Exporting … of … rows…" move a page at a time (the test holds
 * each pause between pages), the saved file holds the header and every row; Cancel saves nothing and says so;
 * a failing read is explained; nothing to export leaves the button disabled.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { arraySource, type CsvColumn, type RowSource } from '../../lib/csv/csvChunks';
import { mountInPage } from '../testing/mountInPage';
import ExportCsvButton from './ExportCsvButton.svelte';

interface Item {
  code: string;
  name: string;
}

const COLUMNS: CsvColumn<Item>[] = [
  { header: 'Code', value: (item) => item.code },
  { header: 'Name', value: (item) => item.name },
];

const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ code: `C${i + 1}`, name: `Léa, "${i + 1}"` }));

/** A pause the test lets go of, one page at a time. */
function heldPauses() {
  const waiting: (() => void)[] = [];
  return {
    pause: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async release() {
      await expect.poll(() => waiting.length).toBeGreaterThan(0);
      waiting.shift()!();
    },
  };
}

function button(source: RowSource<Item>, count: number, pause: () => Promise<void>) {
  const saved: { file: Blob; name: string }[] = [];
  mountInPage(ExportCsvButton, {
    columns: COLUMNS,
    rows: () => source,
    fileName: () => 'items.csv',
    count,
    pause,
    save: (file: Blob, name: string) => saved.push({ file, name }),
  });
  return saved;
}

describe('ExportCsvButton', () => {
  it('shows the rows done of the total page by page, then saves every row', async () => {
    const held = heldPauses();
    const saved = button(arraySource(items(1_200)), 1_200, held.pause);
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await expect.element(page.getByText('Exporting 0 of 1,200 rows…')).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Export progress' });
    await expect.element(bar).toHaveAttribute('max', '1200');
    await held.release();
    await expect.element(page.getByText('Exporting 500 of 1,200 rows…')).toBeVisible();
    await expect.element(bar).toHaveAttribute('value', '500');
    expect(saved).toEqual([]);
    await held.release();
    await expect.element(page.getByText('Exporting 1,000 of 1,200 rows…')).toBeVisible();
    await held.release();
    await expect.element(page.getByText('Exported 1,200 rows to items.csv.')).toBeVisible();
    expect(saved.map((s) => s.name)).toEqual(['items.csv']);
    const { data, errors } = Papa.parse<string[]>(await saved[0]!.file.text(), { skipEmptyLines: true });
    expect(errors).toEqual([]);
    expect(data).toHaveLength(1_201);
    expect(data[0]).toEqual(['Code', 'Name']);
    expect(data[1_200]).toEqual(['C1200', 'Léa, "1200"']);
  });

  it('cancels midway: no file, the outcome said, the button back', async () => {
    const held = heldPauses();
    const saved = button(arraySource(items(1_200)), 1_200, held.pause);
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await held.release();
    await expect.element(page.getByText('Exporting 500 of 1,200 rows…')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await held.release();
    await expect.element(page.getByText('Export cancelled; no file was saved.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('explains a failed read and saves nothing', async () => {
    const source: RowSource<Item> = {
      total: 10,
      readPage: () => Promise.reject(new Error('the cache could not be read')),
    };
    const saved = button(source, 10, async () => {});
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(
        'Could not export the list (the cache could not be read); no file was saved. Try again.',
      );
    expect(saved).toEqual([]);
  });

  it('has nothing to export from an empty list', async () => {
    button(arraySource([]), 0, async () => {});
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
