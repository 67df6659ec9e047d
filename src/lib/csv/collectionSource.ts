/**
 * A row source over a Dexie collection or table (anything with `count`, `offset` and `limit`), for a list whose
 * rows are not all in memory: one page read per export step, in the collection's order. Typed by shape, so
 * this module imports no Dexie and stays pure. Dexie's offset walks past the skipped rows, so the pages of a
 * long export cost a little more each; a list of 20,000 is 40 pages of 500.
 */
import type { RowSource } from './csvChunks';

export interface PagedCollection<Row> {
  count(): Promise<number>;
  offset(skip: number): { limit(take: number): { toArray(): Promise<Row[]> } };
}

/**
 * Counts the collection once (the progress bar's total), then reads it page by page. `open` makes the
 * collection afresh for each page: Dexie's `offset` and `limit` change the collection they are called on, so
 * one reused collection would skip further on every page.
 */
export async function collectionSource<Row>(open: () => PagedCollection<Row>): Promise<RowSource<Row>> {
  return {
    total: await open().count(),
    readPage: (offset, limit) => open().offset(offset).limit(limit).toArray(),
  };
}
