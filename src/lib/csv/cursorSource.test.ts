/**
 * Sources read in order by a cursor: pages follow on, a row gone meanwhile is passed over without ending the
 * export early, and a page asked out of order is refused (the cursor cannot jump).
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvChunks, type RowSource } from './csvChunks';
import { cursorSource, keyedSource } from './cursorSource';

const NAME = [{ header: 'Name', value: (row: { name: string }) => row.name }];

async function csvOf<Row extends { name: string }>(source: RowSource<Row>) {
  let text = '';
  for await (const chunk of csvChunks(source, NAME, { pageSize: 4, pause: async () => {} })) text += chunk;
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1).flat();
}

describe('keyedSource', () => {
  it('reads the rows of the keys in their order, filling a page past rows gone meanwhile', async () => {
    const rows = new Map([3, 1, 4, 5, 9, 2, 6].map((id) => [id, { name: `Ødegård, ${id}` }]));
    const batches: number[][] = [];
    const source = keyedSource([3, 1, 4, 5, 9, 2, 6], async (keys: number[]) => {
      batches.push(keys);
      if (batches.length === 1) rows.delete(4);
      return keys.map((key) => rows.get(key));
    });
    expect(source.total).toBe(7);
    expect(await csvOf(source)).toEqual([
      'Ødegård, 3',
      'Ødegård, 1',
      'Ødegård, 5',
      'Ødegård, 9',
      'Ødegård, 2',
      'Ødegård, 6',
    ]);
    // The first page lost 4 and took 2 from the next keys: [3, 1, 4, 5] then [9].
    expect(batches).toEqual([[3, 1, 4, 5], [9], [2, 6]]);
  });
});

describe('cursorSource', () => {
  it('continues where the last page stopped, and refuses a page out of order', async () => {
    let next = 0;
    const source = cursorSource(10, async (limit) =>
      Array.from({ length: Math.min(limit, 10 - next) }, () => ({ name: `Row ${next++}` })),
    );
    expect(await source.readPage(0, 4)).toHaveLength(4);
    await expect(Promise.resolve(source.readPage(0, 4))).rejects.toThrow(RangeError);
    expect((await source.readPage(4, 4)).map((row) => row.name)).toEqual([
      'Row 4',
      'Row 5',
      'Row 6',
      'Row 7',
    ]);
  });
});
