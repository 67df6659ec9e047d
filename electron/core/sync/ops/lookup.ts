/**
 * Reads made on the engine's behalf (current records, reconciliation lookups): they follow the engine's abort
 * signal, and a search is read to its last page.
 */
import type { OperationId } from '../../../../src/api/endpoints';
import type { CallInput, CallOutput } from '../../api/types';
import type { OpRunContext } from '../opKind';

/** Call options for reads: they follow the engine's abort signal. */
export const callOptions = (context: OpRunContext) => (context.signal ? { signal: context.signal } : {});

interface Page<T = unknown> {
  data: T[] | null;
  total_records: number;
}

const LOOKUP_PAGE_SIZE = 500;
/** Far beyond any real window; past it the lookup is not trusted to be complete. */
const MAX_PAGES = 40;

/**
 * Every row of a search, page by page. A reconciliation that saw only part of the candidates could call an
 * applied create absent and duplicate it, so running out of pages is an error, never a partial answer.
 */
async function allPages<T>(fetchPage: (pageNumber: number) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, total_records } = await fetchPage(page);
    rows.push(...(data ?? []));
    if (!data?.length || rows.length >= total_records) return rows;
  }
  throw new Error(`A search returned more than ${MAX_PAGES} pages; not deciding on part of it`);
}

/** The operations that answer a page of rows. */
type SearchOperation = {
  [Id in OperationId]: CallOutput<Id> extends Page ? Id : never;
}[OperationId];
type RowOf<Id extends OperationId> = CallOutput<Id> extends { data: (infer Row)[] | null } ? Row : never;

/** Every row a search matches, page by page (its page_number and page_size are set here). */
export function searchAll<Id extends SearchOperation>(
  context: OpRunContext,
  id: Id,
  input: CallInput<Id>,
): Promise<RowOf<Id>[]> {
  return allPages(async (page_number) => {
    const query = { ...input.query, page_number, page_size: LOOKUP_PAGE_SIZE };
    // Id is generic, so the compiler cannot pair this input with it; every search takes these two parameters.
    const page = await context.client.call(id, { ...input, query } as CallInput<Id>, callOptions(context));
    return page as Page<RowOf<Id>>;
  });
}
